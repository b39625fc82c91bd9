/**
 * Finance against the real stack (anvil + EternoVault + indexer with its daily settlement + API +
 * web, Chromium), with the shipped settings (apps/server/settings/finance.json: package 1 = 100
 * USDT, limit 240 USDT, 0.5 % a day, 60 % in USDT and 40 % in ETRO; quota 50,000 USDT):
 * - a package bought through the screens (catalogue → subscribe → authorisation → approve exactly
 *   the price → `diveInWithToken`, 1,000,000 gas) → the success text → waiting with its queue
 *   place → the next settlement allots it (in progress) → the one after pays its first
 *   `finance income` (USDT and ETRO bills, to the wei) → 480 more days in one time jump → finished
 *   at exactly its limit, the income withdrawable;
 * - a regular (fixed-term) order to maturity, then withdrawn through the vault: the wallet's USDT
 *   up by exactly principal + interest;
 * - every refusal the issue lists shows its text and sends nothing.
 *
 * Every test starts from the deployed chain (snapshot/revert) and uses its own test account (12–18,
 * no other suite uses them): the server's store of unpaid authorisations is not reverted with the
 * chain. Accounts past 9 hold no FON: each test gives its account some.
 * Screenshots of the finance screens at 390×844 and 844×390, en and zh.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeFunctionData, erc20Abi, parseEther, type Address } from 'viem';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { usdtToEtro } from '@eterno/protocol/finance/rules';
import type { FinanceCatalogueJson } from '@eterno/protocol/financeApi';
import { registerAccounts } from '@eterno/devstack/referral';
import { errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { advanceTime, testAccount } from '../src/chain.ts';
import {
  etroPriceNow,
  ordersOf,
  pauseVault,
  payAuthorisation,
  regularOrdersOf,
  requestAuthorisation,
  toSettlement,
  waitForIndexedClock,
} from '../src/finance.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet, type TestWallet, type TestWalletOptions } from '../src/testWallet.ts';
import {
  apiCall,
  billRow,
  fundFromAlice,
  giveFon,
  recordApiRequests,
  sessionTokenOf,
  tokenBalanceOf,
  vaultNonce,
  waitForTxPhase,
} from '../src/vault.ts';
import { until } from '../src/wait.ts';
import { errorToast, expectReallyVisible, expectTextReallyVisible, successToast } from '../src/visible.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const usdt = (value: bigint) => `${formatTokenAmount(value, 'USDT', { grouping: true })} USDT`;
/** A text of a namespace with its {{placeholders}} filled. */
function filled(lang: Lang, namespace: string, key: string, params: Record<string, string> = {}): string {
  return text(lang, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? `{{${name}}}`);
}

type Signed = { page: Page; wallet: TestWallet; session: string; address: Address };

/**
 * Gives test account `index` FON for gas and `usdtAmount` USDT from alice, and registers it in the
 * referral tree under the deployer (a package needs a registered buyer) unless `register` is false.
 */
async function fund(index: number, usdtAmount: bigint, { register = true } = {}): Promise<Address> {
  const stack = e2e.stack();
  const user = testAccount(index).address;
  await giveFon(stack.rpcUrl, user, parseEther('10'));
  if (register) await registerAccounts(stack.rpcUrl, stack.deployments, [testAccount(index)]);
  if (usdtAmount > 0n) await fundFromAlice(stack.rpcUrl, stack.deployments.contracts.USDT, user, usdtAmount);
  return user;
}

/** Signs test account `index` in on `path` (a fresh browser), with its session token for API calls. */
async function signedIn(
  index: number,
  path: string,
  viewport: ViewportName = 'portrait',
  onRequest?: TestWalletOptions['onRequest'],
): Promise<Signed> {
  const stack = e2e.stack();
  const { page } = await e2e.browser({ viewport });
  const wallet = await installTestWallet(page, {
    rpcUrl: stack.rpcUrl,
    accountIndex: index,
    ...(onRequest ? { onRequest } : {}),
  });
  await signInVia(page, stack.webUrl, path);
  return { page, wallet, session: await sessionTokenOf(page, wallet.address), address: wallet.address };
}

type Ledger = { token: string; released: string; available: string; contributed: string };

