/**
 * The NFT module on anvil (deploy + seed): alice reads the sale (prices, odds) in one call, buys a
 * partner NFT through the plan (exact approval, ETRO burned), waits for its reveal block, reveals it
 * and reads the rarity the reveal block's hash drew; the pure helpers (kinds, reveal states, odds).
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
  type PublicClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { deploy, NFT_SETTINGS } from '@eterno/devstack/deploy';
import { revertEachTest, startAnvil, type Anvil } from '@eterno/devstack/testChain';
import { GAS_LIMIT, GAS_PRICE, LOCAL_TEST_MNEMONIC, defineEternoChain } from '../chain.ts';
import type { Deployments } from '../deployments.ts';
import { eternoNftAbi } from '../generated/abis.ts';
import { executeSteps, type TxClients } from '../tx/execute.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { nftImage, nftKindOf, oddsFrom, rarityOf, revealState } from './kinds.ts';
import { planBuyNft, planRevealNft } from './planNft.ts';
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
  it('reads the sale: prices, odds, the reveal delay, no NFT yet', async () => {
    const view = await read();
    expect(view.prices).toEqual({ entry: NFT_SETTINGS.entry.price, partner: NFT_SETTINGS.partner.price });
    expect(view.odds).toEqual({
      entry: oddsFrom(NFT_SETTINGS.entry.odds),
      partner: oddsFrom(NFT_SETTINGS.partner.odds),
    });
    expect(view.revealDelay).toBe(2n);
    expect(view.salePaused).toBe(false);
    expect(view.owned).toEqual([]);
    expect(view.ownedTotal).toBe(0n);
    expect(view.balance).toBeGreaterThan(0n);
  });

  it('buys a partner NFT (exact approval, ETRO burned), then reveals it from its reveal block', async () => {
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
    expect(bought!.args.revealBlock).toBe(receipt.blockNumber + 2n);
    expect((await burned()) - burnedBefore).toBe(NFT_SETTINGS.partner.price);

    const pending = await read();
    expect(pending.balance).toBe(before.balance - NFT_SETTINGS.partner.price);
    expect(pending.owned).toEqual([
      { tokenId: 1n, kind: 'partner', rarity: null, revealBlock: receipt.blockNumber + 2n, reveal: 'waiting' },
    ]);

    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 3 });
    expect((await read()).owned[0]!.reveal).toBe('ready');
    const [revealHash] = await executeSteps(planRevealNft(pending.nft, 1n), clients());
    const revealReceipt = await client.getTransactionReceipt({ hash: revealHash! });
    const [revealed] = parseEventLogs({ abi: eternoNftAbi, eventName: 'Revealed', logs: revealReceipt.logs });
    // The rarity is what the reveal block's hash draws with the partner odds.
    const hash = (await client.getBlock({ blockNumber: receipt.blockNumber + 2n })).hash;
    const roll =
      BigInt(
        keccak256(
          encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }], [hash, 1n, pending.nft]),
        ),
      ) % 10_000n;
    const cumulative = [4000n, 7500n, 9500n];
    const want = cumulative.findIndex((c) => roll < c) + 1 || 4;
    expect(revealed?.args).toMatchObject({ tokenId: 1n, rarity: want, expired: false });
    const after = await read();
    expect(after.owned[0]).toMatchObject({ tokenId: 1n, kind: 'partner', rarity: rarityOf(want), reveal: null });
  });

  it('skips the approval when the allowance covers the price, and refuses a buy above the balance before sending', async () => {
    const view = await read();
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

describe('NFT kinds and reveal states', () => {
  it('names kinds and rarities by their contract numbers, and the image of each', () => {
    expect([nftKindOf(0), nftKindOf(1)]).toEqual(['entry', 'partner']);
    expect(() => nftKindOf(2)).toThrow(RangeError);
    expect([0, 1, 2, 3, 4].map(rarityOf)).toEqual([null, 'N', 'R', 'SR', 'SSR']);
    expect(() => rarityOf(5)).toThrow(RangeError);
    expect(nftImage('partner', 'SSR')).toBe('/nft/partner-ssr.svg');
  });

  it('is waiting until the reveal block is mined, ready for 256 blocks, then expired', () => {
    expect(revealState(100n, 100n)).toBe('waiting');
    expect(revealState(100n, 101n)).toBe('ready');
    expect(revealState(100n, 356n)).toBe('ready');
    expect(revealState(100n, 357n)).toBe('expired');
  });

  it('accepts odds only when they add up to 100 %', () => {
    expect(oddsFrom([6000, 2800, 1000, 200])).toEqual({ N: 6000, R: 2800, SR: 1000, SSR: 200 });
    expect(() => oddsFrom([6000, 2800, 1000, 201])).toThrow(RangeError);
    expect(() => oddsFrom([10_000])).toThrow(RangeError);
  });
});
