/**
 * The vault against the real stack (anvil + EternoVault + indexer + API + web, Chromium): a deposit
 * becomes a bill and a contribution; a withdrawal settles (the wallet's token balance up by exactly
 * the amount, a withdraw bill linked to its transaction); an amount above the withdrawable balance
 * sends no request at all; a refusal in the wallet releases the reservation; an expired voucher is
 * returned (timeout return) and the user withdraws again; the exchange shows its quote before the
 * wallet opens and moves exactly the quoted amounts; the bill filters by type; the data index puts
 * the vault's holdings read on chain beside the ledger's liabilities.
 *
 * Every test starts from the deployed chain (snapshot/revert) and uses its own test account: the
 * server's voucher store is not reverted with the chain, so an account's vouchers must not leak
 * into another test. Accounts 4–8 hold FON only; a test gives its account USDT from alice.
 * Screenshots of the contribution bill and the data index at 390×844 and 844×390, en and zh.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { parseEther, type Address } from 'viem';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet, type TestWallet } from '../src/testWallet.ts';
import {
  apiCall,
  billRow,
  contractOf,
  depositFromNode,
  fundFromAlice,
  requestVoucher,
  sendVoucher,
  sessionTokenOf,
  tokenBalanceOf,
} from '../src/vault.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const usdt = (value: bigint) => formatTokenAmount(value, 'USDT', { grouping: true });
/** A text of a namespace with its {{placeholders}} filled. */
function filled(lang: Lang, namespace: string, key: string, params: Record<string, string> = {}): string {
  return text(lang, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
}

type Signed = { page: Page; wallet: TestWallet; session: string; address: Address };

/** Signs test account `index` in on `path` (a fresh browser), with its session token for API calls. */
async function signedIn(index: number, path: string, viewport: ViewportName = 'portrait'): Promise<Signed> {
  const stack = e2e.stack();
  const { page } = await e2e.browser({ viewport });
  const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: index });
  await signInVia(page, stack.webUrl, path);
  return { page, wallet, session: await sessionTokenOf(page, wallet.address), address: wallet.address };
}

/** Gives test account `index` `amount` USDT and deposits `deposit` of it into the vault from Node. */
async function fundAndDeposit(index: number, amount: bigint, deposit: bigint): Promise<`0x${string}`> {
  const stack = e2e.stack();
  const d = stack.deployments;
  await fundFromAlice(stack.rpcUrl, d.contracts.USDT, testAccount(index).address, amount);
  return depositFromNode(stack.rpcUrl, d, index, d.contracts.USDT, deposit);
}

type Ledger = { token: string; released: string; withdrawn: string; reserved: string; available: string; contributed: string };

/** The user's ledger row of `token` as `GET /vault/balances` answers it. */
async function ledgerOf(session: string, token: Address): Promise<Ledger | undefined> {
  const answer = await apiCall(e2e.stack().apiUrl, session, 'GET', '/vault/balances');
  if (answer.status !== 200) throw new Error(`GET /vault/balances answered ${answer.status}`);
  const { balances } = answer.body as { balances: Ledger[] };
  return balances.find((row) => row.token === token.toLowerCase());
}

/** Waits until the indexed ledger shows `available` of USDT for the user. */
async function untilAvailable(session: string, available: bigint): Promise<void> {
  const token = e2e.stack().deployments.contracts.USDT;
  await until(`available ${available}`, async () => (await ledgerOf(session, token))?.available === available.toString(), {
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}

async function expectText(page: Page, testId: string, expected: string, timeoutMs = 30_000): Promise<void> {
  const locator = page.getByTestId(testId);
  await until(`${testId} to read "${expected}"`, async () => (await locator.textContent({ timeout: 2_000 })) === expected, {
    timeoutMs,
  });
}

describe('vault: contribution bill and data index', () => {
  test('a deposit shows as a deposit bill with its transaction and adds to the accumulated contribution; the data index follows', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const vault = contractOf(d, 'EternoVault');
    const amount = parseEther('250.5');
    const { page } = await signedIn(7, '/assets/experience');
    const hash = await fundAndDeposit(7, parseEther('1000'), amount);

    // The contribution bill: the ledger's contributed figure and the deposit entry, linked to its transaction.
    await expectText(page, 'contributed-USDT', usdt(amount), 60_000);
    const row = billRow(page, 'deposit', amount);
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await row.textContent()).toContain(`+${usdt(amount)} USDT`);
    expect(await row.locator('[data-hash]').getAttribute('data-hash')).toBe(hash);
    expect(await page.getByTestId('bill-filter').inputValue()).toBe('deposit');

    // The data index: the ledger's figures from the API, the vault's holdings from the chain.
    await page.goto(`${stack.webUrl}/assets/data`);
    const holdings = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, vault);
    const stats = (await apiCall(stack.apiUrl, null, 'GET', '/vault/stats')).body as {
      users: string;
      tokens: Array<{ symbol: string; deposited: string; liabilities: string }>;
    };
    const usdtStats = stats.tokens.find((token) => token.symbol === 'USDT');
    expect(usdtStats?.deposited).toBe(amount.toString());
    expect(usdtStats?.liabilities).toBe(amount.toString());
    await expectText(page, 'holdings-USDT', `${usdt(holdings)} USDT`);
    await expectText(page, 'deposited-USDT', `${usdt(amount)} USDT`);
    await expectText(page, 'liabilities-USDT', `${usdt(amount)} USDT`);
    await expectText(page, 'data-users', stats.users);
    expect(holdings).toBeGreaterThanOrEqual(amount);
    expect(await page.getByTestId('coverage-USDT').getAttribute('data-covered')).toBe('true');
  });
});

