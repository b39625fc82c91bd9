/**
 * Mine › today, framework, invited, team and Assets › income against the real stack (anvil +
 * ReferralRegistry + EternoVault + indexer + API + web, Chromium). A small team is built for real
 * in the test (each member registers itself; packages are paid through the vault):
 *
 *   V (20, under the deployer)
 *   ├─ left:  A (21, invited by V)          A buys package 1 (100 USDT)
 *   │         └─ left: C (23, invited by A) C buys package 1 (100 USDT)
 *   │                  └─ left: D (24, invited by V, automatic: the end of V's left leg)
 *   │                                       D buys package 3 (1,000 USDT) while V watches
 *   └─ right: B (22, invited by V)          B buys package 2 (500 USDT)
 *
 * Every team figure the screens show is computed BY HAND below (never read back from the API) and
 * compared with the screen: volumes and today's increase per side, members, the direct count and
 * volume, the direct and indirect lists, the tree's seats (vacant ones included) at V and at A;
 * D's purchase moves both ancestors' (A's and V's) figures live; the next UTC day (anvil time)
 * today's increase is back to 0 while the volumes stay; V (no package) shows an energy value of 0.
 *
 * The dynamic incomes (issue 10) on a second team, M (50) ← X (51) ← L (52, left), R (53, right),
 * M and X holding package 3: every amount is computed in the test from the rates of the shipped
 * settings file (apps/server/settings/referral.json) and the rules of docs/decisions/referral.md
 * (§ Dynamic incomes): X's purchase gives M the direct income (Assets › income, live, and a `direct`
 * bill), L's and R's the indirect one, and M's energy value is its reward limit less both; the
 * next settlement (anvil time) gives X the binary income of its matched legs (bill, Mine ›
 * framework › binary detail) and M the matching income on it (bill), each income's loop share a `loop`
 * bill beside it; nothing burned.
 *
 * Screenshots at 390×844 and 844×390, en and zh. Each test starts from the deployed chain
 * (snapshot/revert) with its own accounts.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { REPO_ROOT } from '@eterno/devstack/stack';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { dayStartOf, rewardLimit, settingsAt, type Dated, type PackageTerms } from '@eterno/protocol/finance/rules';
import { share, type IncomeRates } from '@eterno/protocol/referral/incomes';
import { errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import type { ViewportName } from '../src/browser.ts';
import { chainNow, toSettlement } from '../src/finance.ts';
import { useE2E } from '../src/fixture.ts';
import { buyPackage, joinTeam, PACKAGE_PRICE } from '../src/mine.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');

const usdt = (value: bigint) => `${formatTokenAmount(value, 'USDT', { grouping: true })} USDT`;

/** Test account indices of a team: V the viewer, then A, B, C, D as drawn above (`base` + 0…4). */
type Team = {
  V: Address;
  A: Address;
  B: Address;
  C: Address;
  D: Address;
  index: Record<'V' | 'A' | 'B' | 'C' | 'D', number>;
};

/** Registers V, A, B, C, D as drawn above (each with USDT for its package); nothing bought yet. */
async function buildTeam(base: number): Promise<Team> {
  const { rpcUrl, deployments: d } = e2e.stack();
  const deployer = d.accounts!.find((a) => a.label === 'deployer')!.address;
  const index = { V: base, A: base + 1, B: base + 2, C: base + 3, D: base + 4 };
  const V = await joinTeam(rpcUrl, d, index.V, deployer, 0, 0n);
  const A = await joinTeam(rpcUrl, d, index.A, V, 0, PACKAGE_PRICE[1]!);
  const B = await joinTeam(rpcUrl, d, index.B, V, 1, PACKAGE_PRICE[2]!);
  const C = await joinTeam(rpcUrl, d, index.C, A, 0, PACKAGE_PRICE[1]!);
  const D = await joinTeam(rpcUrl, d, index.D, V, 0, PACKAGE_PRICE[3]!);
  return { V, A, B, C, D, index };
}

/** Uncaught errors of every page a test opened (none expected). */
const pageErrors: Error[][] = [];
afterEach(() => {
  expect(pageErrors.splice(0).flatMap((errors) => errors.map((e) => e.message))).toEqual([]);
});

async function signedIn(index: number, path: string, viewport: ViewportName = 'portrait'): Promise<Page> {
  const stack = e2e.stack();
  const session = await e2e.browser({ viewport });
  pageErrors.push(session.pageErrors);
  const { page } = session;
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: index });
  await signInVia(page, stack.webUrl, path);
  return page;
}

