/**
 * The test wallet itself, in a real Chromium page against a real anvil (no app): what the e2e
 * suites rely on must hold, or their assertions would be meaningless.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseEther, recoverMessageAddress, stringToHex, type Hex } from 'viem';
import { startAnvil, type Anvil } from '@eterno/devstack/anvil';
import { launchBrowser, type BrowserSession } from './browser.ts';
import { chainClients, testAccount } from './chain.ts';
import { installTestWallet, TRON_STYLE_ACCOUNT, type TestWalletOptions } from './testWallet.ts';
import { until } from './wait.ts';

let anvil: Anvil;
let server: Server;
let pageUrl: string;

beforeAll(async () => {
  anvil = await startAnvil();
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>t</title>'),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('no port');
  pageUrl = `http://127.0.0.1:${addr.port}/`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await anvil.stop();
});

async function open(opts: Partial<TestWalletOptions> = {}) {
  const browser = await launchBrowser();
  const wallet = await installTestWallet(browser.page, { rpcUrl: anvil.rpcUrl, ...opts });
  await browser.page.goto(pageUrl);
  return { browser, wallet };
}

/** Runs `provider.request(args)` in the page; answers `{ result }` or `{ code, message }`. */
function request(b: BrowserSession, args: { method: string; params?: unknown[] }, path = 'ethereum') {
  return b.page.evaluate(
    `window.${path}.request(${JSON.stringify(args)}).then((result) => ({ result }), (e) => ({ code: e.code, message: e.message }))`,
  ) as Promise<{ result?: unknown; code?: number; message?: string }>;
}

describe('test wallet', () => {
  test('answers accounts only after the user connected, and the chain id', async () => {
    const { browser, wallet } = await open();
    try {
      expect(wallet.address).toBe(testAccount(1).address);
      expect(await request(browser, { method: 'eth_accounts' })).toEqual({ result: [] });
      expect(await request(browser, { method: 'eth_requestAccounts' })).toEqual({ result: [wallet.address] });
      expect(await request(browser, { method: 'eth_accounts' })).toEqual({ result: [wallet.address] });
      expect(await request(browser, { method: 'eth_chainId' })).toEqual({ result: '0x3113e' });
      expect(wallet.requests().map((r) => r.method)).toEqual([
        'eth_accounts',
        'eth_requestAccounts',
        'eth_accounts',
        'eth_chainId',
      ]);
    } finally {
      await browser.close();
    }
  });

  test("personal_sign really signs with the account's key", async () => {
    const { browser, wallet } = await open();
    try {
      await request(browser, { method: 'eth_requestAccounts' });
      const message = 'Sign in to ETERNO';
      const { result } = await request(browser, {
        method: 'personal_sign',
        params: [stringToHex(message), wallet.address],
      });
      expect(await recoverMessageAddress({ message, signature: result as Hex })).toBe(wallet.address);
      const other = await request(browser, {
        method: 'personal_sign',
        params: [stringToHex(message), testAccount(2).address],
      });
      expect(other.code).toBe(4100);
    } finally {
      await browser.close();
    }
  });

  test('eth_sendTransaction is signed and mined on anvil; reads are forwarded', async () => {
    const { browser, wallet } = await open();
    try {
      await request(browser, { method: 'eth_requestAccounts' });
      const to = testAccount(5).address;
      const client = chainClients(anvil.rpcUrl).public;
      const before = await client.getBalance({ address: to });
      const { result: hash } = await request(browser, {
        method: 'eth_sendTransaction',
        params: [{ from: wallet.address, to, value: `0x${parseEther('1.5').toString(16)}` }],
      });
      const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase());
      expect(await client.getBalance({ address: to })).toBe(before + parseEther('1.5'));
      const { result: block } = await request(browser, { method: 'eth_blockNumber' });
      expect(BigInt(block as string)).toBe(receipt.blockNumber);
    } finally {
      await browser.close();
    }
  });

  test('refuses eth_sendTransaction with 4001 when configured, and nothing reaches the chain', async () => {
    const { browser, wallet } = await open({ transactions: 'reject' });
    try {
      await request(browser, { method: 'eth_requestAccounts' });
      const client = chainClients(anvil.rpcUrl).public;
      const nonce = await client.getTransactionCount({ address: wallet.address });
      const send = () =>
        request(browser, {
          method: 'eth_sendTransaction',
          params: [{ from: wallet.address, to: testAccount(5).address, value: '0x1' }],
        });
      expect((await send()).code).toBe(4001);
      expect(await client.getTransactionCount({ address: wallet.address })).toBe(nonce);
      wallet.configure({ transactions: 'sign' });
      const { result: hash } = await send();
      expect((await client.waitForTransactionReceipt({ hash: hash as Hex })).status).toBe('success');
    } finally {
      await browser.close();
    }
  });

  test('configurable refusals: rejected request (4001), Tron-style account, unknown chain (4902) then add', async () => {
    const { browser, wallet } = await open({ accounts: 'reject', chainId: 1, switchChain: 'unrecognized' });
    try {
      expect((await request(browser, { method: 'eth_requestAccounts' })).code).toBe(4001);
      wallet.configure({ accounts: 'tron' });
      expect(await request(browser, { method: 'eth_requestAccounts' })).toEqual({ result: [TRON_STYLE_ACCOUNT] });
      expect(await request(browser, { method: 'eth_chainId' })).toEqual({ result: '0x1' });
      const sw = await request(browser, { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x3113e' }] });
      expect(sw.code).toBe(4902);
      expect(await request(browser, { method: 'wallet_addEthereumChain', params: [{ chainId: '0x3113e' }] })).toEqual({
        result: null,
      });
      expect(await request(browser, { method: 'eth_chainId' })).toEqual({ result: '0x3113e' });
    } finally {
      await browser.close();
    }
  });

  test('second-party injection answers on window.okxwallet and window.ethereum, told apart', async () => {
    const { browser, wallet } = await open({ inject: 'second-party' });
    try {
      await request(browser, { method: 'eth_chainId' }, 'okxwallet');
      await request(browser, { method: 'eth_chainId' }, 'ethereum');
      expect(wallet.requests().map((r) => r.via)).toEqual(['okxwallet', 'ethereum']);
    } finally {
      await browser.close();
    }
  });

  test("nothing is injected with inject: 'none'", async () => {
    const { browser } = await open({ inject: 'none' });
    try {
      expect(await browser.page.evaluate('typeof window.ethereum')).toBe('undefined');
    } finally {
      await browser.close();
    }
  });

  test("Node-side emit reaches the page's listeners; removeListener stops them", async () => {
    const { browser, wallet } = await open();
    try {
      await browser.page.evaluate(`
        window.seen = [];
        window.onAccounts = (a) => window.seen.push(a);
        window.ethereum.on("accountsChanged", window.onAccounts);`);
      await wallet.emit('accountsChanged', ['0x0000000000000000000000000000000000000001']);
      await until('the event', async () => ((await browser.page.evaluate('window.seen.length')) as number) === 1);
      await browser.page.evaluate(`window.ethereum.removeListener("accountsChanged", window.onAccounts)`);
      await wallet.emit('accountsChanged', []);
      await new Promise((r) => setTimeout(r, 100));
      expect(await browser.page.evaluate('window.seen')).toEqual([['0x0000000000000000000000000000000000000001']]);
    } finally {
      await browser.close();
    }
  });
});
