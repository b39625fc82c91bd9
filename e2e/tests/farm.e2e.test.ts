/**
 * Ecology › DeFi against the real stack: stake EULP (approve → deposit), the pending reward grows as
 * blocks are mined, Harvest pays exactly what the Harvest event says, Retrieve gives the LP back.
 * Retrieving more than is staked shows the message and sends nothing; a refused wallet request says
 * 'Refused transaction request'; the contract-code view shows the farm's address and its source as
 * built, fetched only when opened. Screenshots at phone sizes in en and zh
 * (e2e/artifacts/screenshots/ecology-defi.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseEventLogs, parseUnits, type Hex } from 'viem';
import type { Locator, Page } from 'playwright-core';
import { APR_CAP_BPS, APR_MIN_TVL_USDT } from '@eterno/protocol/farm/apr';
import { readFarm } from '@eterno/protocol/farm/readFarm';
import { eternoFarmAbi } from '@eterno/protocol/generated/abis';
import { eternoFarmSource } from '@eterno/protocol/generated/sources';
import { amountText, errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import { errorToast, expectReallyVisible, expectTextReallyVisible, successToast } from '../src/visible.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import {
  depositFromNode as deposit,
  etroText as etro,
  farmState,
  defiText,
  lpText as lp,
  waitForFarm,
  waitForPoolText,
} from '../src/farm.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

function addresses() {
  return e2e.stack().deployments.contracts;
}

/** What the chain says about the account's position in pool 0 (EULP) and its wallet. */
async function chainState(owner: `0x${string}`) {
  const s = await farmState(e2e.stack().rpcUrl, e2e.stack().deployments, owner, 'EULP');
  return { staked: s.staked, pending: s.pending, eulp: s.lp, etro: s.etro };
}

/** alice stakes `amount` EULP from Node (approve + deposit), for the tests that start staked. */
async function depositFromNode(amount: bigint): Promise<void> {
  await deposit(e2e.stack().rpcUrl, e2e.stack().deployments, 1, 'EULP', amount);
}

async function mineBlocks(blocks: number): Promise<void> {
  await chainClients(e2e.stack().rpcUrl).test.mine({ blocks });
}

const pool = (page: Page, symbol: 'EULP' | 'ELP'): Locator => page.getByTestId(`pool-${symbol}`);

async function openFarm(page: Page, path = '/ecology/defi'): Promise<void> {
  const stack = e2e.stack();
  await signInVia(page, stack.webUrl, path);
  const account = testAccount(1).address;
  await waitForFarm(page, { rpcUrl: stack.rpcUrl, deployments: stack.deployments, account }, { timeoutMs: 60_000 });
}

/** Waits until the page's figure `testId` of the EULP pool reads `expected`. */
function waitForText(page: Page, testId: string, expected: string): Promise<void> {
  return waitForPoolText(page, 'EULP', testId, expected);
}

async function waitForPhase(scope: Locator, phase: 'confirmed' | 'failed'): Promise<void> {
  await scope.locator(`[data-testid="tx-progress"][data-phase="${phase}"]`).waitFor({ timeout: 60_000 });
}

/**
 * A sheet's write went through: its toast is really visible above the open sheet while it runs,
 * the sheet closes itself on the confirmation, and the success toast (with the hash) is really
 * visible. Returns that hash.
 */
async function sheetConfirmed(page: Page, sheet: Locator): Promise<Hex> {
  await expectReallyVisible(page.getByTestId('toast').first());
  await sheet.waitFor({ state: 'detached', timeout: 60_000 });
  const toast = successToast(page);
  await expectReallyVisible(toast);
  const hash = await toast.locator('[data-hash]').getAttribute('data-hash');
  if (!hash) throw new Error('no transaction hash in the toast');
  return hash as Hex;
}

