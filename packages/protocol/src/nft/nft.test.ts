/**
 * The NFT module on anvil (deploy + seed): alice reads the sale (prices, odds, seeds left) in one call,
 * buys a partner NFT through the plan (exact approval, ETRO burned), reveals it with the seed the local
 * operator committed at deploy and reads the rarity drawn from that seed and the purchase's entropy;
 * the seed tree matches the contract's check; the pure helpers (kinds, odds, seed tree).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  encodeAbiParameters,
  keccak256,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEventLogs,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { deploy, localNftOperatorKey, NFT_SEEDS, NFT_SETTINGS } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoNftAbi } from '../generated/abis.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { nftImage, nftKindOf, oddsFrom, rarityOf } from './kinds.ts';
import { NftSeedsExhaustedError, planBuyNft, planRevealNft } from './planNft.ts';
import {
  SEED_BATCH,
  nftSeed,
  nftSeedSecret,
  seedBatchRoot,
  seedOpening,
  seedRootFrom,
  type SeedDomain,
} from './seedTree.ts';
import { NftNotDeployedError, readNft } from './readNft.ts';

const alice = mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 1 });
const DEAD = '0x000000000000000000000000000000000000dEaD';

let anvil: Anvil;
let deployments: Deployments;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil();
  deployments = await deploy({ rpcUrl: anvil.rpcUrl });
  client = createPublicClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});
revertEachTest(() => anvil.rpcUrl);

const clients = (): TxClients => ({
  publicClient: client,
  walletClient: createWalletClient({ chain: defineEternoChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) }),
  account: alice.address,
  chain: defineEternoChain(anvil.rpcUrl),
  gas: { gas: GAS_LIMIT, gasPrice: GAS_PRICE },
  receiptPollingInterval: 50,
});
const read = () => readNft(client, { contracts: deployments.contracts, account: alice.address });
const burned = () =>
  client.readContract({ address: deployments.contracts.ETRO, abi: erc20Abi, functionName: 'balanceOf', args: [DEAD] });

describe('readNft, planBuyNft, planRevealNft on anvil', () => {
  it('reads the sale: prices, odds, the ids with a committed seed, no NFT yet', async () => {
    const view = await read();
    expect(view.prices).toEqual({ entry: NFT_SETTINGS.entry.price, partner: NFT_SETTINGS.partner.price });
    expect(view.odds).toEqual({
      entry: oddsFrom(NFT_SETTINGS.entry.odds),
      partner: oddsFrom(NFT_SETTINGS.partner.odds),
    });
    expect(view.seedsLeft).toBe(BigInt(NFT_SEEDS.initialBatches) * SEED_BATCH);
    expect(view.salePaused).toBe(false);
    expect(view.owned).toEqual([]);
    expect(view.ownedTotal).toBe(0n);
    expect(view.balance).toBeGreaterThan(0n);
  });

  it('buys a partner NFT (exact approval, ETRO burned), then reveals it with its committed seed', async () => {
    const before = await read();
    const steps = planBuyNft(before, 'partner');
    expect(steps.map((s) => (s.kind === 'call' ? s.action : `approve ${s.symbol} ${s.amount}`))).toEqual([
      `approve ETRO ${NFT_SETTINGS.partner.price}`,
      'nft.buy',
    ]);
    const burnedBefore = await burned();
    const [, buyHash] = await executeSteps(steps, clients());
    const receipt = await client.getTransactionReceipt({ hash: buyHash! });
    const [bought] = parseEventLogs({ abi: eternoNftAbi, eventName: 'Bought', logs: receipt.logs });
    expect(bought?.args).toMatchObject({
      buyer: alice.address,
      tokenId: 1n,
      kind: 1,
      price: NFT_SETTINGS.partner.price,
    });
    expect((await burned()) - burnedBefore).toBe(NFT_SETTINGS.partner.price);

    const pending = await read();
    expect(pending.balance).toBe(before.balance - NFT_SETTINGS.partner.price);
    expect(pending.owned).toEqual([{ tokenId: 1n, kind: 'partner', rarity: null }]);
    expect(pending.seedsLeft).toBe(before.seedsLeft - 1n);

    // 300 blocks later (past the old 256-block window) the reveal still draws from its seed.
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 300 });
    const domain: SeedDomain = { chainId: deployments.chainId, nft: pending.nft };
    const opening = seedOpening(nftSeedSecret(localNftOperatorKey()), domain, 1n);
    const [revealHash] = await executeSteps(planRevealNft(pending.nft, 1n, opening), clients());
    const revealReceipt = await client.getTransactionReceipt({ hash: revealHash! });
    const [revealed] = parseEventLogs({ abi: eternoNftAbi, eventName: 'Revealed', logs: revealReceipt.logs });
    // The rarity is what the seed and the purchase's entropy draw with the partner odds.
    const roll =
      BigInt(
        keccak256(
          encodeAbiParameters(
            [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'address' }],
            [opening.seed, bought!.args.entropy!, 1n, pending.nft],
          ),
        ),
      ) % 10_000n;
    const cumulative = [4000n, 7500n, 9500n];
    const want = cumulative.findIndex((c) => roll < c) + 1 || 4;
    expect(revealed?.args).toMatchObject({ tokenId: 1n, rarity: want, seed: opening.seed });
    const after = await read();
    expect(after.owned[0]).toMatchObject({ tokenId: 1n, kind: 'partner', rarity: rarityOf(want) });
  });

  it('the seed tree is the one the contract checks: the committed roots, a proof of any id', async () => {
    const domain: SeedDomain = { chainId: deployments.chainId, nft: deployments.contracts.EternoNft };
    const secret = nftSeedSecret(localNftOperatorKey());
    for (const batch of [0n, BigInt(NFT_SEEDS.initialBatches - 1)]) {
      const committed = await client.readContract({
        address: domain.nft,
        abi: eternoNftAbi,
        functionName: 'seedRootOf',
        args: [batch],
      });
      expect(seedBatchRoot(secret, domain, batch)).toBe(committed);
    }
    for (const tokenId of [1n, 2n, 256n, 257n, 700n]) {
      const { seed, proof, root } = seedOpening(secret, domain, tokenId);
      expect(seedRootFrom(tokenId, seed, proof)).toBe(root);
      const onChain = await client.readContract({
        address: domain.nft,
        abi: eternoNftAbi,
        functionName: 'seedRootFrom',
        args: [tokenId, seed, proof as readonly [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex]],
      });
      expect(onChain).toBe(root);
    }
    // A seed is bound to its id, chain and contract; another key gives other seeds.
    expect(nftSeed(secret, domain, 1n)).not.toBe(nftSeed(secret, domain, 2n));
    expect(nftSeed(secret, domain, 1n)).not.toBe(nftSeed(secret, { ...domain, chainId: 1 }, 1n));
    expect(nftSeed(nftSeedSecret(`0x${'11'.repeat(32)}`), domain, 1n)).not.toBe(nftSeed(secret, domain, 1n));
    expect(() => planRevealNft(domain.nft, 1n, { seed: nftSeed(secret, domain, 1n), proof: [] })).toThrow(RangeError);
  });

  it('skips the approval when the allowance covers the price, and refuses a buy above the balance or without seeds before sending', async () => {
    const view = await read();
    expect(() => planBuyNft({ ...view, seedsLeft: 0n }, 'entry')).toThrow(NftSeedsExhaustedError);
    expect(planBuyNft({ ...view, allowance: view.prices.entry }, 'entry').map((s) => s.kind)).toEqual(['call']);
    expect(() => planBuyNft({ ...view, balance: view.prices.entry - 1n }, 'entry')).toThrow(InsufficientBalanceError);
  });

  it('reads more pages of my NFTs in the same eth_call ("load more"), in index order', async () => {
    for (let i = 0; i < 3; i++) await executeSteps(planBuyNft(await read(), 'entry'), clients());
    const page = (limit: bigint, pages?: number) =>
      readNft(client, {
        contracts: deployments.contracts,
        account: alice.address,
        limit,
        ...(pages !== undefined ? { pages } : {}),
      });
    const first = await page(2n);
    expect(first.owned.map((n) => n.tokenId)).toEqual([1n, 2n]);
    expect(first.ownedTotal).toBe(3n);
    const more = await page(2n, 2);
    expect(more.owned.map((n) => n.tokenId)).toEqual([1n, 2n, 3n]);
    expect(more.ownedTotal).toBe(3n);
    await expect(page(2n, 0)).rejects.toThrow(RangeError);
  });

  it('refuses to read without an NFT contract in the deployments', async () => {
    const { EternoNft: _, ...rest } = deployments.contracts;
    await expect(
      readNft(client, { contracts: rest as Deployments['contracts'], account: alice.address }),
    ).rejects.toThrow(NftNotDeployedError);
  });
});

describe('NFT kinds and odds', () => {
  it('names kinds and rarities by their contract numbers, and the image of each', () => {
    expect([nftKindOf(0), nftKindOf(1)]).toEqual(['entry', 'partner']);
    expect(() => nftKindOf(2)).toThrow(RangeError);
    expect([0, 1, 2, 3, 4].map(rarityOf)).toEqual([null, 'N', 'R', 'SR', 'SSR']);
    expect(() => rarityOf(5)).toThrow(RangeError);
    expect(nftImage('partner', 'SSR')).toBe('/nft/partner-ssr.svg');
  });

  it('accepts odds only when they add up to 100 %', () => {
    expect(oddsFrom([6000, 2800, 1000, 200])).toEqual({ N: 6000, R: 2800, SR: 1000, SSR: 200 });
    expect(() => oddsFrom([6000, 2800, 1000, 201])).toThrow(RangeError);
    expect(() => oddsFrom([10_000])).toThrow(RangeError);
  });
});