/** Waits until the element `testId` reads `expected` (the screens refresh every 4 s). */
async function expectText(page: Page, testId: string, expected: string, timeoutMs = 60_000): Promise<void> {
  const locator = page.getByTestId(testId).first();
  await until(
    `${testId} to read "${expected}"`,
    async () => {
      const seen = await locator.textContent({ timeout: 2_000 });
      if (seen !== expected) throw new Error(`it reads "${seen}"`);
      return true;
    },
    { timeoutMs },
  );
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.stack().webUrl}${path}`);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === path);
}

/** The tree's shown accounts (data-wallet, in seat order) and the number of vacant seats. */
async function treeSeats(page: Page): Promise<{ nodes: string[]; vacant: number }> {
  const nodes = await page
    .getByTestId('tree-node')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.wallet ?? ''));
  return { nodes, vacant: await page.getByTestId('tree-vacant').count() };
}

async function expectTree(page: Page, root: Address, nodes: Address[], vacant: number): Promise<void> {
  await page.locator(`[data-testid="tree-view"][data-root="${root}"]`).waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('.mine-tree[aria-busy="false"]').waitFor({ state: 'visible' });
  expect(await treeSeats(page)).toEqual({ nodes, vacant });
}

describe('mine: the team figures on every screen equal a hand computation', () => {
  test('a team built in the test: today, framework (volume, tree), invited, team; a purchase moves both ancestors; the next day', async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const t = await buildTeam(20);
    const [P1, P2, P3] = [PACKAGE_PRICE[1]!, PACKAGE_PRICE[2]!, PACKAGE_PRICE[3]!];
    await buyPackage(stack.rpcUrl, d, t.index.A, 1);
    await buyPackage(stack.rpcUrl, d, t.index.B, 2);
    await buyPackage(stack.rpcUrl, d, t.index.C, 1);

    // By hand, before D buys: V's left leg = A + C (+ D, nothing paid yet), right = B.
    const page = await signedIn(t.index.V, '/mine/today');
    await expectText(page, 'today-left', usdt(P1 + P1));
    await expectText(page, 'today-right', usdt(P2));
    await expectText(page, 'today-total', usdt(P1 + P1 + P2));

    // D (V's left leg, under C) buys: V's left and A's left move, live.
    await buyPackage(stack.rpcUrl, d, t.index.D, 3);
    await expectText(page, 'today-left', usdt(P1 + P1 + P3));
    await expectText(page, 'today-right', usdt(P2));
    // V has no package of its own: its package figures are zero, and so is its energy value (no active order).
    await expectText(page, 'sum-units', '0 units');
    await expectText(page, 'sum-limit', usdt(0n));
    await expectText(page, 'sum-ep', usdt(0n));
    expect(await page.getByTestId('summary-income-error').count()).toBe(0);

    // Framework › binary volume.
    await open(page, '/mine/framework');
    await expectText(page, 'leg-left-volume', usdt(P1 + P1 + P3));
    await expectText(page, 'leg-right-volume', usdt(P2));
    await expectText(page, 'leg-left-today', usdt(P1 + P1 + P3));
    await expectText(page, 'leg-right-today', usdt(P2));
    await expectText(page, 'leg-left-members', '3 accounts'); // A, C, D
    await expectText(page, 'leg-right-members', '1 account'); // B

    // Framework › binary tree: V, its children A and B, A's left C; three vacant seats. Down to A, back up.
    await open(page, '/mine/framework?tab=2');
    await expectTree(page, t.V, [t.V, t.A, t.B, t.C], 3);
    await expectText(
      page,
      'tree-root-today',
      `Today's increase: Left ${formatTokenAmount(P1 + P1 + P3, 'USDT', { grouping: true })} · Right ${formatTokenAmount(P2, 'USDT', { grouping: true })}`,
    );
    await page.locator(`[data-testid="tree-node"][data-wallet="${t.A}"]`).click();
    // At A: C on the left, A's right vacant; under C: D, C's right vacant.
    await expectTree(page, t.A, [t.A, t.C, t.D], 2);
    await page.getByTestId('tree-back').click();
    await expectTree(page, t.V, [t.V, t.A, t.B, t.C], 3);
    expect(page.url()).toContain(`root=${t.V}`);
    // Above V (the deployer, V's ancestor) is outside V's team: the view says so, "My position" comes back.
    const deployer = d.accounts!.find((a) => a.label === 'deployer')!.address;
    await open(page, `/mine/framework?tab=2&root=${deployer}`);
    await page.getByTestId('tree-outside').waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByTestId('tree-outside').getByRole('button').click();
    await expectTree(page, t.V, [t.V, t.A, t.B, t.C], 3);

    // Invited: V invited A, B and D (C was invited by A).
    await open(page, '/mine/invited');
    await expectText(page, 'direct-volume', usdt(P1 + P2 + P3));
    await expectText(page, 'direct-count', '3 accounts');
    await open(page, '/mine/invited?tab=1');
    await page.getByTestId('direct-list').waitFor({ state: 'visible', timeout: 60_000 });
    const rows = page.getByTestId('member-row');
    expect(await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.wallet))).toEqual([t.D, t.B, t.A]);
    expect(await page.getByTestId('member-volume').allTextContents()).toEqual([usdt(P3), usdt(P2), usdt(P1)]);

    // Team network: 3 + 1 accounts, 1,200 + 500 USDT; C is V's only indirect (level 2).
    await open(page, '/mine/team');
    await expectText(page, 'team-size-left', '3');
    await expectText(page, 'team-size-right', '1');
    await expectText(page, 'team-size-total', '4');
    await expectText(page, 'team-volume-left', usdt(P1 + P1 + P3));
    await expectText(page, 'team-volume-right', usdt(P2));
    await expectText(page, 'team-volume-total', usdt(P1 + P1 + P3 + P2));
    await expectText(page, 'team-today-left', usdt(P1 + P1 + P3));
    await page.getByTestId('indirect-list').waitFor({ state: 'visible' });
    expect(
      await page.getByTestId('member-row').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.wallet)),
    ).toEqual([t.C]);
    expect(await page.getByTestId('member-row').first().textContent()).toContain('Level 2');

    // The other ancestor, A: its left leg is C + D, its right is vacant.
    const pageA = await signedIn(t.index.A, '/mine/framework');
    await expectText(pageA, 'leg-left-volume', usdt(P1 + P3));
    await expectText(pageA, 'leg-left-today', usdt(P1 + P3));
    await expectText(pageA, 'leg-left-members', '2 accounts');
    await expectText(pageA, 'leg-right-volume', usdt(0n));
    await expectText(pageA, 'leg-right-members', '0 accounts');

    // The next UTC day (the chain's clock): the volumes stay, today's increase starts at 0.
    await toSettlement(stack.rpcUrl, 1);
    await open(page, '/mine/framework');
    await expectText(page, 'leg-left-today', usdt(0n));
    await expectText(page, 'leg-right-today', usdt(0n));
    await expectText(page, 'leg-left-volume', usdt(P1 + P1 + P3));
    await expectText(page, 'leg-right-volume', usdt(P2));
    expect(await errorScreen(page).allInnerTexts()).toEqual([]);
  });

  test('a wallet outside the network has no team: the screens say so and lead to registration', async () => {
    const page = await signedIn(25, '/mine/today');
    await page.getByTestId('mine-not-registered').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.getByTestId('today-left').count()).toBe(0);
    await open(page, '/mine/framework');
    await page.getByTestId('mine-not-registered').waitFor({ state: 'visible', timeout: 60_000 });
    await open(page, '/mine/invited');
    await page.getByTestId('mine-not-registered').waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.getByTestId('direct-volume').count()).toBe(0);
  });
});