/** The user's ledger row of `token` as `GET /vault/balances` answers it. */
async function ledgerOf(session: string, token: Address): Promise<Ledger | undefined> {
  const answer = await apiCall(e2e.stack().apiUrl, session, 'GET', '/vault/balances');
  if (answer.status !== 200) throw new Error(`GET /vault/balances answered ${answer.status}`);
  const { balances } = answer.body as { balances: Ledger[] };
  return balances.find((row) => row.token === token.toLowerCase());
}

async function expectText(page: Page, testId: string, expected: string, timeoutMs = 30_000): Promise<void> {
  const locator = page.getByTestId(testId);
  let seen: string | null = null;
  await until(
    `${testId} to read "${expected}"`,
    async () => {
      seen = await locator.first().textContent({ timeout: 2_000 });
      if (seen !== expected) throw new Error(`it reads "${seen}"`);
      return true;
    },
    { timeoutMs },
  );
}

/** The `eth_sendTransaction`s the wallet was asked for: where to, the gas limit, the calldata. */
function sentTxs(wallet: TestWallet): Array<{ to: string; gas: bigint | null; data: `0x${string}` }> {
  return wallet.requests('eth_sendTransaction').map((request) => {
    const tx = request.params[0] as { to: string; gas?: string; data?: `0x${string}` };
    return { to: tx.to.toLowerCase(), gas: tx.gas !== undefined ? BigInt(tx.gas) : null, data: tx.data ?? '0x' };
  });
}

/** The API's refusal of a request: its status and error code (and params). */
async function refusal(
  session: string,
  path: string,
  body: unknown,
): Promise<{ status: number; code: string; params?: Record<string, string> }> {
  const answer = await apiCall(e2e.stack().apiUrl, session, 'POST', path, body);
  const error = (answer.body as { error?: { code: string; params?: Record<string, string> } } | undefined)?.error;
  return { status: answer.status, code: error?.code ?? '(none)', ...(error?.params ? { params: error.params } : {}) };
}

/** The not-found screen of an unknown package id, in `lang`. */
async function expectNotFound(page: Page, lang: Lang, id: string): Promise<void> {
  const card = page.getByTestId('subscribe-not-found').getByRole('alert');
  expect(await card.locator('h3').textContent()).toBe(text(lang, 'finance', 'subscribe.notFoundTitle'));
  expect(await card.locator('p').textContent()).toBe(filled(lang, 'finance', 'subscribe.notFound', { id }));
}

