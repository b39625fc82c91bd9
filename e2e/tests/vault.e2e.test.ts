/**
 * The vault against the real stack (anvil + EternoVault + indexer + API + web, Chromium): a deposit
 * becomes a bill and a contribution; a withdrawal settles (the wallet's token balance up by exactly
 * the amount, a withdraw bill linked to its transaction); an amount above the withdrawable balance
 * sends no request at all; a refusal in the wallet releases the reservation; an expired voucher is
 * returned (timeout return) and the user withdraws again; the exchange shows its quote before the
 * wallet opens and moves exactly the quoted amounts; the bill filters by type; the data index shows
 * the vault's solvency figures of one block and checks the holdings on chain at that block.
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
import { advanceTime, chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet, type TestWallet } from '../src/testWallet.ts';
import {
  apiCall,
  billRow,
  depositFromNode,
  fundFromAlice,
  giveFon,
  recordApiRequests,
  requestVoucher,
  sendVoucher,
  sessionTokenOf,
  tokenBalanceOf,
  vaultNonce,
  waitForTxPhase,
} from '../src/vault.ts';
import { until } from '../src/wait.ts';
import { expectReallyVisible, successToast } from '../src/visible.ts';

// The data index's liabilities and free reserve are vault-wide: vouchers other files signed (and
// kept reserved after their revert) would change them.
const e2e = useE2E({ ownStack: true });
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

type Ledger = {
  token: string;
  released: string;
  withdrawn: string;
  reserved: string;
  available: string;
  contributed: string;
};

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
  await until(
    `available ${available}`,
    async () => (await ledgerOf(session, token))?.available === available.toString(),
    {
      timeoutMs: 60_000,
      intervalMs: 250,
    },
  );
}

async function expectText(page: Page, testId: string, expected: string, timeoutMs = 30_000): Promise<void> {
  const locator = page.getByTestId(testId);
  let seen: string | null = null;
  await until(
    `${testId} to read "${expected}"`,
    async () => {
      seen = await locator.textContent({ timeout: 2_000 });
      if (seen !== expected) throw new Error(`it reads "${seen}"`);
      return true;
    },
    { timeoutMs },
  );
}

/** The `eth_sendTransaction`s the wallet was asked for: where to, and the gas limit the app set. */
function sentTxs(wallet: TestWallet): Array<{ to: string; gas: bigint | null }> {
  return wallet.requests('eth_sendTransaction').map((request) => {
    const tx = request.params[0] as { to: string; gas?: string };
    return { to: tx.to.toLowerCase(), gas: tx.gas !== undefined ? BigInt(tx.gas) : null };
  });
}

const withdrawForm = (page: Page) => page.getByTestId('withdraw-form');
const voucherState = (page: Page) => page.getByTestId('voucher-card').getAttribute('data-state', { timeout: 2_000 });

async function untilVoucherState(page: Page, state: string, timeoutMs = 60_000): Promise<void> {
  await until(`the voucher to be ${state}`, async () => (await voucherState(page)) === state, {
    timeoutMs,
    intervalMs: 250,
  });
}

describe('vault: deposit', () => {
  test('a deposit through the form becomes a deposit bill with its transaction, the accumulated contribution and the data index follow', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const vault = d.contracts.EternoVault;
    const amount = parseEther('250.5');
    await fundFromAlice(stack.rpcUrl, d.contracts.USDT, testAccount(7).address, parseEther('1000'));
    const { page, wallet, address } = await signedIn(7, '/assets/overview/usdt');
    const walletBefore = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    const vaultBefore = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, vault);

    await page.getByTestId('tab-deposit').click();
    await page.getByTestId('deposit-amount').fill('250.5');
    wallet.clearRequests();
    await page.getByTestId('deposit-submit').click();
    await waitForTxPhase(page.getByTestId('deposit-form'), 'confirmed');
    await expectReallyVisible(successToast(page));
    // approve, then diveInWithToken on the vault
    expect(sentTxs(wallet).map((tx) => tx.to)).toEqual([d.contracts.USDT.toLowerCase(), vault.toLowerCase()]);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(walletBefore - amount);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, vault)).toBe(vaultBefore + amount);

    // The asset detail's bill: the deposit, linked to the diveIn transaction.
    const row = billRow(page, 'deposit', amount);
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    const hash = await row.locator('[data-hash]').getAttribute('data-hash');
    const receipt = await chainClients(stack.rpcUrl).public.getTransactionReceipt({ hash: hash as `0x${string}` });
    expect(receipt.to?.toLowerCase()).toBe(vault.toLowerCase());
    expect(await row.textContent()).toContain(`+${usdt(amount)} USDT`);

    // The contribution bill: the ledger's contributed figure and the same entry.
    await page.goto(`${stack.webUrl}/assets/experience`);
    await expectText(page, 'contributed-USDT', usdt(amount), 60_000);
    await billRow(page, 'deposit', amount).waitFor({ state: 'visible', timeout: 60_000 });
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
    // The app checks the server's holdings on chain at the block of its figures.
    await until(
      'the holdings checked on chain',
      async () => (await page.getByTestId('chain-check-USDT').getAttribute('data-match')) === 'true',
    );
  });
});

