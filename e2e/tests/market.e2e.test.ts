/**
 * Market › EUSD market against the real stack: alice lists 100 EUSD at 0.95 (every refusal of the list
 * sheet shown first, nothing sent), bob buys 30 of it (the buy sheet's refusals first), alice cancels
 * the rest from Market › orders. Balances are read from the chain and exact; the seller fee and the
 * buyer reward are `trade_unlock` bills. Screenshots at phone sizes in en and zh
 * (e2e/artifacts/screenshots/market.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createWalletClient, erc20Abi, maxUint256, parseUnits, type Address } from 'viem';
import type { Page } from 'playwright-core';
import type { BillsResponseJson } from '@eterno/protocol/vaultApi';
import { eusdMarketAbi } from '@eterno/protocol/generated/abis';
import { errorScreen, sessionStorageOf, signInVia, text, tokenOf, type Lang } from '../src/app.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';
import { expectReallyVisible, expectTextReallyVisible, successToast } from '../src/visible.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const e18 = (n: string) => parseUnits(n, 18);

const addresses = () => {
  const c = e2e.stack().deployments.contracts;
  return { market: c.EusdMarket as Address, eusd: c.EUSD, usdt: c.USDT };
};

async function balances(account: Address): Promise<{ eusd: bigint; usdt: bigint }> {
  const { public: client } = chainClients(e2e.stack().rpcUrl);
  const { eusd, usdt } = addresses();
  const read = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] });
  return { eusd: await read(eusd), usdt: await read(usdt) };
}

async function orderOf(id: bigint) {
  const { public: client } = chainClients(e2e.stack().rpcUrl);
  const [seller, unitPrice, remaining] = await client.readContract({
    address: addresses().market,
    abi: eusdMarketAbi,
    functionName: 'orderOf',
    args: [id],
  });
  return { seller, unitPrice, remaining };
}

/** Lists from Node as test account `index` (approve + list), for the screenshots' book. */
async function listFromNode(index: number, quantity: bigint, unitPrice: bigint): Promise<void> {
  const { chain, transport, public: client } = chainClients(e2e.stack().rpcUrl);
  const wallet = createWalletClient({ account: testAccount(index), chain, transport });
  const { market, eusd } = addresses();
  for (const hash of [
    await wallet.writeContract({ address: eusd, abi: erc20Abi, functionName: 'approve', args: [market, maxUint256] }),
    await wallet.writeContract({
      address: market,
      abi: eusdMarketAbi,
      functionName: 'list',
      args: [quantity, unitPrice],
    }),
  ]) {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
  }
}

async function waitForPhase(page: Page, phase: 'confirmed' | 'failed'): Promise<void> {
  await page
    .getByTestId('tx-progress')
    .and(page.locator(`[data-phase="${phase}"]`))
    .waitFor({ timeout: 60_000 });
}

