import { createBrowserRouter, type DataRouter } from 'react-router';
import { getSession } from '../session/session.ts';
import { createRoutes, type RouteDeps } from './routes.tsx';

type PathLike = { pathname: string; search: string; hash: string };

/**
 * The hash of the location a loader is loading: the router's pending navigation, else its
 * current location (the initial load), else `fallback` (before the router exists).
 */
export function pendingHash(
  router: DataRouter | undefined,
  fallback: PathLike | undefined,
  pathAndSearch: string,
): string {
  const location: PathLike | undefined = router
    ? (router.state.navigation.location ?? router.state.location)
    : fallback;
  if (!location) return '';
  return `${location.pathname}${location.search}` === pathAndSearch ? location.hash : '';
}

/** Wires the routes to a router created by `create` (browser in the app, memory in tests). */
export function createAppRouterWith(
  create: (routes: ReturnType<typeof createRoutes>) => DataRouter,
  deps: Pick<RouteDeps, 'getSession'>,
  fallback: () => PathLike | undefined = () => undefined,
): DataRouter {
  let router: DataRouter | undefined;
  router = create(
    createRoutes({
      getSession: deps.getSession,
      hashOf: (pathAndSearch) => pendingHash(router, fallback(), pathAndSearch),
    }),
  );
  return router;
}

export function createAppRouter(): DataRouter {
  return createAppRouterWith(
    (routes) => createBrowserRouter(routes),
    { getSession },
    () => globalThis.location,
  );
}
