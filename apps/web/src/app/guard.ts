import { redirect } from 'react-router';
import { safeRedirect } from '../features/login/safeRedirect.ts';
import type { Session } from '../session/session.ts';

export type GuardDeps = {
  readonly getSession: () => Session | null;
  /**
   * The hash of the location being loaded. React Router strips the hash from a loader's request,
   * so the router supplies it (see router.tsx); '' when unknown.
   */
  readonly hashOf?: (pathAndSearch: string) => string;
};

/** `/login?redirect=<encoded full target>` (spec §2: the redirect query holds the encoded full target path). */
export function loginUrlFor(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}

function pathAndSearch(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Loader of the authenticated root: without a session, redirects to the login page with the full
 * target (path, query and hash) as `redirect`. Throws the redirect Response; returns null otherwise.
 */
export function requireSession(request: Request, deps: GuardDeps): null {
  if (deps.getSession()) return null;
  const target = pathAndSearch(request);
  throw redirect(loginUrlFor(`${target}${deps.hashOf?.(target) ?? ''}`));
}

/** Loader of `/login`: with a session, going to the login page is cancelled (spec §2) and the user goes to the redirect target or /home. */
export function cancelLoginWhenSignedIn(request: Request, deps: Pick<GuardDeps, 'getSession'>): null {
  if (!deps.getSession()) return null;
  const url = new URL(request.url);
  throw redirect(safeRedirect(url.searchParams.get('redirect'), url.origin));
}