/** The referral income rates the server applies at `time` (the shipped settings file; the stack sets no other). */
async function incomeRatesAt(time: bigint): Promise<IncomeRates> {
  const file = join(REPO_ROOT, 'apps/server/settings/referral.json');
  return settingsAt(JSON.parse(await readFile(file, 'utf8')) as Array<IncomeRates & Dated>, time);
}

/** The reward terms of finance package `id` at `time` (the shipped apps/server/settings/finance.json). */
async function packageTermsAt(time: bigint, id: number): Promise<PackageTerms> {
  const file = join(REPO_ROOT, 'apps/server/settings/finance.json');
  const version = settingsAt(
    JSON.parse(await readFile(file, 'utf8')) as Array<Dated & { packages: Array<PackageTerms & { id: number }> }>,
    time,
  );
  const terms = version.packages.find((p) => p.id === id);
  if (terms === undefined) throw new Error(`package ${id} is not in the finance settings`);
  return terms;
}

/** Waits until Assets › income's bill list, filtered to `type`, shows exactly `amounts` (newest first). */
async function expectBills(page: Page, type: string, amounts: bigint[]): Promise<void> {
  await page.getByTestId('bill-filter').selectOption(type);
  const expected = amounts.map(String);
  await until(
    `the ${type} bills to be ${expected.join(', ')}`,
    async () => {
      const seen = await page
        .locator(`[data-testid="bill-row"][data-type="${type}"]`)
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.amount ?? ''));
      if (JSON.stringify(seen) !== JSON.stringify(expected)) throw new Error(`they are ${seen.join(', ') || 'none'}`);
      return true;
    },
    { timeoutMs: 60_000 },
  );
}

