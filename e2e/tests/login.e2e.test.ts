/**
 * The route guard, the wallet connection flow (spec §4) and sign-in (SIWE), driven in Chromium
 * against the real stack with the injected test wallet.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { hexToString, isHex, type Address } from 'viem';
import {
  connectButton,
  loginLanguageSwitch,
  markPage,
  modal,
  pageWasReloaded,
  pathOf,
  sessionStorageOf,
  shortAddress,
  signInVia,
  text,
  tokenOf,
} from '../src/app.ts';
import { useE2E } from '../src/fixture.ts';
import { balanceTexts, waitForBalances } from '../src/balances.ts';
import { readBalances, testAccount } from '../src/chain.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();

const CHAIN_ID_HEX = '0x3113e'; // 201022

describe('route guard', () => {
  test('a deep link without a wallet goes to /login with the full path, query and hash as redirect', async () => {
    const { page } = await e2e.browser();
    await page.goto(`${e2e.stack().webUrl}/assets/overview?x=1#h`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fassets%2Foverview%3Fx%3D1%23h');
    await connectButton(page).waitFor({ state: 'visible' });
  });

  test('/ without a wallet goes to /login with the encoded target', async () => {
    const { page } = await e2e.browser();
    await page.goto(`${e2e.stack().webUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    const u = new URL(page.url());
    expect(u.search).toMatch(/^\?redirect=%2F/);
    expect(['/', '/home', '/home/eterno']).toContain(u.searchParams.get('redirect'));
  });

  test('every section is behind the guard', async () => {
    const { page } = await e2e.browser();
    for (const path of [
      '/home/trend',
      '/finance/stake',
      '/market/eusd',
      '/ecology/defi',
      '/mine/setting',
      '/assets/swap',
    ]) {
      await page.goto(`${e2e.stack().webUrl}${path}`);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    }
  });
});

describe('connect and sign in', () => {
  test('signs a SIWE message, lands on the redirect target, keeps the token, cancels /login, shows the short address', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await page.goto(`${stack.webUrl}/assets/overview?x=1#h`);
    await page.waitForURL((u) => u.pathname === '/login');
    await connectButton(page).click();
    await page.waitForURL((u) => `${u.pathname}${u.search}${u.hash}` === '/assets/overview?x=1#h', { timeout: 60_000 });

    const signs = wallet.requests('personal_sign');
    expect(signs).toHaveLength(1);
    const [data, signer] = signs[0]!.params as [string, string];
    expect(signer.toLowerCase()).toBe(wallet.address.toLowerCase());
    const message = isHex(data) ? hexToString(data) : data;
    expect(message).toContain(`${new URL(stack.webUrl).host} wants you to sign in with your Ethereum account:`);
    expect(message).toContain(wallet.address);
    expect(message).toContain('Chain ID: 201022');
    expect(wallet.requests().every((r) => r.via === 'ethereum')).toBe(true);

    const storage = await sessionStorageOf(page);
    const token = tokenOf(storage, wallet.address);
    expect(token, `sessionStorage ${JSON.stringify(storage)}`).toBeTruthy();

    // The short form of the address is shown to the signed-in user (Mine holds the account).
    await page.goto(`${stack.webUrl}/mine/today`);
    await page.getByText(shortAddress(wallet.address)).first().waitFor({ state: 'visible' });

    // With an address, going to /login is cancelled: the app stays in (or returns to) the app.
    await page.goto(`${stack.webUrl}/login`);
    await until('leaving /login', () => new URL(page.url()).pathname !== '/login', { timeoutMs: 15_000 });
    await connectButton(page)
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(tokenOf(await sessionStorageOf(page), wallet.address)).toBe(token);
  });

  test('a second-party wallet (window.okxwallet) is preferred over window.ethereum', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, inject: 'second-party' });
    await signInVia(page, stack.webUrl, '/home/eterno');
    expect(wallet.requests('personal_sign')).toHaveLength(1);
    const via = new Set(wallet.requests().map((r) => r.via));
    expect([...via]).toEqual(['okxwallet']);
  });
});

describe('sign out', () => {
  test('Mine › settings › Sign out ends the session on the server: the token no longer opens /account', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/mine/setting');
    const token = tokenOf(await sessionStorageOf(page), wallet.address);
    expect(token).toBeTruthy();
    const account = () => fetch(`${stack.apiUrl}/account`, { headers: { authorization: `Bearer ${token}` } });
    expect((await account()).status).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(tokenOf(await sessionStorageOf(page), wallet.address)).toBeFalsy();
    const after = await account();
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });
});

describe('open redirect (issue 7)', () => {
  /** The reported query (`/.//evil.example/x`) and its `/%2e//` and `/..//` spellings, as they appear in the address bar. */
  const HOSTILE = ['%2F.%2F%2Fevil.example%2Fx', '%2F%2e%2F%2Fevil.example%2Fx', '%2F..%2F%2Fevil.example%2Fx'];

  /** Every request or navigation to evil.example is recorded and aborted (no DNS lookup leaves the test). */
  async function watchEvil(page: Page): Promise<string[]> {
    const seen: string[] = [];
    const isEvil = (url: URL): boolean => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example');
    await page.route(isEvil, async (route) => {
      seen.push(route.request().url());
      await route.abort();
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && isEvil(new URL(frame.url()))) seen.push(frame.url());
    });
    return seen;
  }

  test('signing in on /login?redirect=/.//evil.example/x stays in the app', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    const evil = await watchEvil(page);
    await page.goto(`${stack.webUrl}/login?redirect=${HOSTILE[0]}`);
    await connectButton(page).click();
    await page.waitForURL((u) => u.pathname.startsWith('/home'), { timeout: 60_000 });
    expect(new URL(page.url()).origin).toBe(new URL(stack.webUrl).origin);
    expect(evil).toEqual([]);
  });

  test('signed in, opening /login with a hostile redirect goes to /home, never to another origin', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    const evil = await watchEvil(page);
    await signInVia(page, stack.webUrl, '/assets/overview');
    for (const redirect of HOSTILE) {
      await page.goto(`${stack.webUrl}/login?redirect=${redirect}`);
      await page.waitForURL((u) => u.pathname.startsWith('/home'), { timeout: 30_000 });
      expect(new URL(page.url()).origin, redirect).toBe(new URL(stack.webUrl).origin);
    }
    expect(evil).toEqual([]);
  });
});

