export const DEFAULT_AFTER_LOGIN = '/home';

/**
 * The `?redirect=` target after sign-in: only a same-origin relative path (starting with one `/`),
 * never the login page itself; anything else gives /home.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(raw, 'http://eterno.invalid');
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== 'http://eterno.invalid' || url.pathname === '/login' || url.pathname.startsWith('/login/')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