describe('vault: withdraw', () => {
  test('withdraw → settled: one withdraw transaction with 300,000 gas, the wallet up by exactly the amount, a withdraw bill', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const vault = d.contracts.EternoVault;
    const { page, wallet, session, address } = await signedIn(4, '/assets/overview/usdt');
    await fundAndDeposit(4, parseEther('500'), parseEther('300'));
    await untilAvailable(session, parseEther('300'));
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('300'))} USDT` }),
    );
    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);

    await page.getByTestId('withdraw-amount').fill('120');
    wallet.clearRequests();
    await page.getByTestId('withdraw-submit').click();
    await waitForTxPhase(withdrawForm(page), 'confirmed');
    await expectReallyVisible(successToast(page));
    expect(sentTxs(wallet)).toEqual([{ to: vault.toLowerCase(), gas: 300_000n }]);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before + parseEther('120'));

    await untilVoucherState(page, 'settled');
    await untilAvailable(session, parseEther('180'));
    const row = billRow(page, 'withdraw', -parseEther('120'));
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await row.textContent()).toContain(`−${usdt(parseEther('120'))} USDT`);
    const hash = await row.locator('[data-hash]').getAttribute('data-hash');
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await page.getByTestId('voucher-card').locator('[data-hash]').getAttribute('data-hash')).toBe(hash);
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('180'))} USDT` }),
    );
  });

  test('an amount above the withdrawable balance shows "Insufficient balance" and requests nothing', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page, wallet, session } = await signedIn(8, '/assets/overview/usdt');
    await fundAndDeposit(8, parseEther('100'), parseEther('50'));
    await untilAvailable(session, parseEther('50'));
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('50'))} USDT` }),
    );
    const requests = recordApiRequests(page, stack.apiUrl);
    wallet.clearRequests();

    await page.getByTestId('withdraw-amount').fill('80');
    await expectText(page, 'withdraw-problem', text('en', 'errors', 'INSUFFICIENT_BALANCE'));
    await page.getByTestId('withdraw-submit').click();
    await page.waitForTimeout(1_500);
    expect(requests.list().filter((r) => r.method === 'POST')).toEqual([]);
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await page.getByTestId('voucher-card').count()).toBe(0);
    expect((await ledgerOf(session, d.contracts.USDT))?.reserved).toBe('0');
  });

  test('a refusal in the wallet cancels the voucher: the reservation is released, nothing moved on chain', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page, wallet, session, address } = await signedIn(5, '/assets/overview/usdt');
    await fundAndDeposit(5, parseEther('200'), parseEther('100'));
    await untilAvailable(session, parseEther('100'));
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('100'))} USDT` }),
    );
    const requests = recordApiRequests(page, stack.apiUrl);
    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    wallet.configure({ transactions: 'reject' });

    await page.getByTestId('withdraw-amount').fill('60');
    await page.getByTestId('withdraw-submit').click();
    await waitForTxPhase(withdrawForm(page), 'failed');
    await untilVoucherState(page, 'cancelled');
    const posts = requests
      .list()
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);
    expect(posts).toHaveLength(2);
    expect(posts[0]).toBe('/vault/withdrawals');
    expect(posts[1]).toMatch(/^\/vault\/withdrawals\/[^/]+\/cancel$/);
    const ledger = await ledgerOf(session, d.contracts.USDT);
    expect(ledger?.reserved).toBe('0');
    expect(ledger?.available).toBe(parseEther('100').toString());
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('100'))} USDT` }),
    );
    expect(await vaultNonce(stack.rpcUrl, d, address, 1)).toBe(0n);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before);
  });

  test('a voucher not sent before its deadline is returned (timeout return), and the user withdraws again', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page, session, address } = await signedIn(6, '/assets/overview/usdt');
    await fundAndDeposit(6, parseEther('200'), parseEther('100'));
    await untilAvailable(session, parseEther('100'));
    // The user asked for a voucher and never sent it (the app was closed).
    const voucher = await requestVoucher(stack.apiUrl, session, d.contracts.USDT, parseEther('40'));
    await untilAvailable(session, parseEther('60'));
    await untilVoucherState(page, 'open');
    const lifetime = Number(BigInt(voucher.deadline) - (await chainClients(stack.rpcUrl).public.getBlock()).timestamp);
    await advanceTime(stack.rpcUrl, lifetime + 1);

    await untilVoucherState(page, 'expired');
    await untilAvailable(session, parseEther('100'));
    const returned = billRow(page, 'timeout_return', parseEther('40'));
    await returned.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await returned.textContent()).toContain(text('en', 'bills', 'noTx'));
    await billRow(page, 'withdraw', -parseEther('40')).waitFor({ state: 'visible' });
    // The returned amount is withdrawable again on the screen, then withdrawn again.
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', { amount: `${usdt(parseEther('100'))} USDT` }),
    );

    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    await page.getByTestId('withdraw-amount').fill('40');
    await page.getByTestId('withdraw-submit').click();
    await waitForTxPhase(withdrawForm(page), 'confirmed');
    await untilVoucherState(page, 'settled');
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before + parseEther('40'));
    await untilAvailable(session, parseEther('60'));
  });
});

describe('vault: exchange', () => {
  test('the signed quote is shown before the wallet opens; the exchange moves exactly the quoted amounts', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const { page, wallet, address } = await signedIn(2, '/finance/exchange');
    await page.getByTestId('exchange-form').waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('radio', { name: 'USDT → EUSD' }).check();
    await page.getByTestId('exchange-amount').fill('100');
    wallet.clearRequests();
    await page.getByTestId('exchange-quote').click();
    await page.getByTestId('exchange-quote-card').waitFor({ state: 'visible', timeout: 30_000 });
    // 1:1 less the 3 % fee, in EUSD; nothing asked of the wallet yet.
    const fee = parseEther('3');
    const receive = parseEther('97');
    expect(await page.getByTestId('quote-receive').textContent()).toBe(
      `${formatTokenAmount(receive, 'EUSD', { grouping: true })} EUSD`,
    );
    expect(await page.getByTestId('quote-fee').textContent()).toBe(
      `${formatTokenAmount(fee, 'EUSD', { grouping: true })} EUSD`,
    );
    expect(await page.getByTestId('quote-countdown').textContent()).toMatch(/\d/);
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);

    const usdtBefore = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    const eusdBefore = await tokenBalanceOf(stack.rpcUrl, d.contracts.EUSD, address);
    await page.getByTestId('exchange-confirm').click();
    await page.getByTestId('exchange-done').waitFor({ state: 'visible', timeout: 90_000 });
    await expectReallyVisible(successToast(page));
    // The cleared form shows no problem after the success (it said "Please enter an amount").
    expect(await page.getByTestId('exchange-form').getByRole('alert').count()).toBe(0);
    expect(sentTxs(wallet).map((tx) => tx.to)).toEqual([
      d.contracts.USDT.toLowerCase(),
      d.contracts.EternoVault.toLowerCase(),
    ]);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(usdtBefore - parseEther('100'));
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.EUSD, address)).toBe(eusdBefore + receive);
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
    expect(await filter.locator('option').count()).toBe(27); // "All types" and the 26 of ANY_BILL_TYPES
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
  // Accounts 10 and 11 (FON given here): each screenshot test makes a voucher, and a voucher stays
  // in the server's store when the chain is reverted, so no other test may use these accounts.
  for (const [viewport, index] of [
    ['portrait', 10],
    ['landscape', 11],
  ] as const) {
    test(`contribution bill and data index at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      const stack = e2e.stack();
      const d = stack.deployments;
      await mkdir(SHOTS_DIR, { recursive: true });
      const user = testAccount(index).address;
      await giveFon(stack.rpcUrl, user, parseEther('10'));
      await fundFromAlice(stack.rpcUrl, d.contracts.USDT, user, parseEther('1500'));
      await fundFromAlice(stack.rpcUrl, d.contracts.EUSD, user, parseEther('500'));
      const { page, session } = await signedIn(index, '/assets/experience', viewport);
      await depositFromNode(stack.rpcUrl, d, index, d.contracts.USDT, parseEther('1200'));
      await depositFromNode(stack.rpcUrl, d, index, d.contracts.EUSD, parseEther('300'));
      await untilAvailable(session, parseEther('1200'));
      const voucher = await requestVoucher(stack.apiUrl, session, d.contracts.USDT, parseEther('200'));
      await sendVoucher(stack.rpcUrl, d, index, d.contracts.USDT, voucher);
      await untilAvailable(session, parseEther('1000'));
      for (const lang of ['en', 'zh'] as const) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        for (const [path, ready] of [
          ['/assets/experience', 'contributed-USDT'],
          ['/assets/data', 'holdings-USDT'],
          ['/assets/overview/usdt', 'bill-row'],
        ] as const) {
          await page.goto(`${stack.webUrl}${path}`);
          await tabBar(page, lang).waitFor({ state: 'visible' });
          await page.getByTestId(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
          await until(
            `${ready} loaded`,
            async () => (await page.getByTestId(ready).first().getAttribute('aria-busy')) !== 'true',
          );
          if (path === '/assets/experience') await page.getByTestId('bill-row').first().waitFor({ state: 'visible' });
          if (path === '/assets/data') {
            await expectText(page, 'deposited-USDT', `${usdt(parseEther('1200'))} USDT`, 60_000);
            await expectText(
              page,
              'deposited-EUSD',
              `${formatTokenAmount(parseEther('300'), 'EUSD', { grouping: true })} EUSD`,
              60_000,
            );
          }
          expect(await errorScreen(page).allInnerTexts()).toEqual([]);
          const name = path.slice(1).replace(/\//g, '-');
          await page.screenshot({ path: join(SHOTS_DIR, `${name}.${viewport}.${lang}.png`) });
        }
      }
    });
  }
});
