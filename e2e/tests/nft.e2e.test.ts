/**
 * Ecology › NFT on the real stack: alice sees both kinds' prices and odds (as the contract has them),
 * buys a partner NFT (exact ETRO approval, then the buy: the price is burned); its rarity is hidden;
 * 300 blocks later (past the old 256-block window: nothing expires) one "Reveal" fetches the seed from
 * the server (step 1 of 2) and sends the reveal (step 2 of 2), and the rarity and image shown are the
 * ones the chain drew from the committed seed (review L-1). The help says how the rarity is drawn and
 * what is trusted. The Ecology overview's nodes tile leads to the node area. Screenshots (390×844,
 * 844×390 and 320×640, en and zh): e2e/artifacts/screenshots/ecology-nft.* and ecology-overview.*.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { erc20Abi, parseUnits, type Address } from 'viem';
import type { Page } from 'playwright-core';
import { eternoNftAbi } from '@eterno/protocol/generated/abis';
import { errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { until } from '../src/wait.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const DEAD = '0x000000000000000000000000000000000000dEaD';
const RARITY = ['', 'N', 'R', 'SR', 'SSR'];

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

describe('ecology › NFT', () => {
  for (const viewport of ['portrait', 'landscape'] as const) {
    test(`${viewport}: buys a partner NFT, reveals it 300 blocks later in two steps, shows the drawn rarity (screenshots en, zh)`, async () => {
      const stack = e2e.stack();
      const { contracts } = stack.deployments;
      const nft = contracts.EternoNft;
      const { public: client, test: testClient } = chainClients(stack.rpcUrl);
      const alice = testAccount(1).address;
      const etroOf = (who: Address) =>
        client.readContract({ address: contracts.ETRO, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
      const { page, pageErrors } = await e2e.browser({ viewport });
      await mkdir(SHOTS_DIR, { recursive: true });
      await installTestWallet(page, { rpcUrl: stack.rpcUrl });

      // The overview: the nodes tile leads to the node area.
      await signInVia(page, stack.webUrl, '/ecology/overview');
      expect(await page.getByTestId('ecology-nodes').getAttribute('href')).toBe('/ecology/nodes');

      await page.goto(`${stack.webUrl}/ecology/nft`);
      const partnerPrice = await client.readContract({
        address: nft,
        abi: eternoNftAbi,
        functionName: 'priceOf',
        args: [1],
      });
      expect(partnerPrice).toBe(parseUnits('1000', 18));
      await page
        .getByTestId('nft-price-partner')
        .filter({ hasText: '1,000 ETRO, burned' })
        .waitFor({ timeout: 60_000 });
      const odds = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'oddsOf', args: [1n] });
      expect(await page.getByTestId('nft-odds-partner').textContent()).toBe(
        ['N', 'R', 'SR', 'SSR'].map((r, i) => `${r}${odds[i]! / 100}%`).join(''),
      );
      await page.getByTestId('nft-none').waitFor();

      const [etroBefore, burnedBefore] = [await etroOf(alice), await etroOf(DEAD)];
      await page.getByTestId('nft-buy-partner-submit').click();
      await page.getByTestId('nft-1-hidden').waitFor({ timeout: 60_000 });
      expect(await etroOf(alice)).toBe(etroBefore - partnerPrice);
      expect((await etroOf(DEAD)) - burnedBefore).toBe(partnerPrice);
      const bought = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'infoOf', args: [1n] });
      expect(bought.rarity).toBe(0);
      expect(
        await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'entropyOf', args: [1n] }),
      ).not.toBe(0n);

      // 300 blocks later the NFT is still to be revealed with its fair draw (no "N after 256 blocks").
      await testClient.mine({ blocks: 300 });
      await page.getByTestId('nft-1-reveal').click({ timeout: 60_000 });
      await page.getByTestId('nft-reveal-progress').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('nft-reveal-progress').locator('.tx-step-title small').allTextContents()).toEqual([
        'Step 1 of 2',
        'Step 2 of 2',
      ]);
      await page.getByTestId('nft-1-rarity').waitFor({ timeout: 60_000 });
      await until(
        'both steps done',
        async () => (await page.getByTestId('nft-reveal-progress').locator('li[data-status="done"]').count()) === 2,
        { timeoutMs: 60_000 },
      );
      const info = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'infoOf', args: [1n] });
      const rarity = RARITY[info.rarity]!;
      expect(rarity).not.toBe('');
      expect(await page.getByTestId('nft-1-rarity').textContent()).toBe(rarity);
      expect(await page.getByTestId('nft-1').locator('img').getAttribute('src')).toBe(
        `/nft/partner-${rarity.toLowerCase()}.svg`,
      );
      // The image is served and is an SVG.
      const img = await page.request.get(`${stack.webUrl}/nft/partner-${rarity.toLowerCase()}.svg`);
      expect(img.status()).toBe(200);
      expect(await img.text()).toMatch(/^<svg /);

      for (const lang of ['en', 'zh'] as Lang[]) {
        await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await page.goto(`${stack.webUrl}/ecology/overview`);
        await page.getByText(text(lang, 'screens', 'ecology.entries.nodesHint')).waitFor({ state: 'visible' });
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-overview.${viewport}.${lang}.png`) });
        await page.goto(`${stack.webUrl}/ecology/nft`);
        await page.getByTestId('nft-1-rarity').waitFor({ timeout: 60_000 });
        expect(await errorScreen(page).count()).toBe(0);
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-nft.${viewport}.${lang}.png`) });
        await until('scrolled to my NFTs', async () => {
          await page.getByTestId('nft-1').scrollIntoViewIfNeeded();
          return true;
        });
        await settle(page);
        await page.screenshot({ path: join(SHOTS_DIR, `ecology-nft.${viewport}.${lang}.mine.png`) });
        expect(await page.getByTestId('nft-trust').textContent()).toBe(text(lang, 'screens', 'ecology.nft.trust'));
        if (viewport === 'portrait') {
          // The smallest phone: the help with the trust assumption, and my NFT.
          await page.setViewportSize({ width: 320, height: 640 });
          await page.getByTestId('nft-help').scrollIntoViewIfNeeded();
          await settle(page);
          await page.screenshot({ path: join(SHOTS_DIR, `ecology-nft.small.${lang}.help.png`) });
          await page.getByTestId('nft-1').scrollIntoViewIfNeeded();
          await settle(page);
          await page.screenshot({ path: join(SHOTS_DIR, `ecology-nft.small.${lang}.mine.png`) });
          await page.setViewportSize({ width: 390, height: 844 });
        }
      }
      expect(pageErrors.map((e) => e.message)).toEqual([]);
    });
  }
});
