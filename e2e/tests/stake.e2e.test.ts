/**
 * Finance › stake against the real stack: in each pool (ETRO, EULP) approve → stake → the record
 * appears → time passes on anvil past the lock → Leave → the principal is back and the reward is in
 * the lock ledger. Bad amounts and an early leave the user backs out of never reach the wallet; a
 * refused request says 'Refused transaction request'. Screenshots at phone sizes in en and zh
 * (e2e/artifacts/screenshots/finance-stake.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseUnits, type Address } from 'viem';
import type { Locator, Page } from 'playwright-core';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { amountText, errorScreen, modal, signInVia, text, type Lang } from '../src/app.ts';
import { advanceTime } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import {
  lockClaimAt,
  stakeContracts,
  stakeFromNode,
  stakeState,
  stakeText,
  waitForStakeForm,
  type LockDays,
  type StakePool as Pool,
} from '../src/stake.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const DAY = 86_400;

const fmt = (value: bigint, symbol: Pool) => formatTokenAmount(value, symbol, { grouping: true });
const contracts = () => stakeContracts(e2e.stack().deployments);
const chainState = (pool: Pool, owner: Address) => stakeState(e2e.stack().rpcUrl, e2e.stack().deployments, pool, owner);
const stakeAsAlice = (pool: Pool, amount: bigint, days: LockDays) =>
  stakeFromNode(e2e.stack().rpcUrl, e2e.stack().deployments, 1, pool, amount, days);

async function openStake(page: Page, pool: Pool, account: Address): Promise<void> {
  const stack = e2e.stack();
  await signInVia(page, stack.webUrl, pool === 'ETRO' ? '/finance/stake' : '/finance/stake?pool=EULP');
  await waitForStakeForm(page, { rpcUrl: stack.rpcUrl, deployments: stack.deployments, account, pool });
}

const record = (page: Page, id: bigint): Locator => page.locator(`[data-testid="stake-record"][data-id="${id}"]`);
const field = (row: Locator, name: string) => row.locator(`[data-field="${name}"]`);

/** Waits until the lock card shows, for the block on screen, a positive claimable amount equal to the ledger's; returns it. */
async function lockCardShowsReleased(page: Page, account: Address): Promise<bigint> {
  const stack = e2e.stack();
  let claimable = 0n;
  await until("the lock card to show the ledger's claimable amount at the block on screen", async () => {
    const shown = (await page.evaluate(`(() => ({
      block: document.querySelector('[data-testid="block-chip"]')?.dataset.block,
      claimable: document.querySelector('[data-testid="lock-claimable"]')?.textContent,
    }))()`)) as { block?: string; claimable?: string };
    if (!shown.block || !shown.claimable) return false;
    [claimable] = await lockClaimAt(stack.rpcUrl, stack.deployments, account, BigInt(shown.block));
    return claimable > 0n && shown.claimable === `${fmt(claimable, 'ETRO')} ETRO`;
  });
  return claimable;
}

async function waitForPhase(page: Page, phase: 'confirmed' | 'failed', scope?: Locator): Promise<void> {
  await (scope ?? page)
    .getByTestId('tx-progress')
    .and(page.locator(`[data-phase="${phase}"]`))
    .waitFor({ timeout: 60_000 });
}