/** Waits until every order of the user is indexed (none unpaid) and there are `count` of them. */
async function untilIndexed(session: string, count: number): Promise<void> {
  await until(
    `${count} indexed orders`,
    async () => {
      const orders = await ordersOf(e2e.stack().apiUrl, session);
      return orders.length === count && orders.every((o) => o.status !== 'unpaid');
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
}

async function catalogueOf(session: string): Promise<FinanceCatalogueJson> {
  const answer = await apiCall(e2e.stack().apiUrl, session, 'GET', '/finance/catalogue');
  if (answer.status !== 200) throw new Error(`GET /finance/catalogue answered ${answer.status}`);
  return answer.body as FinanceCatalogueJson;
}

const PRICE_1 = parseEther('100');
const LIMIT_1 = parseEther('240');
/** One settled day of package 1: 0.5 % of 100 USDT, 60 % of it in USDT and 40 % as ETRO value. */
const DAILY_1 = parseEther('0.5');
const DAILY_1_USDT = parseEther('0.3');
const DAILY_1_ETRO_VALUE = parseEther('0.2');

describe('finance: a package from purchase to finished', () => {
  test('buy through the screens → waiting with its queue place → next day in progress → finance income in the bills → 480 days later finished at its limit', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const vault = d.contracts.EternoVault;
    await fund(12, parseEther('250'));
    const { page, wallet, session, address } = await signedIn(12, '/finance/overview');

    // The catalogue: package 1 at its price, limit and cycles left.
    await expectText(page, 'package-1-price', usdt(PRICE_1), 60_000);
    await expectText(page, 'package-1-limit', usdt(LIMIT_1));
    await page.getByTestId('package-1-open').click();
    await page.waitForURL((u) => u.pathname === '/finance/overview/subscribe/1');
    await expectText(page, 'subscribe-payment', usdt(PRICE_1));
    await expectText(page, 'subscribe-limit', usdt(LIMIT_1));
    expect(await page.getByTestId('register-offer').count()).toBe(0);
    await expectText(
      page,
      'subscribe-balance',
      filled('en', 'finance', 'subscribe.balance', { amount: usdt(parseEther('250')) }),
    );

    const requests = recordApiRequests(page, stack.apiUrl);
    wallet.clearRequests();
    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    await page.getByTestId('subscribe-buy').click();
    await waitForTxPhase(page.getByTestId('subscribe'), 'confirmed');
    await expectReallyVisible(successToast(page));
    await expectTextReallyVisible(page.getByTestId('buy-success'));
    await expectText(
      page,
      'buy-success',
      text('en', 'common', 'buySuccess') + text('en', 'finance', 'subscribe.seeOrders'),
    );

    // One authorisation, then approve exactly the price and diveInWithToken with 1,000,000 gas.
    expect(
      requests
        .list()
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual(['/finance/purchases']);
    const txs = sentTxs(wallet);
    expect(txs.map((tx) => tx.to)).toEqual([d.contracts.USDT.toLowerCase(), vault.toLowerCase()]);
    const approve = decodeFunctionData({ abi: erc20Abi, data: txs[0]!.data });
    expect(approve.functionName).toBe('approve');
    expect(approve.args).toEqual([vault, PRICE_1]);
    expect(txs[1]!.gas).toBe(1_000_000n);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before - PRICE_1);

    // Waiting, first in the queue, on the orders tab.
    let orders: Awaited<ReturnType<typeof ordersOf>> = [];
    await until(
      'the order to be indexed',
      async () => {
        orders = await ordersOf(stack.apiUrl, session);
        return orders.length === 1 && orders[0]!.status === 'waiting';
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const order = orders[0]!;
    expect(order.packageId).toBe(1);
    expect(order.registrationType).toBe('first');
    expect(order.payment).toBe(PRICE_1.toString());
    expect(order.rewardLimit).toBe(LIMIT_1.toString());
    expect(order.queuePosition).toBe(1);
    await page.getByTestId('buy-success').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/finance/mine');
    const id = order.id;
    await expectText(page, `order-${id}-status`, text('en', 'finance', 'orders.status.waiting'), 60_000);
    await expectText(page, `order-${id}-queue`, `${filled('en', 'finance', 'orders.queue', { place: '1' })} ›`);
    await expectText(page, `order-${id}-payment`, `${usdt(PRICE_1)} · 1 unit`);

    // The package payment is a buy_package bill and the accumulated contribution.
    const ledger = await ledgerOf(session, d.contracts.USDT);
    expect(ledger?.contributed).toBe(PRICE_1.toString());
    expect(ledger?.available).toBe('0');

    // The next settlement (00:00 UTC of block time) allots it: in progress, nothing earned yet.
    await toSettlement(stack.rpcUrl);
    await expectText(page, `order-${id}-status`, text('en', 'finance', 'orders.status.in_progress'), 60_000);
    expect(await page.getByTestId(`order-${id}-queue`).count()).toBe(0);
    await expectText(
      page,
      `order-${id}-progress`,
      filled('en', 'finance', 'orders.progressValue', { gained: usdt(0n), limit: usdt(LIMIT_1) }),
    );

    // The one after pays the first day: 0.3 USDT and 0.2 USDT of ETRO at the day's pair price.
    const price = await etroPriceNow(stack.rpcUrl, d);
    const etroDay = usdtToEtro(DAILY_1_ETRO_VALUE, price);
    await toSettlement(stack.rpcUrl);
    await expectText(
      page,
      `order-${id}-progress`,
      filled('en', 'finance', 'orders.progressValue', { gained: usdt(DAILY_1), limit: usdt(LIMIT_1) }),
      60_000,
    );
    const [afterDay] = await ordersOf(stack.apiUrl, session);
    expect(afterDay?.gainedUsdt).toBe(DAILY_1_USDT.toString());
    expect(afterDay?.gainedEtro).toBe(etroDay.toString());
    await page.goto(`${stack.webUrl}/assets/overview/usdt`);
    await billRow(page, 'finance_income', DAILY_1_USDT).waitFor({ state: 'visible', timeout: 60_000 });
    await billRow(page, 'buy_package', -PRICE_1).waitFor({ state: 'visible', timeout: 60_000 });
    await page.goto(`${stack.webUrl}/assets/overview/etro`);
    await billRow(page, 'finance_income', etroDay).waitFor({ state: 'visible', timeout: 60_000 });

    // 480 days in one jump: every day is settled in turn; the order ends at exactly its limit.
    await toSettlement(stack.rpcUrl, 480);
    await until(
      'the order to be finished',
      async () => (await ordersOf(stack.apiUrl, session, 'past')).some((o) => o.id === id),
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
    const [finished] = await ordersOf(stack.apiUrl, session, 'past');
    expect(finished?.status).toBe('finished');
    expect(finished?.gained).toBe(LIMIT_1.toString());
    // 240 USDT of value in 480 days of 0.5 USDT: 144 USDT paid in USDT, the rest in ETRO.
    expect(finished?.gainedUsdt).toBe(parseEther('144').toString());
    expect(finished?.finishedAt).not.toBeNull();
    expect(await ordersOf(stack.apiUrl, session, 'active')).toEqual([]);
    expect((await ledgerOf(session, d.contracts.USDT))?.available).toBe(parseEther('144').toString());
    expect((await ledgerOf(session, d.contracts.ETRO))?.available).toBe(finished?.gainedEtro);

    await page.goto(`${stack.webUrl}/finance/past`);
    await expectText(page, `order-${id}-status`, text('en', 'finance', 'orders.status.finished'), 60_000);
    await expectText(
      page,
      `order-${id}-progress`,
      filled('en', 'finance', 'orders.progressValue', { gained: usdt(LIMIT_1), limit: usdt(LIMIT_1) }),
    );
    expect(await errorScreen(page).allInnerTexts()).toEqual([]);
  });
});

describe('finance: regular', () => {
  test('a 7-day regular order matures at the first settlement 7 days on and is withdrawn through the vault: the wallet up by exactly principal + interest', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const vault = d.contracts.EternoVault;
    await fund(13, parseEther('1500'));
    const { page, wallet, session, address } = await signedIn(13, '/finance/regular');
    const principal = parseEther('1000');
    // 1,000 USDT × 0.2 % × 7 days
    const interest = parseEther('14');

    await page
      .getByRole('radio', { name: new RegExp(`^${filled('en', 'finance', 'regular.product', { days: '7' })}`) })
      .check();
    await page.getByTestId('regular-amount').fill('1000');
    await expectText(page, 'regular-interest', usdt(interest));
    wallet.clearRequests();
    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    await page.getByTestId('regular-submit').click();
    await waitForTxPhase(page.getByTestId('regular-form'), 'confirmed');
    await expectText(page, 'regular-success', text('en', 'finance', 'regular.success'));
    expect(sentTxs(wallet).map((tx) => [tx.to, tx.gas])).toEqual([
      [d.contracts.USDT.toLowerCase(), expect.anything()],
      [vault.toLowerCase(), 1_000_000n],
    ]);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before - principal);

    let orders: Awaited<ReturnType<typeof regularOrdersOf>> = [];
    await until(
      'the regular order to be indexed',
      async () => {
        orders = await regularOrdersOf(stack.apiUrl, session);
        return orders.length === 1 && orders[0]!.state === 'active';
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const order = orders[0]!;
    expect(order.productId).toBe(101);
    expect(order.principal).toBe(principal.toString());
    expect(order.interest).toBe(interest.toString());
    await expectText(page, `regular-order-${order.id}-state`, text('en', 'finance', 'regular.states.active'), 60_000);
    await expectText(page, `regular-order-${order.id}-interest`, usdt(interest));
    expect((await ledgerOf(session, d.contracts.USDT))?.available).toBe('0');

    // Six settlements on: not yet matured.
    const settled = await toSettlement(stack.rpcUrl, 6);
    await until('the indexer to reach the block', async () => {
      const rounds = (await apiCall(stack.apiUrl, null, 'GET', '/finance/rounds')).body as { now: string };
      return BigInt(rounds.now) >= settled;
    });
    expect((await regularOrdersOf(stack.apiUrl, session))[0]?.state).toBe('active');

    // The settlement at or after start + 7 days matures it: principal + interest withdrawable.
    await toSettlement(stack.rpcUrl, 2);
    await expectText(page, `regular-order-${order.id}-state`, text('en', 'finance', 'regular.states.matured'), 60_000);
    await page.getByTestId('regular-withdraw').waitFor({ state: 'visible' });
    await until(
      'principal + interest available',
      async () => (await ledgerOf(session, d.contracts.USDT))?.available === (principal + interest).toString(),
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    await page.getByTestId('regular-withdraw').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/assets/overview/usdt');
    // The deposit (−principal) and, at maturity, the principal and the interest as two bills.
    await billRow(page, 'regular', -principal).waitFor({ state: 'visible', timeout: 60_000 });
    await billRow(page, 'regular', principal).waitFor({ state: 'visible', timeout: 60_000 });
    await billRow(page, 'regular', interest).waitFor({ state: 'visible', timeout: 60_000 });
    await expectText(
      page,
      'withdraw-balance',
      filled('en', 'vault', 'withdraw.available', {
        amount: `${formatTokenAmount(principal + interest, 'USDT', { grouping: true })} USDT`,
      }),
      60_000,
    );
    const walletBefore = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    await page.getByTestId('withdraw-amount').fill('1014');
    wallet.clearRequests();
    await page.getByTestId('withdraw-submit').click();
    await waitForTxPhase(page.getByTestId('withdraw-form'), 'confirmed');
    expect(sentTxs(wallet).map((tx) => [tx.to, tx.gas])).toEqual([[vault.toLowerCase(), 300_000n]]);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(walletBefore + principal + interest);
    await until('nothing left available', async () => (await ledgerOf(session, d.contracts.USDT))?.available === '0', {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
  });
});

describe('finance: refusals send nothing', () => {
  test('an unknown package is a not-found screen (en and zh); the API refuses an unknown package and an amount that is not the price, and a wallet outside the referral tree until it registers', async () => {
    const stack = e2e.stack();
    await fund(14, parseEther('500'), { register: false });
    const { page, wallet, session } = await signedIn(14, '/finance/overview/subscribe/42');
    const requests = recordApiRequests(page, stack.apiUrl);
    await page.getByTestId('subscribe-not-found').waitFor({ state: 'visible', timeout: 60_000 });
    await expectNotFound(page, 'en', '42');
    expect(await page.getByTestId('subscribe-buy').count()).toBe(0);
    await page.evaluate(`localStorage.setItem("lang", "zh")`);
    await page.goto(`${stack.webUrl}/finance/overview/subscribe/abc`);
    await page.getByTestId('subscribe-not-found').waitFor({ state: 'visible', timeout: 60_000 });
    await expectNotFound(page, 'zh', 'abc');
    expect(requests.list().filter((r) => r.method === 'POST')).toEqual([]);
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);

    // The API: an unknown package, an amount that is not the price — refused, nothing stored.
    expect(await refusal(session, '/finance/purchases', { packageId: 42, amount: PRICE_1.toString() })).toEqual({
      status: 404,
      code: 'PACKAGE_NOT_FOUND',
    });
    expect(
      await refusal(session, '/finance/purchases', { packageId: 1, amount: parseEther('99').toString() }),
    ).toMatchObject({ status: 422, code: 'AMOUNT_NOT_PACKAGE_PRICE', params: { price: '100' } });
    // The deployed referral registry: outside the tree, a package is refused NOT_REGISTERED; once
    // the wallet registered on chain, the same request is signed.
    expect((await catalogueOf(session)).registered).toBe(false);
    expect(await refusal(session, '/finance/purchases', { packageId: 1, amount: PRICE_1.toString() })).toEqual({
      status: 403,
      code: 'NOT_REGISTERED',
    });
    expect(await ordersOf(stack.apiUrl, session)).toEqual([]);
    await registerAccounts(stack.rpcUrl, stack.deployments, [testAccount(14)]);
    expect((await catalogueOf(session)).registered).toBe(true);
    const signed = await apiCall(stack.apiUrl, session, 'POST', '/finance/purchases', {
      packageId: 1,
      amount: PRICE_1.toString(),
    });
    expect(signed.status).toBe(201);
  });

  test('an authorisation that expires while the wallet approves: the payment is not sent, nothing is charged, no order appears', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    await fund(15, parseEther('300'));
    // The previous tests moved the chain days ahead and were reverted: the server must be back on the
    // chain's clock, or it would date the authorisation days ahead and it could not expire here.
    await waitForIndexedClock(stack.rpcUrl, stack.apiUrl);
    let stalled = false;
    const { page, wallet, session, address } = await signedIn(
      15,
      '/finance/overview/subscribe/1',
      'portrait',
      async (request) => {
        // The user leaves the approval prompt open past the authorisation's lifetime (30 minutes).
        if (request.method === 'eth_sendTransaction' && !stalled) {
          stalled = true;
          await advanceTime(stack.rpcUrl, 1_800 + 120);
        }
      },
    );
    await expectText(
      page,
      'subscribe-balance',
      filled('en', 'finance', 'subscribe.balance', { amount: usdt(parseEther('300')) }),
      60_000,
    );
    const before = await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address);
    wallet.clearRequests();
    await page.getByTestId('subscribe-buy').click();
    await waitForTxPhase(page.getByTestId('subscribe'), 'failed');
    // Only the approval went out; the expired payment was never sent.
    expect(sentTxs(wallet).map((tx) => tx.to)).toEqual([d.contracts.USDT.toLowerCase()]);
    const alert = await page.getByTestId('subscribe').getByTestId('tx-progress').innerText();
    expect(alert).toContain(text('en', 'errors', 'PURCHASE_EXPIRED'));
    await expectReallyVisible(errorToast(page, text('en', 'errors', 'PURCHASE_EXPIRED')));
    await expectTextReallyVisible(page.getByTestId('subscribe').getByTestId('tx-progress').getByRole('alert'));
    expect(await vaultNonce(stack.rpcUrl, d, address, 0)).toBe(0n);
    expect(await tokenBalanceOf(stack.rpcUrl, d.contracts.USDT, address)).toBe(before);
    // The lapsed authorisation is listed as unpaid no more once the API's clock (the indexed block
    // time) has passed its deadline; no order was ever indexed.
    await until(
      'the lapsed authorisation to be gone',
      async () => (await ordersOf(stack.apiUrl, session)).length === 0,
      {
        timeoutMs: 30_000,
        intervalMs: 250,
      },
    );
    expect(await page.getByTestId('buy-success').count()).toBe(0);
  });

  test('a paused vault: the subscribe screen says so and offers no buy; the API refuses with VAULT_PAUSED', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    await fund(16, parseEther('300'));
    await pauseVault(stack.rpcUrl, d);
    const { page, wallet, session } = await signedIn(16, '/finance/overview/subscribe/1');
    const requests = recordApiRequests(page, stack.apiUrl);
    await expectText(page, 'subscribe-paused', text('en', 'finance', 'subscribe.paused'), 60_000);
    expect(await page.getByTestId('subscribe-buy').count()).toBe(0);
    await page.goto(`${stack.webUrl}/finance/regular`);
    await page.getByTestId('regular-form').waitFor({ state: 'visible', timeout: 60_000 });
    await until('the deposit button disabled', () => page.getByTestId('regular-submit').isDisabled());
    expect(await page.getByTestId('regular-form').getByRole('alert').first().textContent()).toBe(
      text('en', 'finance', 'subscribe.paused'),
    );
    expect(await refusal(session, '/finance/purchases', { packageId: 1, amount: PRICE_1.toString() })).toMatchObject({
      code: 'VAULT_PAUSED',
    });
    expect(requests.list().filter((r) => r.method === 'POST')).toEqual([]);
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await ordersOf(stack.apiUrl, session)).toEqual([]);
  });

  test('cycles used up: after five orders of package 1 the screen says so (en and zh), offers no buy, and the API refuses', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    await fund(17, parseEther('600'));
    const { page, wallet, session } = await signedIn(17, '/finance/overview');
    for (let n = 1; n <= 5; n++) {
      const a = await requestAuthorisation(stack.apiUrl, session, 'package', 1, PRICE_1);
      expect(a.custom1).toBe(n === 1 ? '1' : '2');
      await payAuthorisation(stack.rpcUrl, d, 17, a);
      await untilIndexed(session, n);
    }
    expect((await catalogueOf(session)).packages.find((p) => p.id === 1)?.cyclesLeft).toBe(0);
    const requests = recordApiRequests(page, stack.apiUrl);
    wallet.clearRequests();
    await page.goto(`${stack.webUrl}/finance/overview/subscribe/1`);
    await page.getByTestId('cycles-used-up').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.getByTestId('cycles-used-up').locator('h3').textContent()).toBe(
      text('en', 'finance', 'subscribe.usedUpTitle'),
    );
    expect(await page.getByTestId('cycles-used-up').locator('p').textContent()).toBe(
      filled('en', 'errors', 'CYCLES_USED_UP', { max: '5' }),
    );
    expect(await page.getByTestId('subscribe-buy').count()).toBe(0);
    await page.evaluate(`localStorage.setItem("lang", "zh")`);
    await page.reload();
    await page.getByTestId('cycles-used-up').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.getByTestId('cycles-used-up').locator('h3').textContent()).toBe(
      text('zh', 'finance', 'subscribe.usedUpTitle'),
    );
    expect(await page.getByTestId('cycles-used-up').locator('p').textContent()).toBe(
      filled('zh', 'errors', 'CYCLES_USED_UP', { max: '5' }),
    );
    expect(requests.list().filter((r) => r.method === 'POST')).toEqual([]);
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await refusal(session, '/finance/purchases', { packageId: 1, amount: PRICE_1.toString() })).toMatchObject({
      code: 'CYCLES_USED_UP',
      params: { max: '5' },
    });
    // Another package still has its cycles.
    expect((await catalogueOf(session)).packages.find((p) => p.id === 2)?.cyclesLeft).toBe(5);
  });
});

