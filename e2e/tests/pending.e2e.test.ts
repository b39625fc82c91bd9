/**
 * The pending-change banner against the real stack: the owner proposes a new vault signer on the local
 * chain, and every signed-in screen shows the banner under the header — really visible (computed
 * opacity, inside the viewport, the top element at its centre), above the page's sub-tabs and not over
 * them — with the contract and the eta the chain holds. Dismissing it hides it for the session (also
 * after a reload); a new change (another proposal) brings it back. Screenshots at 390×844 and 320×640
 * in en and zh (e2e/artifacts/screenshots/pending-changes.*).
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createWalletClient, erc20Abi, parseEther, type Abi, type Address } from 'viem';
import type { Locator, Page } from 'playwright-core';
import { eternoFarmAbi, eternoVaultAbi, eusdMarketAbi, referralRegistryAbi } from '@eterno/protocol/generated/abis';
import { errorScreen, signInVia, tabBar, text, type Lang } from '../src/app.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const BANNER = 'pending-changes';

/** Sends a transaction from test account `index` (0 is the deployer, the contracts' owner); resolves once mined. */
async function send(index: number, address: Address, abi: Abi, functionName: string, args: unknown[]) {
  const { chain, transport, public: client } = chainClients(e2e.stack().rpcUrl);
  const wallet = createWalletClient({ account: testAccount(index), chain, transport });
  const hash = await wallet.writeContract({ address, abi, functionName, args, gas: 3_000_000n });
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`${functionName} ${hash} reverted`);
}

/** The owner proposes `signer` as the vault's next signer; returns the eta the vault holds. */
async function proposeVaultSigner(signer: Address): Promise<bigint> {
  const vault = e2e.stack().deployments.contracts.EternoVault;
  await send(0, vault, eternoVaultAbi, 'proposeSigner', [signer]);
  return chainClients(e2e.stack().rpcUrl).public.readContract({
    address: vault,
    abi: eternoVaultAbi,
    functionName: 'pendingSignerEta',
  });
}

type Seen = {
  opacity: number;
  display: string;
  visibility: string;
  rect: { top: number; bottom: number; left: number; right: number; width: number; height: number };
  viewport: { width: number; height: number };
  /** The element at the centre of the banner is the banner or inside it. */
  centreIsBanner: boolean;
  headerBottom: number;
  /** The sub-tab strip of the page, when the screen has one: its top and what sits at its centre. */
  subTabs: { top: number; centreIsSubTab: boolean } | null;
};

/** What the user really sees of the banner (Playwright counts an element with opacity 0 as visible). */
async function seen(page: Page): Promise<Seen> {
  return (await page.evaluate(`(() => {
    const banner = document.querySelector('[data-testid="${BANNER}"]');
    let opacity = 1;
    for (let el = banner; el; el = el.parentElement) opacity *= Number(getComputedStyle(el).opacity);
    const style = getComputedStyle(banner);
    const r = banner.getBoundingClientRect();
    const centre = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const header = document.querySelector('.app-header').getBoundingClientRect();
    const strip = document.querySelector('.sub-tabs');
    let subTabs = null;
    if (strip) {
      const tab = strip.querySelector('.sub-tab');
      const t = tab.getBoundingClientRect();
      const hit = document.elementFromPoint(t.left + Math.min(t.width, 20) / 2, t.top + t.height / 2);
      subTabs = { top: strip.getBoundingClientRect().top, centreIsSubTab: !!hit && tab.contains(hit) };
    }
    return {
      opacity, display: style.display, visibility: style.visibility,
      rect: { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height },
      viewport: { width: innerWidth, height: innerHeight },
      centreIsBanner: !!centre && banner.contains(centre),
      headerBottom: header.bottom,
      subTabs,
    };
  })()`)) as Seen;
}

/** Checks that the banner is really on screen, under the header, and leaves the sub-tabs uncovered. */
async function expectReallyVisible(page: Page, where: string): Promise<void> {
  const s = await seen(page);
  expect(s.opacity, where).toBe(1);
  expect(s.display, where).not.toBe('none');
  expect(s.visibility, where).toBe('visible');
  expect(s.rect.width, where).toBeGreaterThan(100);
  expect(s.rect.height, where).toBeGreaterThan(20);
  expect(s.rect.top, where).toBeGreaterThanOrEqual(s.headerBottom - 0.5);
  expect(s.rect.left, where).toBeGreaterThanOrEqual(0);
  expect(s.rect.right, where).toBeLessThanOrEqual(s.viewport.width);
  expect(s.rect.bottom, where).toBeLessThanOrEqual(s.viewport.height);
  expect(s.centreIsBanner, where).toBe(true);
  if (s.subTabs) {
    expect(s.subTabs.top, where).toBeGreaterThanOrEqual(s.rect.bottom);
    expect(s.subTabs.centreIsSubTab, where).toBe(true);
  }
}

function banner(page: Page): Locator {
  return page.getByTestId(BANNER);
}