describe("the web server's Content-Security-Policy (issue 7)", () => {
  test('blocks nothing the app does: /login in both languages, the demo wallet, sign-in, the signed-in screen', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await page.addInitScript({
      content: `window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push(e.effectiveDirective + " " + e.blockedURI));`,
    });
    const response = await page.goto(`${stack.webUrl}/assets/overview`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`connect-src 'self' ${new URL(stack.rpcUrl).origin} ${new URL(stack.apiUrl).origin}`);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.waitForURL((u) => u.pathname === '/login');

    await loginLanguageSwitch(page, 'en').getByRole('button', { name: '中文' }).click();
    await connectButton(page, 'zh').waitFor({ state: 'visible' });
    await loginLanguageSwitch(page, 'zh').getByRole('button', { name: 'English' }).click();
    await connectButton(page, 'en').waitFor({ state: 'visible' });

    const demo = page.getByRole('button', { name: /ETERNO Demo Wallet \(local\)/ });
    await demo.click();
    await page.waitForURL((u) => u.pathname === '/assets/overview', { timeout: 60_000 });
    const expected = balanceTexts(await readBalances(stack.rpcUrl, stack.deployments, testAccount(1).address));
    await waitForBalances(page, expected);
    expect(await page.evaluate('window.__cspViolations')).toEqual([]);
  });
});

describe('first load (issue 7)', () => {
  test("config.json is requested once, from index.html's preload, before the entry script has run", async () => {
    const { page } = await e2e.browser();
    const configRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.resourceType());
    });
    await page.goto(`${e2e.stack().webUrl}/login`);
    await connectButton(page).waitFor({ state: 'visible' });
    // A preload that the app's own fetch did not reuse would show up as a second request.
    expect(configRequests).toHaveLength(1);
    expect(await page.locator('link[rel="preload"][href="/config.json"][as="fetch"]').count()).toBe(1);
  });
});