describe('vault: bills', () => {
  test('the bill filters by type: withdrawals only, deposits only, and a type with no entries', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page, session } = await signedIn(3, '/assets/overview/usdt');
    await depositFromNode(stack.rpcUrl, d, 3, d.contracts.USDT, parseEther('100'));
    await depositFromNode(stack.rpcUrl, d, 3, d.contracts.USDT, parseEther('40'));
    await untilAvailable(session, parseEther('140'));
    const voucher = await requestVoucher(stack.apiUrl, session, d.contracts.USDT, parseEther('30'));
    const withdrawHash = await sendVoucher(stack.rpcUrl, d, 3, d.contracts.USDT, voucher);
    await untilAvailable(session, parseEther('110'));

    const all = page.getByTestId('bill-row');
    await billRow(page, 'withdraw', -parseEther('30')).waitFor({ state: 'visible', timeout: 60_000 });
    await billRow(page, 'deposit', parseEther('40')).waitFor({ state: 'visible', timeout: 60_000 });
    // Newest first: the withdrawal, then the two deposits.
    expect(await all.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.type))).toEqual([
      'withdraw',
      'deposit',
      'deposit',
    ]);
    expect(await billRow(page, 'withdraw', -parseEther('30')).locator('[data-hash]').getAttribute('data-hash')).toBe(
      withdrawHash,
    );

    const filter = page.getByTestId('bill-filter');
    expect(await filter.locator('option').count()).toBe(25);
    await filter.selectOption('withdraw');
    await until('only withdrawals', async () => {
      const types = await all.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.type));
      return types.length === 1 && types[0] === 'withdraw';
    });
    await filter.selectOption('deposit');
    await until('only deposits', async () => {
      const amounts = await all.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.amount));
      return amounts.join() === [parseEther('40'), parseEther('100')].join();
    });
    await filter.selectOption('lp_reward');
    await expectText(
      page,
      'bill-empty',
      filled('en', 'bills', 'emptyType', { type: text('en', 'bills', 'types.lp_reward') }),
    );
  });
});

describe('vault: screenshots', () => {
  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`contribution bill and data index at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      const stack = e2e.stack();
      const d = stack.deployments;
      await mkdir(SHOTS_DIR, { recursive: true });
      const { page, session } = await signedIn(2, '/assets/experience', viewport);
      await depositFromNode(stack.rpcUrl, d, 2, d.contracts.USDT, parseEther('1200'));
      await depositFromNode(stack.rpcUrl, d, 2, d.contracts.EUSD, parseEther('300'));
      await untilAvailable(session, parseEther('1200'));
      const voucher = await requestVoucher(stack.apiUrl, session, d.contracts.USDT, parseEther('200'));
      await sendVoucher(stack.rpcUrl, d, 2, d.contracts.USDT, voucher);
      await untilAvailable(session, parseEther('1000'));
      for (const lang of ['en', 'zh'] as const) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        for (const [path, ready] of [
          ['/assets/experience', 'contributed-USDT'],
          ['/assets/data', 'holdings-USDT'],
        ] as const) {
          await page.goto(`${stack.webUrl}${path}`);
          await tabBar(page, lang).waitFor({ state: 'visible' });
          await page.getByTestId(ready).waitFor({ state: 'visible', timeout: 60_000 });
          await until(`${ready} loaded`, async () => (await page.getByTestId(ready).getAttribute('aria-busy')) !== 'true');
          if (path === '/assets/experience') await page.getByTestId('bill-row').first().waitFor({ state: 'visible' });
          expect(await errorScreen(page).allInnerTexts()).toEqual([]);
          const name = path.slice(1).replace('/', '-');
          await page.screenshot({ path: join(SHOTS_DIR, `${name}.${viewport}.${lang}.png`) });
        }
      }
    });
  }
});