/** Waits until the banner shows `count` changes (the app reads the chain once per new block). */
async function waitForBanner(page: Page, count: number): Promise<void> {
  await until(
    `the banner with ${count} change(s)`,
    async () =>
      (await banner(page)
        .getAttribute('data-count', { timeout: 500 })
        .catch(() => null)) === String(count),
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

/** Waits for a new block to be read by the page (the block chip of the screen moves past `block`). */
async function waitForRead(page: Page, block: bigint): Promise<void> {
  await until(
    `the screen to read a block after ${block}`,
    async () => {
      const value = await page
        .getByTestId('block-chip')
        .first()
        .getAttribute('data-block', { timeout: 500 })
        .catch(() => null);
      return value !== null && BigInt(value) > block;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

describe('pending-change banner', () => {
  test('an owner proposes a new vault signer: the banner is on every screen, really visible, dismissible, back for a new change', async () => {
    const stack = e2e.stack();
    const { page, pageErrors } = await e2e.browser();
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/overview');
    const { public: client, test: anvil } = chainClients(stack.rpcUrl);

    // Nothing pending after the deploy: no banner once the screen has read a newer block.
    const before = await client.getBlockNumber({ cacheTime: 0 });
    await anvil.mine({ blocks: 1 });
    await waitForRead(page, before);
    expect(await banner(page).count()).toBe(0);

    const newSigner = testAccount(5).address;
    const eta = await proposeVaultSigner(newSigner);
    await waitForBanner(page, 1);
    const summary = page.getByTestId('pending-summary');
    expect(await summary.getAttribute('data-kind')).toBe('vaultSigner');
    expect(await summary.getAttribute('data-eta')).toBe(eta.toString());
    const shown = (await summary.textContent()) ?? '';
    expect(shown).toContain(text('en', 'pending', 'contracts.EternoVault'));
    expect(shown).toContain(`${newSigner.slice(0, 8)}…${newSigner.slice(-6)}`);
    expect(shown).toContain(text('en', 'pending', 'when.from').replace(' {{time}}', ''));
    await expectReallyVisible(page, '/assets/overview');

    // Details: the vault's full address and the signer's.
    await banner(page)
      .getByRole('button', { name: text('en', 'pending', 'details'), exact: true })
      .click();
    const item = banner(page).getByTestId('pending-change');
    expect(await item.getAttribute('data-eta')).toBe(eta.toString());
    expect(await item.textContent()).toContain(stack.deployments.contracts.EternoVault);
    expect(await item.textContent()).toContain(newSigner);
    await expectReallyVisible(page, '/assets/overview (details)');
    await banner(page)
      .getByRole('button', { name: text('en', 'pending', 'hideDetails'), exact: true })
      .click();

    // Every screen: other sections through the tab bar, a screen without sub-tabs included.
    for (const [tab, path] of [
      ['ecology', '/ecology/overview'],
      ['home', '/home/eterno'],
      ['mine', '/mine/today'],
    ] as const) {
      await tabBar(page)
        .getByRole('link', { name: text('en', 'common', `tabs.${tab}`), exact: true })
        .click();
      await page.waitForURL((u) => u.pathname === path);
      await waitForBanner(page, 1);
      await expectReallyVisible(page, path);
    }
    await page.goto(`${stack.webUrl}/register`);
    await waitForBanner(page, 1);
    await expectReallyVisible(page, '/register');

    // Dismissed for the session: gone, also after a reload and new blocks.
    await page.goto(`${stack.webUrl}/assets/overview`);
    await waitForBanner(page, 1);
    await banner(page)
      .getByRole('button', { name: text('en', 'pending', 'dismiss'), exact: true })
      .click();
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    const afterReload = await client.getBlockNumber({ cacheTime: 0 });
    await anvil.mine({ blocks: 1 });
    await waitForRead(page, afterReload);
    expect(await banner(page).count()).toBe(0);

    // A new change brings it back, with that change alone.
    const registry = stack.deployments.contracts.ReferralRegistry as Address;
    await send(0, registry, referralRegistryAbi, 'proposePlacementSigner', [testAccount(6).address]);
    await waitForBanner(page, 1);
    expect(await page.getByTestId('pending-summary').getAttribute('data-kind')).toBe('placementSigner');
    await expectReallyVisible(page, '/assets/overview (new change)');
    expect(await errorScreen(page).count()).toBe(0);
    expect(pageErrors.map((e) => e.message)).toEqual([]);
  });

  for (const size of [
    { name: '390x844', width: 390, height: 844 },
    { name: '320x640', width: 320, height: 640 },
  ] as const) {
    test(`${size.name}: the banner collapsed and with its details, in en and zh (screenshots)`, async () => {
      const stack = e2e.stack();
      const c = stack.deployments.contracts;
      // Three changes of three kinds: the vault's signer, an owner transfer, a farm allocation (LP staked).
      await proposeVaultSigner(testAccount(5).address);
      await send(0, c.EusdMarket as Address, eusdMarketAbi, 'transferOwnership', [testAccount(7).address]);
      const lp = parseEther('1');
      await send(1, c.EULP, erc20Abi, 'approve', [c.EternoFarm, lp]);
      await send(1, c.EternoFarm, eternoFarmAbi, 'deposit', [0n, lp]);
      await send(0, c.EternoFarm, eternoFarmAbi, 'set', [1n, 20n]);

      const { page, pageErrors } = await e2e.browser({ viewport: 'portrait' });
      await page.setViewportSize({ width: size.width, height: size.height });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });
      await signInVia(page, stack.webUrl, '/assets/overview');
      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/assets/overview`);
        await waitForBanner(page, 3);
        expect(await banner(page).getAttribute('aria-label')).toBe(
          text(lang, 'pending', 'title_other').replace('{{count}}', '3'),
        );
        await expectReallyVisible(page, `${size.name} ${lang}`);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `pending-changes.${size.name}.${lang}.png`) });
        await banner(page)
          .getByRole('button', { name: text(lang, 'pending', 'details'), exact: true })
          .click();
        await banner(page).getByTestId('pending-change').first().waitFor();
        expect(await banner(page).getByTestId('pending-change').count()).toBe(3);
        await expectReallyVisible(page, `${size.name} ${lang} details`);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `pending-changes.details.${size.name}.${lang}.png`) });
      }
      expect(await errorScreen(page).count()).toBe(0);
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