/** A sheet closes itself once its transaction is confirmed (a failure keeps it open with the reason). */
async function waitForSheetConfirmed(page: Page, sheet: string): Promise<void> {
  await page.getByTestId(sheet).waitFor({ state: 'detached', timeout: 60_000 });
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

const problemOf = (page: Page, field: string) => page.getByTestId(`${field}-problem`).textContent();

/** The user's `trade_unlock` bills (token, amount), through the API with the page's session. */
async function tradeBills(page: Page, account: Address): Promise<string[][]> {
  const token = tokenOf(await sessionStorageOf(page), account);
  if (!token) throw new Error('no session token in the page');
  const res = await fetch(`${e2e.stack().apiUrl}/bills?type=trade_unlock&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as BillsResponseJson;
  return body.bills.map((b) => [b.token.toLowerCase(), b.amount]).sort();
}

describe('market › EUSD market', () => {
  test('list → partial buy by another account → cancel the rest: exact balances, fee and reward in the bills', async () => {
    const stack = e2e.stack();
    const { market, eusd, usdt } = addresses();
    const seller = await e2e.browser();
    const alice = await installTestWallet(seller.page, { rpcUrl: stack.rpcUrl, accountIndex: 1 });
    await signInVia(seller.page, stack.webUrl, '/market/eusd');
    const a0 = await balances(alice.address);

    // The list sheet refuses, in order, before anything is sent.
    const page = seller.page;
    await page.getByTestId('market-list-open').click();
    alice.clearRequests();
    await page.getByTestId('market-list-submit').click();
    expect(await problemOf(page, 'market-list-price')).toBe('Please enter the unit price');
    await page.getByTestId('market-list-price-input').fill('1.5');
    expect(await problemOf(page, 'market-list-price')).toBe('Your asking price is too high, please do not exceed 1!');
    await expectTextReallyVisible(page.getByTestId('market-list-price-problem'));
    await page.getByTestId('market-list-price-input').fill('0.95');
    expect(await problemOf(page, 'market-list-quantity')).toBe('Please enter the quantity');
    await page.getByTestId('market-list-quantity-input').fill('15');
    expect(await problemOf(page, 'market-list-quantity')).toBe('Trading multiples of 10');
    await page.getByTestId('market-list-quantity-input').fill('1000000');
    expect(await problemOf(page, 'market-list-quantity')).toBe('Insufficient balance');
    await page.getByTestId('market-list-submit').click();
    expect(alice.requests('eth_sendTransaction')).toEqual([]);

    await page.getByTestId('market-list-quantity-input').fill('100');
    expect(await page.getByTestId('market-list-receive').textContent()).toBe('92.15 USDT');
    await page.getByTestId('market-list-submit').click();
    await waitForSheetConfirmed(page, 'market-list-sheet');
    await expectReallyVisible(successToast(page));
    const sent = alice.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sent).toEqual([eusd.toLowerCase(), market.toLowerCase()]);
    expect(await orderOf(1n)).toEqual({ seller: alice.address, unitPrice: e18('0.95'), remaining: e18('100') });
    expect((await balances(alice.address)).eusd).toBe(a0.eusd - e18('100'));

    // Bob buys 30 of it.
    const buyer = await e2e.browser();
    const bob = await installTestWallet(buyer.page, { rpcUrl: stack.rpcUrl, accountIndex: 2 });
    await signInVia(buyer.page, stack.webUrl, '/market/eusd');
    const b0 = await balances(bob.address);
    const row = buyer.page.locator('[data-testid="market-order"][data-order="1"]');
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('market-buy-open').click();
    bob.clearRequests();
    await buyer.page.getByTestId('market-buy-submit').click();
    expect(await problemOf(buyer.page, 'market-buy-quantity')).toBe('Please enter the quantity');
    await buyer.page.getByTestId('market-buy-quantity-input').fill('25');
    expect(await problemOf(buyer.page, 'market-buy-quantity')).toBe('Trading multiples of 10');
    await buyer.page.getByTestId('market-buy-quantity-input').fill('110');
    expect(await problemOf(buyer.page, 'market-buy-quantity')).toBe('The order has only 100 EUSD');
    await expectTextReallyVisible(buyer.page.getByTestId('market-buy-quantity-problem'));
    expect(bob.requests('eth_sendTransaction')).toEqual([]);
    await buyer.page.getByTestId('market-buy-quantity-input').fill('30');
    expect(await buyer.page.getByTestId('market-buy-cost').textContent()).toBe('28.5 USDT');
    expect(await buyer.page.getByTestId('market-buy-reward').textContent()).toBe('0.3 EUSD');
    await buyer.page.getByTestId('market-buy-submit').click();
    await waitForSheetConfirmed(buyer.page, 'market-buy-sheet');
    await expectReallyVisible(successToast(buyer.page));
    const b1 = await balances(bob.address);
    expect(b0.usdt - b1.usdt).toBe(e18('28.5'));
    expect(b1.eusd - b0.eusd).toBe(e18('30.3'));
    expect((await balances(alice.address)).usdt).toBe(a0.usdt + e18('27.645'));
    expect((await orderOf(1n)).remaining).toBe(e18('70'));

    // Alice cancels the rest from Market › orders.
    await page.goto(`${stack.webUrl}/market/orders`);
    const mine = page.locator('[data-testid="market-my-order"][data-order="1"]');
    await until(
      'the order to show 70 of 100 EUSD',
      async () =>
        (await mine.count()) === 1 &&
        (await mine.getByTestId('market-order-amounts').textContent()) === '70 of 100 EUSD still for sale · 30 sold',
      {
        timeoutMs: 30_000,
      },
    );
    await mine.getByTestId('market-cancel').click();
    // Asked first, with what comes back; nothing is sent before the confirmation.
    const ask = page.locator('.modal');
    await ask.waitFor({ state: 'visible' });
    expect(await ask.locator('.modal-message').textContent()).toContain('70');
    expect((await orderOf(1n)).remaining).toBe(e18('70'));
    await ask.locator('.modal-confirm').click();
    await waitForPhase(page, 'confirmed');
    await expectReallyVisible(successToast(page));
    expect((await orderOf(1n)).remaining).toBe(0n);
    const a2 = await balances(alice.address);
    expect(a2.eusd).toBe(a0.eusd - e18('30'));
    expect(a2.usdt).toBe(a0.usdt + e18('27.645'));
    await until('the order to show cancelled', async () => (await mine.getAttribute('data-status')) === 'cancelled', {
      timeoutMs: 30_000,
    });
    // The cancelled order says what was sold and what came back (the review's "0 / 100 EUSD · Cancelled").
    expect(await mine.getByTestId('market-order-amounts').textContent()).toBe(
      '30 of 100 EUSD sold · 70 EUSD came back to you at the cancel',
    );
    await page.locator('[data-testid="market-fill"][data-side="sold"]').waitFor({ timeout: 30_000 });

    // Fee and reward in the bills.
    const e = eusd.toLowerCase();
    const u = usdt.toLowerCase();
    expect(await tradeBills(page, alice.address)).toEqual(
      [
        [e, (-e18('100')).toString()],
        [u, e18('28.5').toString()],
        [u, (-e18('0.855')).toString()],
        [e, e18('70').toString()],
      ].sort(),
    );
    expect(await tradeBills(buyer.page, bob.address)).toEqual(
      [
        [u, (-e18('28.5')).toString()],
        [e, e18('30').toString()],
        [e, e18('0.3').toString()],
      ].sort(),
    );
    expect(seller.pageErrors.map((x) => x.message)).toEqual([]);
    expect(buyer.pageErrors.map((x) => x.message)).toEqual([]);
  });

  test("a refused wallet request says 'Refused transaction request'; a fill of a cancelled order fails in simulation and is not sent", async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: 2 });
    await listFromNode(1, e18('40'), e18('0.9'));
    await signInVia(page, stack.webUrl, '/market/eusd');
    const before = await balances(wallet.address);

    await page.getByTestId('market-list-open').click();
    wallet.configure({ transactions: 'reject' });
    await page.getByTestId('market-list-price-input').fill('0.9');
    await page.getByTestId('market-list-quantity-input').fill('10');
    await page.getByTestId('market-list-submit').click();
    const sheet = page.getByTestId('market-list-sheet');
    await waitForPhase(page, 'failed');
    expect(await sheet.getByRole('alert').last().textContent()).toBe(
      text('en', 'errors', 'REFUSED_TRANSACTION_REQUEST'),
    );
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    expect((await balances(wallet.address)).eusd).toBe(before.eusd);
    await sheet.getByRole('button', { name: 'Close' }).click();

    // The seller cancels order 1 while the buyer's sheet is open: the buy is refused in simulation.
    wallet.configure({ transactions: 'sign' });
    const row = page.locator('[data-testid="market-order"][data-order="1"]');
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('market-buy-open').click();
    await page.getByTestId('market-buy-quantity-input').fill('10');
    const { chain, transport, public: client } = chainClients(stack.rpcUrl);
    const seller = createWalletClient({ account: testAccount(1), chain, transport });
    const hash = await seller.writeContract({
      address: addresses().market,
      abi: eusdMarketAbi,
      functionName: 'cancel',
      args: [1n],
    });
    await client.waitForTransactionReceipt({ hash });
    wallet.clearRequests();
    await page.getByTestId('market-buy-submit').click();
    await waitForPhase(page, 'failed');
    expect(await page.getByTestId('market-buy-sheet').getByRole('alert').last().textContent()).toContain(
      'OrderNotOpen',
    );
    // The exact USDT approval went through (step 1); the buy itself was never sent.
    const sent = wallet.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sent).toEqual([addresses().usdt.toLowerCase()]);
    expect(await balances(wallet.address)).toEqual(before);
  });

  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: the book, the list sheet and my orders in en and zh (screenshots)`, async () => {
      const stack = e2e.stack();
      await listFromNode(1, e18('100'), e18('0.95'));
      await listFromNode(3, e18('50'), e18('0.9'));
      await listFromNode(1, e18('20'), e18('0.98'));
      const { page, pageErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: 1 });
      await signInVia(page, stack.webUrl, '/market/eusd');
      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/market/eusd`);
        await page.getByRole('heading', { name: text(lang, 'market', 'book.title'), exact: true }).waitFor();
        await until('three orders, best price first', async () => {
          const ids = await page
            .getByTestId('market-order')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order')));
          return ids.join(',') === '2,1,3';
        });
        await page.getByTestId('market-rules').waitFor();
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `market.book.${viewport}.${lang}.png`) });
        await page.getByTestId('market-list-open').click();
        await page.getByTestId('market-list-price-input').fill('1.2');
        await page.getByTestId('market-list-quantity-input').fill('15');
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `market.list.${viewport}.${lang}.png`) });
        await page.goto(`${stack.webUrl}/market/orders`);
        await page.getByTestId('market-my-order').nth(1).waitFor();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `market.orders.${viewport}.${lang}.png`) });
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