describe('finance: screenshots', () => {
  for (const [viewport, index] of [
    ['portrait', 18],
    ['landscape', 19],
  ] as const) {
    test(`the finance screens at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      const stack = e2e.stack();
      const d = stack.deployments;
      await mkdir(SHOTS_DIR, { recursive: true });
      await fund(index, parseEther('2000'));
      const { page, session } = await signedIn(index, '/finance/overview', viewport);
      // An order in progress with a day of income, one waiting, and a regular order.
      await payAuthorisation(
        stack.rpcUrl,
        d,
        index,
        await requestAuthorisation(stack.apiUrl, session, 'package', 2, parseEther('500')),
      );
      await untilIndexed(session, 1);
      await toSettlement(stack.rpcUrl, 2);
      await until('in progress with income', async () => (await ordersOf(stack.apiUrl, session))[0]?.gained !== '0', {
        timeoutMs: 60_000,
      });
      await payAuthorisation(
        stack.rpcUrl,
        d,
        index,
        await requestAuthorisation(stack.apiUrl, session, 'package', 1, PRICE_1),
      );
      await untilIndexed(session, 2);
      await payAuthorisation(
        stack.rpcUrl,
        d,
        index,
        await requestAuthorisation(stack.apiUrl, session, 'regular', 103, parseEther('300')),
      );
      await until(
        'the regular order indexed',
        async () => (await regularOrdersOf(stack.apiUrl, session))[0]?.state === 'active',
        { timeoutMs: 60_000 },
      );
      const inProgress = (await ordersOf(stack.apiUrl, session)).find((o) => o.status === 'in_progress');
      for (const lang of ['en', 'zh'] as const) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        for (const [path, ready] of [
          ['/finance/overview', 'package-5'],
          ['/finance/overview/subscribe/2', 'subscribe-rules'],
          ['/finance/mine', `order-${inProgress?.id}-progress`],
          ['/finance/rights-issue', 'round-figures'],
          ['/finance/regular', 'regular-form'],
        ] as const) {
          await page.goto(`${stack.webUrl}${path}`);
          await tabBar(page, lang).waitFor({ state: 'visible' });
          await page.getByTestId(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
          expect(await errorScreen(page).allInnerTexts()).toEqual([]);
          const name = path.slice(1).replace(/\//g, '-');
          await page.screenshot({ path: join(SHOTS_DIR, `${name}.${viewport}.${lang}.png`) });
        }
      }
    });
  }
});
