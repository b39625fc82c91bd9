/**
 * Ecology › nodes on the real stack (anvil + EternoNodes + server + built web): alice is refused the
 * create sheet without a partner NFT, buys and reveals one in Ecology › NFT, meets every refusal of the
 * create form (nothing sent), and creates node 1 (approve the NFT, approve exactly the needed ETRO,
 * create); bob, refused without an entry NFT, buys and reveals one and joins; bob is refused creating
 * while in a node; alice edits the node and is refused closing it while bob is in; carol is refused votes
 * above her balance, votes 1,000 ETRO and is refused taking back more than that; alice buys a package;
 * the chain moves on to the next settlements; the node shows its reward day and alice's and bob's
 * `node_reward` bills show in Assets; alice announces the close with bob still in (review M-5): bob sees
 * the date on the node, alice is refused before it, closes after the 7-day notice with bob in and has
 * her stake back; bob's NFT waits in the closed node: the node page and the Nodes list's "Me in the node
 * area" card say so, and bob takes it back from the card. The edit sheet says a new share rate counts
 * from the next day (I-4).
 * Screenshots (390×844 and 844×390, en and zh): e2e/artifacts/screenshots/nodes.*; the waiting card
 * (390×844 and 320×640, en and zh): nodes-waiting.*.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createWalletClient, erc20Abi, erc721Abi, parseUnits, type Address, type Hex } from 'viem';
import type { Page } from 'playwright-core';
import { localNftOperatorKey } from '@eterno/devstack/deploy';
import { eternoNftAbi, eternoNodesAbi } from '@eterno/protocol/generated/abis';
import { nftSeedSecret, seedOpening } from '@eterno/protocol/nft/seedTree';
import type { NodeAccountJson, NodeDetailJson, NodePoolResponseJson } from '@eterno/protocol/nodesApi';
import { splitNode } from '@eterno/protocol/nodes/splitNode';
import { errorScreen, signInVia, text, type Lang } from '../src/app.ts';
import { chainClients, testAccount } from '../src/chain.ts';
import { useE2E } from '../src/fixture.ts';
import { payAuthorisation, requestAuthorisation, toSettlement } from '../src/finance.ts';
import { installTestWallet } from '../src/testWallet.ts';
import { billRow, sessionTokenOf } from '../src/vault.ts';
import { until } from '../src/wait.ts';
import { expectReallyVisible, expectTextReallyVisible, successToast } from '../src/visible.ts';

const e2e = useE2E();
const SHOTS_DIR = resolve(import.meta.dirname, '../artifacts/screenshots');
const e18 = (n: string) => parseUnits(n, 18);

/** A `node` namespace text with its values filled in, as i18next renders it. */
function nodeText(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return text(lang, 'node', key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );
}

const contracts = () => e2e.stack().deployments.contracts;

/** Buys an entry (0) or partner (1) NFT from Node as test account `index` and reveals it with its committed seed. */
async function buyRevealedFromNode(index: number, kind: 0 | 1): Promise<bigint> {
  const { chain, transport, public: client } = chainClients(e2e.stack().rpcUrl);
  const wallet = createWalletClient({ account: testAccount(index), chain, transport });
  const { EternoNft: nft, ETRO: etro } = contracts();
  const price = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'priceOf', args: [kind] });
  const send = async (hash: `0x${string}`) => {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
    return receipt;
  };
  await send(await wallet.writeContract({ address: etro, abi: erc20Abi, functionName: 'approve', args: [nft, price] }));
  const receipt = await send(
    await wallet.writeContract({ address: nft, abi: eternoNftAbi, functionName: 'buy', args: [BigInt(kind), price] }),
  );
  const total = await client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'totalSupply' });
  const { seed, proof } = seedOpening(nftSeedSecret(localNftOperatorKey()), { chainId: chain.id, nft }, total);
  await send(
    await wallet.writeContract({
      address: nft,
      abi: eternoNftAbi,
      functionName: 'reveal',
      args: [total, seed, proof as [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex]],
    }),
  );
  expect(receipt.status).toBe('success');
  return total;
}