describe('mine: the dynamic incomes on the screens equal a hand computation from the settings', () => {
  test("an invitee's purchase pays its inviter the direct income; the next day the binary income and its matching income", async () => {
    const stack = e2e.stack();
    const d = stack.deployments;
    const now = await chainNow(stack.rpcUrl);
    const rates = await incomeRatesAt(now);
    const day = dayStartOf(now); // the UTC day of the purchases below (00:00, unix seconds)
    const [P2, P3] = [PACKAGE_PRICE[2]!, PACKAGE_PRICE[3]!];
    // M (under the deployer) invites X; X invites L (its left) and R (its right). M and X hold a
    // package, so they earn (docs/decisions/referral.md: only a user with an active order earns).
    const deployer = d.accounts!.find((a) => a.label === 'deployer')!.address;
    const index = { M: 50, X: 51, L: 52, R: 53 };
    const M = await joinTeam(stack.rpcUrl, d, index.M, deployer, 0, P3);
    const X = await joinTeam(stack.rpcUrl, d, index.X, M, 0, P3);
    await joinTeam(stack.rpcUrl, d, index.L, X, 0, P2);
    await joinTeam(stack.rpcUrl, d, index.R, X, 1, P3);
    await buyPackage(stack.rpcUrl, d, index.M, 3);

    const pageM = await signedIn(index.M, '/assets/income');
    await expectText(pageM, 'income-direct-total', usdt(0n));
    await pageM.getByTestId('bill-empty').waitFor({ state: 'visible', timeout: 60_000 });

    // X (M's invitee) buys: M's direct income is directBps of the payment, live on the screen and as a bill.
    await buyPackage(stack.rpcUrl, d, index.X, 3);
    const direct = share(P3, rates.directBps);
    expect(direct).toBeGreaterThan(0n);
    await expectText(pageM, 'income-direct-total', usdt(direct));
    await expectText(pageM, 'income-direct-today', usdt(direct));
    await expectBills(pageM, 'direct', [direct]);

    // L and R (X's invitees, one per side) buy: X's direct incomes, M's level-2 (indirect) incomes.
    await buyPackage(stack.rpcUrl, d, index.L, 2);
    await buyPackage(stack.rpcUrl, d, index.R, 3);
    const level2 = rates.indirectBps[0]!;
    const indirect = share(P2, level2) + share(P3, level2);
    await expectText(pageM, 'income-indirect-total', usdt(indirect));
    // M's energy value: its order (waiting, no static income before a settlement) can still earn its
    // reward limit less the incomes counted against it (docs/decisions/referral.md § Dynamic incomes).
    const limitM = rewardLimit(P3, await packageTermsAt(now, 3));
    await open(pageM, '/assets/income?tab=2');
    await expectText(pageM, 'energy-ep', usdt(limitM - direct - indirect));
    const pageX = await signedIn(index.X, '/assets/income');
    await expectText(pageX, 'income-direct-total', usdt(share(P2, rates.directBps) + share(P3, rates.directBps)));
    await expectBills(pageX, 'direct', [share(P3, rates.directBps), share(P2, rates.directBps)]);
    await expectText(pageX, 'income-binary-total', usdt(0n));

    // By hand, X's binary day: left L's payment, right R's, no carry in (X's first day); the weaker
    // side is matched, binaryBps of it is the income, capped at X's active payments (its package);
    // M, X's inviter, earns matchingBps of what X's binary income paid after the cap.
    const matched = P2 < P3 ? P2 : P3;
    const binary = share(matched, rates.binaryBps);
    const binaryPaid = binary < P3 ? binary : P3;
    const matching = share(binaryPaid, rates.matchingBps);
    expect(matching).toBeGreaterThan(0n);

    // The next UTC day (the chain's clock) settles the day: the bills and the binary detail show them.
    await toSettlement(stack.rpcUrl, 1);
    await open(pageX, '/assets/income');
    await expectText(pageX, 'income-binary-total', usdt(binaryPaid));
    await expectBills(pageX, 'binary', [binaryPaid]);
    await open(pageX, '/mine/framework?tab=1');
    await pageX.getByTestId('binary-day').first().waitFor({ state: 'visible', timeout: 60_000 });
    expect(
      await pageX.getByTestId('binary-day').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.day)),
    ).toEqual([String(day)]);
    expect(await pageX.getByTestId('binary-day-income').allTextContents()).toEqual([usdt(binary)]);
    // M's own binary day: X, L and R are all on its left, nothing on its right: nothing matched, no income.
    await open(pageM, '/mine/framework?tab=1');
    await pageM.getByTestId('binary-day').first().waitFor({ state: 'visible', timeout: 60_000 });
    expect(await pageM.getByTestId('binary-day-income').allTextContents()).toEqual([usdt(0n)]);

    await open(pageM, '/assets/income');
    await expectText(pageM, 'income-matching-total', usdt(matching));
    await expectText(pageM, 'income-binary-total', usdt(0n));
    await expectBills(pageM, 'matching', [matching]);
    // Beside each income paid, its loop share is a bill of its own (ECONOMY §10): −loopBps of it, newest
    // first. The settlement also paid M a share of the day's prize pool (prizePoolBps of the four payments;
    // the earners ranked by direct-invitee payments: X with L's and R's, M with X's), in EUSD, with its own
    // loop bill (the settlement's bills share one time: by id, `prize:` after `matching:`).
    const loopOf = (paid: bigint) => -share(paid, rates.loopBps);
    const pool = 3n * share(P3, rates.prizePoolBps) + share(P2, rates.prizePoolBps);
    const prizeM = (pool * P3) / (P2 + P3 + P3);
    await expectBills(pageM, 'loop', [prizeM, matching, share(P3, level2), share(P2, level2), direct].map(loopOf));
    // Every income was within the earner's energy value: nothing burned.
    await open(pageM, '/assets/income?tab=2');
    await expectText(pageM, 'energy-burned', usdt(0n));
    await open(pageX, '/assets/income?tab=2');
    await expectText(pageX, 'energy-burned', usdt(0n));
    expect(await errorScreen(pageX).allInnerTexts()).toEqual([]);

    // Screenshots with the incomes (390×844, en and zh): M's Assets › income, X's binary detail.
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const [page, path, ready, name] of [
        [pageM, '/assets/income', ['income-matching-total', 'bill-row'], 'incomes-assets-income-M'],
        [pageX, '/mine/framework?tab=1', ['binary-day-income'], 'incomes-binary-detail-X'],
      ] as const) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await open(page, path);
        for (const testId of ready)
          await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 60_000 });
        await page.screenshot({ path: join(SHOTS_DIR, `${name}.portrait.${lang}.png`) });
      }
    }
  });
});