/** The hash of the last step the transaction progress shows. */
async function lastHash(scope: Locator): Promise<Hex> {
  const hash = await scope.locator('[data-testid=tx-progress] [data-hash]').last().getAttribute('data-hash');
  if (!hash) throw new Error('no transaction hash on screen');
  return hash as Hex;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

describe('ecology › defi', () => {
  test("stake EULP (approve → deposit) → pending grows block by block → harvest the Harvest event's amount → retrieve", async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openFarm(page);
    const c = addresses();

    const before = await chainState(wallet.address);
    expect(before.staked).toBe(0n);
    expect(before.eulp).toBeGreaterThan(0n);
    await waitForText(page, 'lp-balance', `${lp(before.eulp)} EULP`);
    await waitForText(page, 'staked', '0 EULP');
    // Nothing staked in the farm yet: no APR.
    expect(await pool(page, 'EULP').getByTestId('apr').textContent()).toBe(defiText('en', 'pool.aprNone'));
    expect(
      await pool(page, 'EULP')
        .getByRole('button', { name: defiText('en', 'actions.harvest'), exact: true })
        .isDisabled(),
    ).toBe(true);

    // Stake 100 EULP: an exact approval, then the deposit.
    const amount = parseUnits('100', 18);
    await pool(page, 'EULP')
      .getByRole('button', { name: defiText('en', 'actions.stake'), exact: true })
      .click();
    const sheet = page.getByRole('dialog', { name: defiText('en', 'form.stakeTitle', { symbol: 'EULP' }) });
    await sheet.getByRole('textbox').fill('100');
    wallet.clearRequests();
    await sheet.getByRole('button', { name: defiText('en', 'form.submitStake'), exact: true }).click();
    await sheetConfirmed(page, sheet);
    const sent = wallet.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sent).toEqual([c.EULP.toLowerCase(), c.EternoFarm.toLowerCase()]);
    const staked = await chainState(wallet.address);
    expect(staked.staked).toBe(amount);
    expect(staked.eulp).toBe(before.eulp - amount);
    await waitForText(page, 'staked', `${lp(amount)} EULP`);
    await waitForText(page, 'lp-balance', `${lp(staked.eulp)} EULP`);
    // 100 EULP is about 141 USDT: the chain's APR is absurd on so little (the review's 1,784,279 %),
    // so the screen shows "—" and says why instead of a figure.
    const view = await readFarm(chainClients(stack.rpcUrl).public, { contracts: c, account: wallet.address });
    expect(view.pools[0].aprBps).not.toBeNull();
    expect(view.pools[0].aprBps!).toBeGreaterThan(APR_CAP_BPS);
    expect(view.pools[0].apr).toEqual({ kind: 'thin', minTvlUsdt: APR_MIN_TVL_USDT });
    await waitForText(page, 'apr', defiText('en', 'pool.aprNone'));
    await waitForText(page, 'apr-note', defiText('en', 'pool.aprThin', { min: '1,000' }));

    // The pending reward follows the chain as blocks are mined (alice is the only staker).
    await mineBlocks(3);
    const after3 = await chainState(wallet.address);
    expect(after3.pending).toBeGreaterThan(0n);
    await waitForText(page, 'pending', etro(after3.pending));
    await mineBlocks(4);
    const after7 = await chainState(wallet.address);
    expect(after7.pending).toBeGreaterThan(after3.pending);
    await waitForText(page, 'pending', etro(after7.pending));

    // Harvest: the ETRO balance goes up by exactly the amount of the Harvest event.
    const card = pool(page, 'EULP');
    wallet.clearRequests();
    await card.getByRole('button', { name: defiText('en', 'actions.harvest'), exact: true }).click();
    await waitForPhase(card, 'confirmed');
    await expectReallyVisible(successToast(page));
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    const receipt = await chainClients(stack.rpcUrl).public.getTransactionReceipt({ hash: await lastHash(card) });
    const [harvest, ...others] = parseEventLogs({ abi: eternoFarmAbi, eventName: 'Harvest', logs: receipt.logs });
    expect(others).toEqual([]);
    expect(harvest?.args.user).toBe(wallet.address);
    expect(harvest?.args.pid).toBe(0n);
    const harvested = harvest?.args.amount ?? 0n;
    expect(harvested).toBeGreaterThan(after7.pending);
    const afterHarvest = await chainState(wallet.address);
    expect(afterHarvest.etro).toBe(before.etro + harvested);
    expect(afterHarvest.staked).toBe(amount);
    await waitForText(page, 'pending', etro(afterHarvest.pending));

    // Retrieve everything (Max): the LP comes back, with the ETRO earned since the harvest.
    await card.getByRole('button', { name: defiText('en', 'actions.retrieve'), exact: true }).click();
    const retrieve = page.getByRole('dialog', { name: defiText('en', 'form.retrieveTitle', { symbol: 'EULP' }) });
    await retrieve.getByRole('button', { name: amountText('en', 'max'), exact: true }).click();
    expect(await retrieve.getByRole('textbox').inputValue()).toBe('100');
    wallet.clearRequests();
    await retrieve.getByRole('button', { name: defiText('en', 'form.submitRetrieve'), exact: true }).click();
    const retrieveHash = await sheetConfirmed(page, retrieve);
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    const withdrawReceipt = await chainClients(stack.rpcUrl).public.getTransactionReceipt({ hash: retrieveHash });
    const [withdrawn] = parseEventLogs({ abi: eternoFarmAbi, eventName: 'Withdraw', logs: withdrawReceipt.logs });
    expect(withdrawn?.args.amount).toBe(amount);
    const [paid] = parseEventLogs({ abi: eternoFarmAbi, eventName: 'Harvest', logs: withdrawReceipt.logs });
    const after = await chainState(wallet.address);
    expect(after.staked).toBe(0n);
    expect(after.eulp).toBe(before.eulp);
    expect(after.etro).toBe(afterHarvest.etro + (paid?.args.amount ?? 0n));
    await waitForText(page, 'staked', '0 EULP');
    await waitForText(page, 'lp-balance', `${lp(before.eulp)} EULP`);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  test('retrieving more than is staked: the message, and nothing sent', async () => {
    const stack = e2e.stack();
    await depositFromNode(parseUnits('10', 18));
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openFarm(page);
    await waitForText(page, 'staked', '10 EULP');

    await pool(page, 'EULP')
      .getByRole('button', { name: defiText('en', 'actions.retrieve'), exact: true })
      .click();
    const sheet = page.getByRole('dialog', { name: defiText('en', 'form.retrieveTitle', { symbol: 'EULP' }) });
    wallet.clearRequests();
    await sheet.getByRole('textbox').fill('10.000000000000000001');
    await sheet.getByRole('button', { name: defiText('en', 'form.submitRetrieve'), exact: true }).click();
    expect(await sheet.getByRole('alert').textContent()).toBe(amountText('en', 'problems.EXCEEDS_STAKED'));
    await expectTextReallyVisible(sheet.getByRole('alert'));
    await sheet.getByRole('textbox').fill('0');
    await sheet.getByRole('button', { name: defiText('en', 'form.submitRetrieve'), exact: true }).click();
    expect(await sheet.getByRole('alert').textContent()).toBe(amountText('en', 'problems.ZERO'));

    expect(wallet.requests('eth_sendTransaction')).toEqual([]);
    expect(await sheet.getByTestId('tx-progress').count()).toBe(0);
    expect((await chainState(wallet.address)).staked).toBe(parseUnits('10', 18));
  });

  test("a refused wallet request: 'Refused transaction request', nothing harvested", async () => {
    const stack = e2e.stack();
    await depositFromNode(parseUnits('25', 18));
    await mineBlocks(2);
    const { page } = await e2e.browser();
    const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await openFarm(page);
    const before = await chainState(wallet.address);
    await waitForText(page, 'pending', etro(before.pending));

    wallet.configure({ transactions: 'reject' });
    wallet.clearRequests();
    const card = pool(page, 'EULP');
    await card.getByRole('button', { name: defiText('en', 'actions.harvest'), exact: true }).click();
    await waitForPhase(card, 'failed');
    expect(await card.getByTestId('tx-progress').getByRole('alert').textContent()).toBe(
      text('en', 'errors', 'REFUSED_TRANSACTION_REQUEST'),
    );
    await expectReallyVisible(errorToast(page, text('en', 'errors', 'REFUSED_TRANSACTION_REQUEST')));
    await expectTextReallyVisible(card.getByTestId('tx-progress').getByRole('alert'));
    expect(wallet.requests('eth_sendTransaction')).toHaveLength(1);
    const after = await chainState(wallet.address);
    expect(after.etro).toBe(before.etro);
    expect(after.pending).toBe(before.pending);
  });

  test("the contract-code view: the farm's address and its source as built, loaded only when opened", async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push({ url: response.url(), body: response.text().catch(() => '') });
    });
    await openFarm(page);
    const source = eternoFarmSource.text;
    const marker = 'contract EternoFarm is Ownable2Step';
    const loaded = async () => Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
    expect((await loaded()).filter((s) => s.body.includes(marker)).map((s) => s.url)).toEqual([]);

    await page.getByRole('button', { name: defiText('en', 'code.open'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: defiText('en', 'code.title') });
    await sheet.getByTestId('farm-source').waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe('?view=code');
    expect(await sheet.getByTestId('farm-address').textContent()).toBe(addresses().EternoFarm);
    expect(await sheet.getByTestId('farm-source').textContent()).toBe(source);
    const withSource = (await loaded()).filter((s) => s.body.includes(marker));
    expect(withSource).toHaveLength(1);
    expect(withSource[0]?.url).toMatch(/\/assets\/ContractCode-[\w-]+\.js$/);

    // Copy the address; Back closes the view.
    await sheet.getByRole('button', { name: defiText('en', 'code.copy'), exact: true }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: text('en', 'common', 'copySuccess') })
      .waitFor();
    await page.goBack();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: the screen, the stake form and the code view in en and zh (screenshots)`, async () => {
      const stack = e2e.stack();
      await depositFromNode(parseUnits('120.5', 18));
      await mineBlocks(6);
      const { page, pageErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await openFarm(page);
      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/ecology/defi`);
        await page.getByRole('heading', { name: defiText(lang, 'title'), exact: true }).waitFor();
        await pool(page, 'ELP').getByTestId('pending').waitFor();
        const state = await chainState(testAccount(1).address);
        await waitForText(page, 'pending', etro(state.pending));
        expect(await page.getByTestId('stage-1').getAttribute('data-status')).toBe('current');
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-defi.${viewport}.${lang}.png`) });
        await page.getByRole('button', { name: defiText(lang, 'code.open'), exact: true }).scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-defi.pools.${viewport}.${lang}.png`) });

        await pool(page, 'EULP')
          .getByRole('button', { name: defiText(lang, 'actions.stake'), exact: true })
          .click();
        const sheet = page.getByRole('dialog', { name: defiText(lang, 'form.stakeTitle', { symbol: 'EULP' }) });
        await sheet.getByRole('textbox').fill('99999');
        await sheet.getByRole('button', { name: defiText(lang, 'form.submitStake'), exact: true }).click();
        expect(await sheet.getByRole('alert').textContent()).toBe(text(lang, 'errors', 'INSUFFICIENT_BALANCE'));
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-defi.stake.${viewport}.${lang}.png`) });
        await sheet.getByRole('button', { name: text(lang, 'common', 'close'), exact: true }).click();

        await page.getByRole('button', { name: defiText(lang, 'code.open'), exact: true }).click();
        await page.getByTestId('farm-source').waitFor();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-defi.code.${viewport}.${lang}.png`) });
        await page.getByRole('checkbox', { name: defiText(lang, 'code.wrap') }).uncheck();
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-defi.code-nowrap.${viewport}.${lang}.png`) });
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
