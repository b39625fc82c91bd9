export const DEFAULT_AFTER_LOGIN = '/home';

/**
 * What a router or a browser reads as leaving the current origin: a scheme (`https:`,
 * `javascript:`…) or a network-path reference (`//host`, and `/\host`, which browsers read as `//host`).
 */
const LEAVES_ORIGIN = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2}|\/\\)/i;

/**
 * The `?redirect=` target after sign-in, as a path inside `origin` (the app's own,
 * `location.origin`): the raw value is resolved against the origin like a browser would
 * (`new URL(raw, origin)`: tabs/newlines dropped, backslashes read as slashes, dot segments
 * removed, …); only a result of the same origin counts, and the app navigates to its normalised
 * path + query + hash. That string must itself stay inside the origin when read again: a
 * normalised path such as `//evil.example/x` (from `/.//evil.example/x`) is a host to a browser,
 * so it is refused. Anything refused, and the login page itself, gives /home.
 */
export function safeRedirect(raw: string | null | undefined, origin: string): string {
  if (!raw) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== origin) return DEFAULT_AFTER_LOGIN;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return DEFAULT_AFTER_LOGIN;
  const target = pathOf(url);
  if (!target.startsWith('/') || LEAVES_ORIGIN.test(target)) return DEFAULT_AFTER_LOGIN;
  const again = new URL(target, origin);
  if (again.origin !== origin || pathOf(again) !== target) return DEFAULT_AFTER_LOGIN;
  return target;
}

const pathOf = (url: URL): string => `${url.pathname}${url.search}${url.hash}`;