/** Fonts loaded, every finite animation (a modal's fade-in) finished, two frames painted: what a person sees. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    `document.fonts.ready
      .then(() => Promise.all(document.getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined))))
      .then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`,
  );
}

describe('finance › stake', () => {
  for (const pool of ['ETRO', 'EULP'] as const) {
    test(`${pool}: approve → stake → record → past the lock → Leave: principal back, reward in the lock ledger`, async () => {
      const stack = e2e.stack();
      const { page, pageErrors } = await e2e.browser();
      const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await openStake(page, pool, wallet.address);

      const before = await chainState(pool, wallet.address);
      expect(before.ids).toEqual([]);
      expect(before.balance).toBeGreaterThan(0n);

      const amount = pool === 'ETRO' ? parseUnits('1000', 18) : parseUnits('10', 18);
      const reward = amount / 100n; // 30 days at 1 %
      await page.getByRole('radio', { name: /^30 days/ }).check();
      await page.getByTestId('stake-amount').fill(pool === 'ETRO' ? '1000' : '10');
      expect(await page.getByTestId('stake-expected-reward').textContent()).toBe(`${fmt(reward, 'ETRO')} ETRO`);
      wallet.clearRequests();
      await page.getByTestId('stake-submit').click();
      await waitForPhase(page, 'confirmed', page.getByTestId('stake-form'));
      // Approve exactly the amount, then stake: two transactions, to the token and the pool.
      const sent = wallet.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
      expect(sent).toEqual([contracts().token(pool).toLowerCase(), contracts().staking(pool).toLowerCase()]);

      const staked = await chainState(pool, wallet.address);
      expect(staked.balance).toBe(before.balance - amount);
      expect(staked.ids).toHaveLength(1);
      const id = staked.ids[0] as bigint;
      const row = record(page, id);
      await row.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await row.getAttribute('data-status')).toBe('locked');
      expect(await field(row, 'amount').textContent()).toBe(`${fmt(amount, pool)} ${pool}`);
      expect(await field(row, 'period').textContent()).toBe(stakeText('en', 'form.days', { days: 30 }));
      expect(await field(row, 'rate').textContent()).toBe('1%');
      expect(await field(row, 'left').textContent()).toBe(stakeText('en', 'records.leftValue', { days: 30, hours: 0 }));
      expect(await row.getByRole('button', { name: stakeText('en', 'records.leave'), exact: true }).count()).toBe(0);
      if (pool === 'EULP') {
        // The EULP reward is in the lock balance from the stake on and released by the second.
        expect(staked.credited).toBe(before.credited + reward);
        await advanceTime(stack.rpcUrl, DAY);
        expect(await lockCardShowsReleased(page, wallet.address)).toBeLessThan(reward);
      }

      // Past the lock on anvil: the page follows the new block by itself.
      await advanceTime(stack.rpcUrl, 30 * DAY + 60);
      await until('the record to unlock', async () => (await row.getAttribute('data-status')) === 'unlocked', {
        timeoutMs: 30_000,
      });
      expect(await field(row, 'left').textContent()).toBe(stakeText('en', 'records.unlocked'));
      expect(await field(row, 'revenue').textContent()).toBe(`${fmt(reward, 'ETRO')} ETRO`);

      wallet.clearRequests();
      await row.getByRole('button', { name: stakeText('en', 'records.leave'), exact: true }).click();
      await waitForPhase(page, 'confirmed', page.getByTestId('stake-records'));
      expect(await modal(page).count()).toBe(0);
      expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
      await until('the record to show it left', async () => (await row.getAttribute('data-status')) === 'left', {
        timeoutMs: 30_000,
      });

      const after = await chainState(pool, wallet.address);
      expect(after.balance).toBe(before.balance);
      expect(after.credited).toBe(before.credited + reward);
      expect(after.orders[0]?.unstaked).toBe(true);
      // Past the unlock the chain state cannot tell what a left order was paid: the indexer's
      // Unstaked event completes the record (reward paid, both tx hashes).
      await until(
        "the indexer's reward on the left record",
        async () => (await field(row, 'revenue').textContent()) === `${fmt(reward, 'ETRO')} ETRO`,
        {
          timeoutMs: 60_000,
        },
      );
      expect(await row.locator('.stake-status').textContent()).toBe(stakeText('en', 'records.statuses.left'));
      const hashes = await row
        .locator('[data-hash]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-hash')));
      expect(hashes).toHaveLength(2);
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }

  test('below the minimum and above the balance: the message, and no wallet request', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openStake(page, 'ETRO', wallet.address);
    const { balance } = await chainState('ETRO', wallet.address);
    wallet.clearRequests();

    await page.getByTestId('stake-amount').fill('99.99');
    await page.getByTestId('stake-submit').click();
    const problem = page.getByTestId('stake-problem');
    expect(await problem.textContent()).toBe(
      amountText('en', 'problems.BELOW_MINIMUM', { amount: '100', symbol: 'ETRO' }),
    );

    await page.getByTestId('stake-amount').fill(formatTokenAmount(balance + parseUnits('1', 18), 'ETRO'));
    await page.getByTestId('stake-submit').click();
    expect(await problem.textContent()).toBe(text('en', 'errors', 'INSUFFICIENT_BALANCE'));

    await page.getByRole('button', { name: text('en', 'stake', 'pool.EULP'), exact: true }).click();
    await page.getByTestId('stake-form').and(page.locator('[data-pool="EULP"]')).waitFor();
    await page.getByTestId('stake-amount').fill('0.5');
    await page.getByTestId('stake-submit').click();
    expect(await problem.textContent()).toBe(
      amountText('en', 'problems.BELOW_MINIMUM', { amount: '1', symbol: 'EULP' }),
    );

    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await page.getByTestId('tx-progress').count()).toBe(0);
    expect((await chainState('ETRO', wallet.address)).ids).toEqual([]);
  });

  test("a refused wallet request: 'Refused transaction request', nothing staked", async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openStake(page, 'ETRO', wallet.address);
    wallet.configure({ transactions: 'reject' });
    await page.getByTestId('stake-amount').fill('200');
    await page.getByTestId('stake-submit').click();
    const form = page.getByTestId('stake-form');
    await waitForPhase(page, 'failed', form);
    expect(await form.getByRole('alert').textContent()).toBe(text('en', 'errors', 'REFUSED_TRANSACTION_REQUEST'));
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    const state = await chainState('ETRO', wallet.address);
    expect(state.ids).toEqual([]);
    expect(await page.getByTestId('stake-record').count()).toBe(0);
  });

  test('leaving early: the forfeit warning comes before the wallet; cancel sends nothing, confirm returns the principal only', async () => {
    const stack = e2e.stack();
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openStake(page, 'EULP', wallet.address);
    const before = await chainState('EULP', wallet.address);
    await page.getByRole('radio', { name: /^360 days/ }).check();
    await page.getByTestId('stake-amount').fill('4');
    await page.getByTestId('stake-submit').click();
    await waitForPhase(page, 'confirmed', page.getByTestId('stake-form'));
    const [id] = (await chainState('EULP', wallet.address)).ids;
    if (id === undefined) throw new Error('no order');
    const row = record(page, id);
    await row.waitFor();
    await advanceTime(stack.rpcUrl, 2 * DAY);
    await until('revenue accrued by the second', async () => (await field(row, 'revenue').textContent()) !== '0 ETRO', {
      timeoutMs: 30_000,
    });

    wallet.clearRequests();
    const leaveEarly = row.getByRole('button', { name: stakeText('en', 'records.leaveEarly'), exact: true });
    await leaveEarly.click();
    const dialog = modal(page);
    await dialog.waitFor();
    const message = (await dialog.textContent()) ?? '';
    expect(message).toContain(stakeText('en', 'early.title'));
    // 24 % of 4 EULP for 360 days: a reward of 0.96 ETRO. Only the base, the 30-day rate (1 %) over 360 days
    // = 0.48 ETRO, is released by the second; the other 0.48 is the bonus for staying to the end. Leaving after
    // two days keeps what the base released (about 4 × 1 % × 2 / 30, what 30-day orders would have earned) and
    // forfeits the rest, the bonus included; the message says both (they add up to 0.96, less what the 8
    // display digits of each leave out).
    const split =
      /keeps ([\d.,]+) ETRO: the reward released so far at the 30-day rate\. It forfeits ([\d.,]+) ETRO of the order's 0\.96 ETRO reward, the bonus of 0\.48 ETRO/.exec(
        message,
      );
    expect(split).not.toBeNull();
    const quotedKept = parseUnits(split![1]!.replace(/,/g, ''), 18);
    const shortfall = parseUnits('0.96', 18) - quotedKept - parseUnits(split![2]!.replace(/,/g, ''), 18);
    expect(shortfall >= 0n && shortfall < 2n * 10n ** 10n).toBe(true);
    // At most the 30-day rate over the time served (2 days and the few seconds of the blocks since).
    expect(quotedKept).toBeLessThanOrEqual(
      (parseUnits('4', 18) * 100n * (2n * BigInt(DAY) + 600n)) / (30n * BigInt(DAY) * 10_000n),
    );
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    await dialog.getByRole('button', { name: stakeText('en', 'early.cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(wallet.requests('eth_sendTransaction')).toEqual([]);

    await leaveEarly.click();
    await mkdir(SHOTS_DIR, { recursive: true });
    await settle(page);
    await page.screenshot({ path: join(SHOTS_DIR, 'finance-stake.early-leave.portrait.en.png') });
    await dialog.getByRole('button', { name: stakeText('en', 'early.confirm'), exact: true }).click();
    await waitForPhase(page, 'confirmed', page.getByTestId('stake-records'));
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    await until('the record to show it left', async () => (await row.getAttribute('data-status')) === 'left', {
      timeoutMs: 30_000,
    });
    await until(
      'the indexer to tell the order left early',
      async () => (await row.locator('.stake-status').textContent()) === stakeText('en', 'records.statuses.leftEarly'),
      {
        timeoutMs: 60_000,
      },
    );
    const after = await chainState('EULP', wallet.address);
    expect(after.balance).toBe(before.balance);
    // What stayed in the lock balance is what the base released by the leave: more than nothing, no more than
    // the 30-day rate over the time served (M-4).
    const kept = after.credited - before.credited;
    expect(kept).toBeGreaterThan(0n);
    expect(kept).toBeLessThanOrEqual(
      (parseUnits('4', 18) * 100n * (2n * BigInt(DAY) + 600n)) / (30n * BigInt(DAY) * 10_000n),
    );
    await until(
      'the record to show the reward kept',
      async () => (await field(row, 'revenue').textContent()) === `${fmt(kept, 'ETRO')} ETRO`,
      {
        timeoutMs: 30_000,
      },
    );
  });

  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: the form and the records in en and zh (screenshots)`, async () => {
      const stack = e2e.stack();
      // An EULP order whose reward has fully released by the screenshots: the lock card has a claim.
      await stakeAsAlice('EULP', parseUnits('5', 18), 30);
      await stakeAsAlice('ETRO', parseUnits('2500', 18), 90);
      await stakeAsAlice('ETRO', parseUnits('1200', 18), 30);
      await advanceTime(stack.rpcUrl, 31 * DAY);
      await stakeAsAlice('ETRO', parseUnits('800.5', 18), 360);
      const { page, pageErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await openStake(page, 'ETRO', wallet.address);
      expect((await chainState('ETRO', wallet.address)).ids).toHaveLength(3);
      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.reload();
        await page
          .getByRole('heading', { name: text(lang, 'stake', 'title'), exact: true })
          .waitFor({ state: 'visible' });
        await page.getByTestId('stake-record').nth(2).waitFor();
        expect(await page.locator('[data-testid="stake-record"][data-status="unlocked"]').count()).toBe(1);
        await page.getByTestId('stake-amount').fill('150');
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `finance-stake.${viewport}.${lang}.png`) });
        await page.getByTestId('stake-records').scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `finance-stake.records.${viewport}.${lang}.png`) });
        await page.getByTestId('lock-claim-quote').waitFor();
        await page.getByTestId('lock-card').scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `finance-stake.lock.${viewport}.${lang}.png`) });
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