describe('connection failures', () => {
  test("an account starting with T is refused with 'error account'", async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accounts: 'tron' });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page).click();
    await modal(page)
      .getByText(/error account/i)
      .waitFor({ state: 'visible' });
    expect(wallet.requests('personal_sign')).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionStorageOf(page)).not.toHaveProperty('eterno.address');
  });

  test('a wallet on another chain is asked to switch to 0x3113e, and the next connect signs in', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, chainId: 1 });
    await page.goto(`${stack.webUrl}/login?redirect=${encodeURIComponent('/home/eterno')}`);
    await connectButton(page).click();
    await until('wallet_switchEthereumChain', () => wallet.requests('wallet_switchEthereumChain').length > 0);
    const [switchReq] = wallet.requests('wallet_switchEthereumChain');
    expect(switchReq!.params).toEqual([{ chainId: CHAIN_ID_HEX }]);
    expect(wallet.requests('personal_sign')).toHaveLength(0);
    await modal(page)
      .getByText(text('en', 'login', 'empty.switch-requested'))
      .waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/login');

    // The wallet switched (and said so with chainChanged); connecting again signs in.
    await modal(page)
      .getByRole('button', { name: text('en', 'login', 'ok'), exact: true })
      .click();
    await modal(page).waitFor({ state: 'hidden' });
    await connectButton(page).click();
    await page.waitForURL((u) => u.pathname === '/home/eterno', { timeout: 60_000 });
    expect(wallet.requests('personal_sign')).toHaveLength(1);
  });

  test('a wallet that does not know the chain (4902) is asked to add it', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, chainId: 1, switchChain: 'unrecognized' });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page).click();
    await until('wallet_addEthereumChain', () => wallet.requests('wallet_addEthereumChain').length > 0);
    const methods = wallet.requests().map((r) => r.method);
    expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(methods.indexOf('wallet_addEthereumChain'));
    const [add] = wallet.requests('wallet_addEthereumChain');
    const params = add!.params[0] as {
      chainId: string;
      nativeCurrency: { symbol: string; decimals: number };
      rpcUrls: string[];
    };
    expect(params.chainId).toBe(CHAIN_ID_HEX);
    expect(params.nativeCurrency).toMatchObject({ symbol: 'FON', decimals: 18 });
    expect(params.rpcUrls).toEqual([stack.rpcUrl]);
    expect(wallet.requests('personal_sign')).toHaveLength(0);
  });

  test("no wallet at all: retried, then 'can not find web3 provider'", async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    // A deployment without the local demo wallet: nothing is injected and nothing is announced.
    await page.route('**/config.json', async (route) => {
      const res = await route.fetch();
      const config = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...config, demoWallet: false } });
    });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page).waitFor({ state: 'visible' });
    const started = Date.now();
    await connectButton(page).click();
    await modal(page)
      .getByText(/can not find web3 provider/i)
      .waitFor({ state: 'visible' });
    // Ten looks 100 ms apart: the failure cannot come before the ninth interval has passed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test("a refused account request logs 'login fail' and tells the user", async () => {
    const stack = e2e.stack();
    const session = await e2e.browser();
    const { page } = session;
    await installTestWallet(page, { rpcUrl: stack.rpcUrl, accounts: 'reject' });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page).click();
    await modal(page)
      .getByText(text('en', 'login', 'empty.login-fail'))
      .waitFor({ state: 'visible' });
    expect(session.consoleMessages.map((m) => m.text)).toContain('login fail');
  });

  test("an empty account list logs 'login fail, no account found' and tells the user", async () => {
    const stack = e2e.stack();
    const session = await e2e.browser();
    const { page } = session;
    await installTestWallet(page, { rpcUrl: stack.rpcUrl, accounts: 'empty' });
    await page.goto(`${stack.webUrl}/login`);
    await connectButton(page).click();
    await modal(page)
      .getByText(text('en', 'login', 'empty.no-account'))
      .waitFor({ state: 'visible' });
    expect(session.consoleMessages.map((m) => m.text)).toContain('login fail, no account found');
  });
});

