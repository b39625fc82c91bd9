/**
 * web.login_initial_js_gzip_kb: the JavaScript a first visit to /login needs. Chromium loads
 * /login from the served production build; every JavaScript response fetched until the login page
 * is rendered (its "Connect wallet" button visible) and the network is idle is gzipped with Node's
 * zlib at level 9, and the sizes are summed. 1 kB = 1000 bytes (as Vite reports sizes).
 * `demoWallet: false` serves the page a config without the local demo wallet, as on a real
 * deployment (the local stack's config enables it).
 */
import { gzipSync } from 'node:zlib';
import { connectButton } from '@eterno/e2e/app';
import { launchBrowser } from '@eterno/e2e/browser';

export const GZIP_LEVEL = 9;

export type JsFile = { path: string; rawBytes: number; gzipBytes: number };
export type LoginJs = { files: JsFile[]; rawBytes: number; gzipBytes: number };

function isJavaScript(url: string, contentType: string): boolean {
  return new URL(url).pathname.endsWith('.js') || /javascript|ecmascript/i.test(contentType);
}

export async function measureLoginJs(webUrl: string, opts: { demoWallet?: boolean } = {}): Promise<LoginJs> {
  const browser = await launchBrowser({ viewport: 'portrait' });
  try {
    const { page } = browser;
    if (opts.demoWallet === false) {
      await page.route('**/config.json', async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, json: { ...((await res.json()) as object), demoWallet: false } });
      });
    }
    const pending: Array<Promise<JsFile | null>> = [];
    page.on('response', (res) => {
      if (!isJavaScript(res.url(), res.headers()['content-type'] ?? '')) return;
      pending.push(
        res.body().then(
          (body) => ({
            path: new URL(res.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(`${webUrl}/login`, { waitUntil: 'load' });
    await connectButton(page).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== null);
    return {
      files,
      rawBytes: files.reduce((s, f) => s + f.rawBytes, 0),
      gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    };
  } finally {
    await browser.close();
  }
}
