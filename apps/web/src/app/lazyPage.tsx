import { createElement, lazy, type ComponentType } from 'react';

export type PageModule<P> = { default: ComponentType<P> };

export type LazyPage = {
  /** Fetches the page's chunk (idempotent); loaders await it so a page renders without a Suspense flash. */
  load(): Promise<unknown>;
  /** The route component: the page once loaded, a React.lazy placeholder before. */
  Component: ComponentType;
};

/**
 * A page in its own chunk. Unlike a route's `lazy`, which React Router starts fetching for every
 * matched route before any loader settles, the chunk is fetched only by `load()` or by rendering,
 * so a guarded page is never downloaded for a visitor who is redirected to the login page.
 */
export function lazyPage<P extends object>(importer: () => Promise<PageModule<P>>, props?: P): LazyPage {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  const load = (): Promise<PageModule<P>> => {
    pending ??= importer().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(load);
  function Page() {
    return createElement(loaded ?? Lazy, props as P & object);
  }
  return { load, Component: Page };
}