describe('wallet events', () => {
  test('accountsChanged reloads the page at once; the other account is not signed in', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    const alice = wallet.address;
    await signInVia(page, stack.webUrl, '/assets/overview');
    await markPage(page);
    wallet.configure({ accountIndex: 2 });
    const bob: Address = testAccount(2).address;
    await wallet.emit('accountsChanged', [bob]);
    await until('the page to reload', () => pageWasReloaded(page), { timeoutMs: 10_000 });
    // After the reload the wallet shows bob, not the signed-in alice: the session is over.
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    expect(tokenOf(await sessionStorageOf(page), alice)).toBeUndefined();
  });

  test('chainChanged reloads the page after about a second, with a warning', async () => {
    const stack = e2e.stack();
    const session = await e2e.browser();
    const { page } = session;
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');
    await markPage(page);
    const warningsBefore = session.consoleMessages.filter((m) => m.type === 'warning').length;
    await wallet.emit('chainChanged', CHAIN_ID_HEX);
    await new Promise((r) => setTimeout(r, 300));
    expect(await pageWasReloaded(page)).toBe(false);
    await until('the page to reload', () => pageWasReloaded(page), { timeoutMs: 10_000 });
    expect(session.consoleMessages.filter((m) => m.type === 'warning').length).toBeGreaterThan(warningsBefore);
    // Same account, same chain: the session survives the reload.
    await page.waitForURL((u) => u.pathname === '/assets/overview');
    expect(tokenOf(await sessionStorageOf(page), wallet.address)).toBeTruthy();
  });
});

describe('local demo wallet', () => {
  test("with no injected wallet, the EIP-6963 'ETERNO Demo Wallet (local)' is offered and signs in as alice", async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await page.goto(`${stack.webUrl}/assets/overview`);
    await page.waitForURL((u) => u.pathname === '/login');
    const demo = page.getByRole('button', { name: /ETERNO Demo Wallet \(local\)/ });
    await demo.waitFor({ state: 'visible' });
    expect(await demo.innerText()).toContain(text('en', 'login', 'demoBadge'));
    await demo.click();
    await page.waitForURL((u) => u.pathname === '/assets/overview', { timeout: 60_000 });
    const alice = testAccount(1).address;
    expect(tokenOf(await sessionStorageOf(page), alice)).toBeTruthy();
    const expected = balanceTexts(await readBalances(stack.rpcUrl, stack.deployments, alice));
    await waitForBalances(page, expected);
    // After a reload the same demo wallet is found again and the session goes on.
    await page.reload();
    await waitForBalances(page, expected);
    expect(new URL(page.url()).pathname).toBe('/assets/overview');
  });

  test('switches to another seeded account in Mine › Settings: the page reloads, bob signs in and the app shows bob', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await page.goto(`${stack.webUrl}/mine/setting`);
    await page.waitForURL((u) => u.pathname === '/login');
    const demo = page.getByRole('button', { name: /ETERNO Demo Wallet \(local\)/ });
    await demo.click();
    await page.waitForURL((u) => u.pathname === '/mine/setting', { timeout: 60_000 });
    const alice = testAccount(1).address;
    const bob = testAccount(2).address;
    const switcher = page.getByTestId('demo-accounts');
    await switcher.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByTestId('demo-account-1').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('demo-account-2').innerText()).toMatch(/bob/);
    expect(await page.getByTestId('demo-account-2').innerText()).toMatch(shortAddress(bob));
    await page.locator('.account-chip').getByText(shortAddress(alice)).waitFor({ state: 'visible' });

    await markPage(page);
    await page.getByTestId('demo-account-2').click();
    // An account change, as with any wallet: the page reloads and alice's session ends.
    await until('the page to reload', () => pageWasReloaded(page), { timeoutMs: 10_000 });
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    expect(tokenOf(await sessionStorageOf(page), alice)).toBeUndefined();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/mine/setting');

    await demo.click();
    await page.waitForURL((u) => u.pathname === '/mine/setting', { timeout: 60_000 });
    expect(tokenOf(await sessionStorageOf(page), bob)).toBeTruthy();
    await page.locator('.account-chip').getByText(shortAddress(bob)).waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.getByTestId('demo-account-2').getAttribute('aria-pressed')).toBe('true');
    // bob's own balances, read from the chain.
    await page.goto(`${stack.webUrl}/assets/overview`);
    await waitForBalances(page, balanceTexts(await readBalances(stack.rpcUrl, stack.deployments, bob)));
  });

  test('the demo wallet is not offered when the config does not allow it', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    await page.route('**/config.json', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), demoWallet: false } });
    });
    await page.goto(`${stack.webUrl}/login`);
    await page.getByText(text('en', 'login', 'noWallets')).waitFor({ state: 'visible' });
    // The positive case announces within moments of the page settling; give it that chance.
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 1_000));
    await page.getByText(text('en', 'login', 'noWallets')).waitFor({ state: 'visible', timeout: 1_000 });
    expect(await page.getByRole('button', { name: /ETERNO Demo Wallet/ }).count()).toBe(0);
  });
});