const ownerOf = (tokenId: bigint) =>
  chainClients(e2e.stack().rpcUrl).public.readContract({
    address: contracts().EternoNft!,
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [tokenId],
  });

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${e2e.stack().apiUrl}${path}`);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

const refusal = (page: Page) => page.getByTestId('node-refusal');
const sheetGone = (page: Page, sheet: string) =>
  page.getByTestId(sheet).waitFor({ state: 'detached', timeout: 90_000 });

describe('ecology › nodes', () => {
  test('create → join → edit → vote → a package → the next day’s reward in the node and the bills → quit; every refusal; screenshots', async () => {
    const stack = e2e.stack();
    const { EternoNodes: nodes, EternoNft: nft, ETRO: etro } = contracts();
    await mkdir(SHOTS_DIR, { recursive: true });

    // Alice: no partner NFT yet, so the create sheet refuses at once, with the way to buy one.
    const a = await e2e.browser();
    const alice = await installTestWallet(a.page, { rpcUrl: stack.rpcUrl, accountIndex: 1 });
    await signInVia(a.page, stack.webUrl, '/ecology/nodes');
    await a.page.getByTestId('node-list-empty').waitFor({ timeout: 60_000 });
    await a.page.getByTestId('node-create-open').click();
    expect(await refusal(a.page).getAttribute('data-problem')).toBe('NO_PARTNER_NFT');
    expect(await refusal(a.page).textContent()).toBe(
      `${nodeText('en', 'problems.NO_PARTNER_NFT')} ${nodeText('en', 'problems.buyNft')}`,
    );
    await a.page.getByTestId('node-buy-nft').click();
    await a.page.waitForURL((u) => u.pathname === '/ecology/nft');
    await a.page.getByTestId('nft-buy-partner-submit').click();
    await a.page.getByTestId('nft-1-hidden').waitFor({ timeout: 60_000 });
    await a.page.getByTestId('nft-1-reveal').click({ timeout: 60_000 });
    await a.page.getByTestId('nft-1-rarity').waitFor({ timeout: 60_000 });

    // The create form's refusals, in the user's language, before anything is sent.
    await a.page.goto(`${stack.webUrl}/ecology/nodes`);
    await a.page.getByTestId('node-create-open').click();
    const sheet = a.page.getByTestId('node-create-sheet');
    await sheet.waitFor();
    expect(await refusal(a.page).count()).toBe(0);
    alice.clearRequests();
    await a.page.getByTestId('node-create-sheet-submit').click();
    const problem = () => sheet.getByRole('alert').first().textContent();
    expect(await problem()).toBe(nodeText('en', 'problems.NAME_EMPTY'));
    await expectTextReallyVisible(sheet.getByRole('alert').first());
    await a.page.getByTestId('node-name-input').fill('N'.repeat(33));
    expect(await problem()).toBe(nodeText('en', 'problems.NAME_TOO_LONG', { max: 32 }));
    await a.page.getByTestId('node-name-input').fill('Alpha');
    await a.page.getByTestId('node-description-input').fill('d'.repeat(281));
    expect(await problem()).toBe(nodeText('en', 'problems.DESCRIPTION_TOO_LONG', { max: 280 }));
    await a.page.getByTestId('node-description-input').fill('The first node');
    await a.page.getByTestId('node-share-input').fill('30.5');
    expect(await problem()).toBe(nodeText('en', 'problems.SHARE_TOO_HIGH', { max: '30' }));
    await a.page.getByTestId('node-create-sheet-submit').click();
    expect(alice.requests('eth_sendTransaction')).toEqual([]);

    await a.page.getByTestId('node-share-input').fill('10');
    await a.page.getByTestId('node-create-sheet-submit').click();
    await sheetGone(a.page, 'node-create-sheet');
    await expectReallyVisible(successToast(a.page));
    const sent = alice.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase());
    expect(sent).toEqual([nft!.toLowerCase(), etro!.toLowerCase(), nodes!.toLowerCase()]);
    expect(await ownerOf(1n)).toBe(nodes);
    const card = a.page.locator('[data-testid="node-card"][data-node="1"]');
    await card.waitFor({ timeout: 60_000 });
    expect(await card.getByTestId('node-name').textContent()).toBe('Alpha');
    expect(await card.getByTestId('node-share').textContent()).toBe('10 %');
    expect(await card.getByTestId('node-members').textContent()).toBe('0');

    // Bob: refused without an entry NFT; then joins with one.
    const b = await e2e.browser();
    const bob = await installTestWallet(b.page, { rpcUrl: stack.rpcUrl, accountIndex: 2 });
    await signInVia(b.page, stack.webUrl, '/ecology/nodes/1');
    await b.page.getByTestId('node-join-open').click({ timeout: 60_000 });
    expect(await refusal(b.page).getAttribute('data-problem')).toBe('NO_ENTRY_NFT');
    expect(await refusal(b.page).textContent()).toContain(nodeText('en', 'problems.NO_ENTRY_NFT'));
    const entry = await buyRevealedFromNode(2, 0);
    await b.page.reload();
    await b.page.getByTestId('node-join-open').click({ timeout: 60_000 });
    await until('the entry NFT to be offered', async () => (await refusal(b.page).count()) === 0, {
      timeoutMs: 30_000,
    });
    bob.clearRequests();
    await b.page.getByTestId('node-join-sheet-submit').click();
    await sheetGone(b.page, 'node-join-sheet');
    expect(bob.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase())).toEqual([
      nft!.toLowerCase(),
      nodes!.toLowerCase(),
    ]);
    expect(await ownerOf(entry)).toBe(nodes);
    await b.page.locator('[data-testid="node-member"]').nth(1).waitFor({ timeout: 60_000 });
    // In a node, bob is not offered create: the note says why (one node per wallet).
    await b.page.goto(`${stack.webUrl}/ecology/nodes`);
    const inNode = b.page.getByTestId('node-create-in-node');
    await inNode.waitFor({ timeout: 60_000 });
    expect(await inNode.textContent()).toBe(nodeText('en', 'createInNode', { id: '1' }));
    expect(await b.page.getByTestId('node-create-open').count()).toBe(0);

    // Alice edits; she cannot close the node while bob is in it.
    await a.page.goto(`${stack.webUrl}/ecology/nodes/1`);
    await a.page.getByTestId('node-edit-open').click({ timeout: 60_000 });
    expect(await a.page.getByTestId('node-share-next-day').textContent()).toBe(nodeText('en', 'form.shareFromNextDay'));
    await a.page.getByTestId('node-description-input').fill('Edited by its master');
    await a.page.getByTestId('node-share-input').fill('15');
    await a.page.getByTestId('node-edit-sheet-submit').click();
    await sheetGone(a.page, 'node-edit-sheet');
    await until(
      'the edit to show',
      async () => (await a.page.getByTestId('node-description').textContent()) === 'Edited by its master',
      { timeoutMs: 60_000 },
    );
    expect(await a.page.getByTestId('node-share').textContent()).toBe('15 %');
    await a.page.getByTestId('node-quit-open').click();
    expect(await refusal(a.page).textContent()).toBe(nodeText('en', 'problems.MASTER_HAS_MEMBERS', { count: 1 }));
    alice.clearRequests();
    await a.page
      .getByTestId('node-quit-sheet')
      .getByRole('button', { name: nodeText('en', 'actions.close') })
      .click();
    expect(alice.requests('eth_sendTransaction')).toEqual([]);

    // Carol votes: above her balance is refused, 1,000 goes through, taking back more than that is refused.
    const c = await e2e.browser();
    const carol = await installTestWallet(c.page, { rpcUrl: stack.rpcUrl, accountIndex: 3 });
    await signInVia(c.page, stack.webUrl, '/ecology/nodes/1');
    await c.page.getByTestId('node-vote-open').click({ timeout: 60_000 });
    carol.clearRequests();
    await c.page.getByTestId('node-vote-amount-input').fill('1000000');
    expect(await c.page.getByTestId('node-vote-amount-problem').getAttribute('data-problem')).toBe(
      'VOTES_ABOVE_BALANCE',
    );
    await c.page.getByTestId('node-vote-sheet-submit').click();
    expect(carol.requests('eth_sendTransaction')).toEqual([]);
    await c.page.getByTestId('node-vote-amount-input').fill('1000');
    await c.page.getByTestId('node-vote-sheet-submit').click();
    await sheetGone(c.page, 'node-vote-sheet');
    expect(carol.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase())).toEqual([
      etro!.toLowerCase(),
      nodes!.toLowerCase(),
    ]);
    await c.page.getByTestId('node-unvote-open').click({ timeout: 60_000 });
    await c.page.getByTestId('node-unvote-amount-input').fill('1001');
    expect(await c.page.getByTestId('node-unvote-amount-problem').textContent()).toBe(
      nodeText('en', 'problems.VOTES_ABOVE_STAKE', { amount: '1,000' }),
    );
    await c.page
      .getByTestId('node-unvote-sheet')
      .getByRole('button', { name: nodeText('en', 'actions.close') })
      .click();
    await until(
      'the votes to be indexed',
      async () => (await api<NodeDetailJson>('/nodes/1')).node.votes === e18('1000').toString(),
      {
        timeoutMs: 60_000,
      },
    );

    // A package purchase feeds the pool; the chain moves on: the day it was bought carries the pool
    // (no node held power through it), the next day pays it to node 1, the only node.
    const session = await sessionTokenOf(a.page, alice.address);
    await payAuthorisation(
      stack.rpcUrl,
      stack.deployments,
      1,
      await requestAuthorisation(stack.apiUrl, session, 'package', 1, e18('100')),
    );
    await toSettlement(stack.rpcUrl, 2);
    const detail = await until(
      'the node’s reward day',
      async () => {
        const d = await api<NodeDetailJson>('/nodes/1');
        return d.rewards.length > 0 ? d : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const day = detail.rewards[0]!;
    // The day's pool is 1 % (poolBps) of the package, split by the protocol's rules: node 1 takes all of
    // it (the only node with power), the master 15 %, the NFTs the rest by weight (floors: dust carries).
    const pool = await api<NodePoolResponseJson>('/nodes/rewards');
    const paidDay = pool.days.find((d) => d.day === day.day)!;
    expect(BigInt(paidDay.pool)).toBe((e18('100') * BigInt(pool.poolBps)) / 10_000n);
    const split = splitNode(
      BigInt(paidDay.pool),
      1500,
      detail.members.map((m) => ({ account: m.account.toLowerCase(), tokenId: BigInt(m.tokenId), weight: m.weight })),
    );
    const partOf = (who: Address) =>
      split.nfts.filter((n) => n.account === who.toLowerCase()).reduce((sum, n) => sum + n.amount, 0n);
    const aliceShare = split.master + partOf(alice.address);
    const bobShare = partOf(bob.address);
    expect(BigInt(day.masterReward)).toBe(split.master);
    expect(BigInt(day.reward)).toBe(aliceShare + bobShare);
    expect(BigInt(paidDay.paid)).toBe(aliceShare + bobShare);
    await a.page.reload();
    await a.page.getByTestId('node-reward-day').first().waitFor({ timeout: 60_000 });
    for (const [who, share] of [
      [alice.address, aliceShare],
      [bob.address, bobShare],
    ] as const)
      expect(BigInt((await api<NodeAccountJson>(`/nodes/account/${who}`)).rewardTotal)).toBe(share);
    for (const [page, share] of [
      [a.page, aliceShare],
      [b.page, bobShare],
    ] as const) {
      await page.goto(`${stack.webUrl}/assets/overview/usdt`);
      await billRow(page, 'node_reward', share).waitFor({ state: 'visible', timeout: 60_000 });
    }

    // Screenshots: the list, the node with its reward day, a refusal; en and zh, portrait and landscape.
    for (const viewport of ['portrait', 'landscape'] as const) {
      const s = await e2e.browser({ viewport });
      await installTestWallet(s.page, { rpcUrl: stack.rpcUrl, accountIndex: 3 });
      await signInVia(s.page, stack.webUrl, '/ecology/nodes');
      for (const lang of ['en', 'zh'] as Lang[]) {
        await s.page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
        await s.page.goto(`${stack.webUrl}/ecology/nodes`);
        await s.page.locator('[data-testid="node-card"][data-node="1"]').waitFor({ timeout: 60_000 });
        expect(await errorScreen(s.page).count()).toBe(0);
        await settle(s.page);
        await s.page.screenshot({ path: join(SHOTS_DIR, `nodes.${viewport}.${lang}.png`) });
        await s.page.getByTestId('node-create-open').click({ timeout: 60_000 });
        await refusal(s.page).waitFor();
        expect(await refusal(s.page).textContent()).toContain(nodeText(lang, 'problems.NO_PARTNER_NFT'));
        await settle(s.page);
        await s.page.screenshot({ path: join(SHOTS_DIR, `nodes-create-refused.${viewport}.${lang}.png`) });
        await s.page.goto(`${stack.webUrl}/ecology/nodes/1`);
        await s.page.getByTestId('node-reward-day').first().waitFor({ timeout: 60_000 });
        await settle(s.page);
        await s.page.screenshot({ path: join(SHOTS_DIR, `node-detail.${viewport}.${lang}.png`) });
        await s.page.getByTestId('node-rewards').scrollIntoViewIfNeeded();
        await settle(s.page);
        await s.page.screenshot({ path: join(SHOTS_DIR, `node-detail.${viewport}.${lang}.rewards.png`) });
      }
      expect(s.pageErrors.map((e) => e.message)).toEqual([]);
    }

    // Review M-5: alice announces the close with bob still in; bob sees the date on the node (en, zh; the
    // 390×844 and 320×640 phones); nobody joins or votes meanwhile; before the date the close is refused;
    // after the 7-day notice alice closes with bob in and has her stake and partner NFT back; bob's NFT
    // waits for him in the closed node and he takes it back.
    await a.page.goto(`${stack.webUrl}/ecology/nodes/1`);
    await a.page.getByTestId('node-announce-open').click({ timeout: 60_000 });
    expect(await a.page.getByTestId('node-close-note').textContent()).toContain("7 days' notice");
    await a.page.getByTestId('node-announce-sheet-submit').click();
    await sheetGone(a.page, 'node-announce-sheet');
    const { public: client, test: testClient } = chainClients(stack.rpcUrl);
    const { closeAt } = await client.readContract({
      address: nodes!,
      abi: eternoNodesAbi,
      functionName: 'nodeOf',
      args: [1n],
    });
    await until(
      'the close to be indexed',
      async () => (await api<NodeDetailJson>('/nodes/1')).node.closeAt === closeAt.toString(),
      {
        timeoutMs: 60_000,
      },
    );
    await b.page.goto(`${stack.webUrl}/ecology/nodes/1`);
    await b.page.getByTestId('node-closing-banner').waitFor({ timeout: 60_000 });
    expect(await b.page.getByTestId('node-vote-open').count()).toBe(0);
    for (const lang of ['en', 'zh'] as Lang[]) {
      await b.page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
      for (const [size, viewport] of [
        ['portrait', { width: 390, height: 844 }],
        ['small', { width: 320, height: 640 }],
      ] as const) {
        await b.page.setViewportSize(viewport);
        await b.page.goto(`${stack.webUrl}/ecology/nodes/1`);
        await b.page.getByTestId('node-closing-banner').waitFor({ timeout: 60_000 });
        const [before, after] = nodeText(lang, 'detail.closing', { date: '\u0000' }).split('\u0000');
        const banner = (await b.page.getByTestId('node-closing-banner').textContent())!;
        expect(banner.startsWith(before!) && banner.endsWith(after!)).toBe(true);
        await settle(b.page);
        await b.page.screenshot({ path: join(SHOTS_DIR, `node-closing.${size}.${lang}.png`) });
      }
    }
    await b.page.evaluate('localStorage.setItem("lang", "en")');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await a.page.reload();
    await a.page.getByTestId('node-quit-open').click({ timeout: 60_000 });
    await until(
      'the not-due refusal',
      async () => (await refusal(a.page).getAttribute('data-problem')) === 'CLOSE_NOT_DUE',
      {
        timeoutMs: 30_000,
      },
    );
    alice.clearRequests();
    await a.page.getByTestId('node-quit-sheet-submit').click({ force: true });
    expect(alice.requests('eth_sendTransaction')).toEqual([]);
    await a.page
      .getByTestId('node-quit-sheet')
      .getByRole('button', { name: nodeText('en', 'actions.close') })
      .click();
    await testClient.setNextBlockTimestamp({ timestamp: BigInt(closeAt) + 1n });
    await testClient.mine({ blocks: 1 });
    const aliceEtro = await client.readContract({
      address: etro!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice.address],
    });
    await a.page.reload();
    await a.page.getByTestId('node-quit-open').click({ timeout: 60_000 });
    await until('the close text', async () => (await refusal(a.page).count()) === 0, { timeoutMs: 60_000 });
    await a.page.getByTestId('node-quit-sheet-submit').click();
    await sheetGone(a.page, 'node-quit-sheet');
    expect(await ownerOf(1n)).toBe(alice.address);
    expect(
      await client.readContract({ address: etro!, abi: erc20Abi, functionName: 'balanceOf', args: [alice.address] }),
    ).toBe(aliceEtro + e18('10000'));
    expect(await ownerOf(entry)).toBe(nodes);
    await a.page.getByText(nodeText('en', 'detail.closed')).waitFor({ timeout: 60_000 });
    await b.page.goto(`${stack.webUrl}/ecology/nodes/1`);
    await b.page.getByTestId('node-waiting-banner').waitFor({ timeout: 60_000 });
    await settle(b.page);
    await b.page.screenshot({ path: join(SHOTS_DIR, `node-closed-waiting.portrait.en.png`) });
    expect((await api<NodeAccountJson>(`/nodes/account/${bob.address}`)).waiting).toEqual({
      nodeId: '1',
      name: 'Alpha',
      tokenId: entry.toString(),
    });
    // The Nodes list's "Me in the node area" says the NFT waits (not "in no node"), en and zh, on the
    // 390×844 and 320×640 phones, and takes it back with the node page's quit sheet.
    const waitingCard = b.page.getByTestId('node-me');
    for (const lang of ['en', 'zh'] as Lang[]) {
      await b.page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
      for (const [size, viewport] of [
        ['portrait', { width: 390, height: 844 }],
        ['small', { width: 320, height: 640 }],
      ] as const) {
        await b.page.setViewportSize(viewport);
        await b.page.goto(`${stack.webUrl}/ecology/nodes`);
        await waitingCard.getByTestId('node-waiting').waitFor({ timeout: 60_000 });
        expect(await waitingCard.getByTestId('node-waiting').textContent()).toBe(
          nodeText(lang, 'mine.waiting', { token: entry.toString(), name: 'Alpha', id: '1' }),
        );
        expect(await waitingCard.getByTestId('node-membership').count()).toBe(0);
        await until('the reclaim to be offered', () => waitingCard.getByTestId('node-reclaim-open').isEnabled(), {
          timeoutMs: 60_000,
        });
        expect(await waitingCard.getByTestId('node-reclaim-open').textContent()).toBe(
          nodeText(lang, 'actions.reclaim'),
        );
        expect(await b.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
        await waitingCard.scrollIntoViewIfNeeded();
        await settle(b.page);
        await b.page.screenshot({ path: join(SHOTS_DIR, `nodes-waiting.${size}.${lang}.png`) });
      }
    }
    await b.page.evaluate('localStorage.setItem("lang", "en")');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.reload();
    await until('the reclaim to be offered', () => waitingCard.getByTestId('node-reclaim-open').isEnabled(), {
      timeoutMs: 60_000,
    });
    bob.clearRequests();
    await waitingCard.getByTestId('node-reclaim-open').click();
    expect(await b.page.getByTestId('node-quit-sheet').textContent()).toContain(
      nodeText('en', 'quit.member', { token: entry.toString() }),
    );
    await b.page.getByTestId('node-quit-sheet-submit').click();
    await sheetGone(b.page, 'node-quit-sheet');
    expect(bob.requests('eth_sendTransaction').map((r) => (r.params[0] as { to: string }).to.toLowerCase())).toEqual([
      nodes!.toLowerCase(),
    ]);
    expect(await ownerOf(entry)).toBe(bob.address);
    await until(
      'bob’s NFT to be back in the index',
      async () => (await api<NodeDetailJson>('/nodes/1')).node.members === 0,
      {
        timeoutMs: 60_000,
      },
    );
    expect((await api<NodeAccountJson>(`/nodes/account/${bob.address}`)).waiting).toBeNull();
    await until(
      'the card to say bob is in no node',
      async () => (await waitingCard.getByTestId('node-membership').textContent()) === nodeText('en', 'mine.none'),
      { timeoutMs: 60_000 },
    );
    expect(await waitingCard.getByTestId('node-waiting').count()).toBe(0);
    expect(b.pageErrors.map((e) => e.message)).toEqual([]);
    expect(a.pageErrors.map((e) => e.message)).toEqual([]);
  });
});