const SCREENS = [
  ['/mine/today', '[data-testid="today-left"]'],
  ['/mine/framework', '[data-testid="leg-left-volume"]'],
  ['/mine/framework?tab=1', '[data-testid^="binary-days"]'],
  ['/mine/framework?tab=2', '[data-testid="tree-view"]'],
  ['/mine/invited', '[data-testid="direct-volume"]'],
  ['/mine/invited?tab=1', '[data-testid="direct-list"]'],
  ['/mine/team', '[data-testid="indirect-list"]'],
  ['/assets/income', '[data-testid^="income-types"]'],
  ['/assets/income?tab=2', '[data-testid="energy-ep"]'],
] as const;

describe('mine: screenshots', () => {
  for (const [viewport, base] of [
    ['portrait', 30],
    ['landscape', 40],
  ] as const) {
    test(`the Mine and income screens at ${viewport === 'portrait' ? '390×844' : '844×390'} in en and zh`, async () => {
      const stack = e2e.stack();
      await mkdir(SHOTS_DIR, { recursive: true });
      const t = await buildTeam(base);
      for (const [who, pkg] of [
        ['A', 1],
        ['B', 2],
        ['C', 1],
        ['D', 3],
      ] as const)
        await buyPackage(stack.rpcUrl, stack.deployments, t.index[who], pkg);
      const page = await signedIn(t.index.V, '/mine/today', viewport);
      await expectText(page, 'today-left', usdt(PACKAGE_PRICE[1]! * 2n + PACKAGE_PRICE[3]!));
      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        for (const [path, ready] of SCREENS) {
          await open(page, path);
          await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
          await page
            .getByText(text(lang, 'mine', 'loading'))
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          expect(await errorScreen(page).allInnerTexts()).toEqual([]);
          const name = path.slice(1).replace(/[/?=]/g, '-');
          await page.screenshot({ path: join(SHOTS_DIR, `${name}.${viewport}.${lang}.png`) });
        }
      }
      // The tree around a deeper root (A: C below it, D below C), in the last language.
      await open(page, `/mine/framework?tab=2&root=${t.A}`);
      await page
        .locator(`[data-testid="tree-view"][data-root="${t.A}"]`)
        .waitFor({ state: 'visible', timeout: 60_000 });
      await page.screenshot({ path: join(SHOTS_DIR, `mine-framework-tree-A.${viewport}.zh.png`) });
    });
  }
});
