import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoNftAbi } from '../generated/abis.ts';
import { aggregateStrict, blockNumberRead, viewRead, type CallClient } from '../multicall.ts';
import { nftKindOf, oddsFrom, rarityOf, type NftKind, type NftOdds, type Rarity } from './kinds.ts';
import { SEED_BATCH } from './seedTree.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';

/** One of the account's NFTs. */
export type OwnedNft = {
  readonly tokenId: bigint;
  readonly kind: NftKind;
  /** null until revealed (an unrevealed token can be revealed at any time, with its seed). */
  readonly rarity: Rarity | null;
};

/** What Ecology › NFT shows, from ONE Multicall3 eth_call. */
export type NftView = {
  readonly nft: Address;
  readonly etro: Address;
  readonly blockNumber: bigint;
  /** The account's ETRO and its allowance to the NFT contract. */
  readonly balance: bigint;
  readonly allowance: bigint;
  readonly prices: Readonly<Record<NftKind, bigint>>;
  /** The odds a purchase of each kind gets now (shown before buying). */
  readonly odds: Readonly<Record<NftKind, NftOdds>>;
  readonly salePaused: boolean;
  /**
   * How many more NFTs can be bought in the next block: ids with a seed committed in an earlier block
   * less those minted (0: the sale waits for the operator's next commit, NFT_SEEDS_EXHAUSTED).
   */
  readonly seedsLeft: bigint;
  /** The account's NFTs from `offset` (index order, the pages read), and how many it has. */
  readonly owned: readonly OwnedNft[];
  readonly ownedTotal: bigint;
};

/** The deployments name no NFT contract. */
export class NftNotDeployedError extends EternoError<'NOT_FOUND'> {
  constructor() {
    super('NOT_FOUND', 'the deployments name no EternoNft contract');
  }
}

/** The address of the NFT contract in the deployments; throws NftNotDeployedError without one. */
export function nftAddress(contracts: DeployedContracts): Address {
  const address = contracts.EternoNft;
  if (address === undefined) throw new NftNotDeployedError();
  return address;
}

/** How many of the account's NFTs one read lists (the contract's page cap is 100). */
export const NFT_PAGE = 50;

/**
 * Ecology › NFT for `account`: ETRO balance and allowance, both kinds' prices and odds, the sale's
 * state and the seeds left for purchases, and the account's NFTs (`getInfoByIndex(account, offset, limit)`) with the
 * block number they were read at, in ONE `eth_call` to Multicall3. `pages` (default 1) reads that
 * many pages of `limit` from `offset` in the same call ("load more" on the screen), each within the
 * contract's page cap; `owned` lists them in index order.
 */
export async function readNft(
  client: CallClient,
  args: { contracts: DeployedContracts; account: Address; offset?: bigint; limit?: bigint; pages?: number },
): Promise<NftView> {
  const nft = nftAddress(args.contracts);
  const etro = args.contracts.ETRO;
  const offset = args.offset ?? 0n;
  const limit = args.limit ?? BigInt(NFT_PAGE);
  const pageCount = args.pages ?? 1;
  if (!Number.isSafeInteger(pageCount) || pageCount < 1) throw new RangeError(`pages must be >= 1, got ${pageCount}`);
  const pageRead = (i: number) =>
    viewRead(`EternoNft.getInfoByIndex(page ${i})`, nft, eternoNftAbi, 'getInfoByIndex', [
      args.account,
      offset + BigInt(i) * limit,
      limit,
    ]);
  const pages = Object.fromEntries(Array.from({ length: pageCount }, (_, i) => [String(i), pageRead(i)])) as Record<
    string,
    ReturnType<typeof pageRead>
  >;
  const read = await aggregateStrict(client, args.contracts.Multicall3, {
    balance: viewRead('ETRO.balanceOf', etro, erc20Abi, 'balanceOf', [args.account]),
    allowance: viewRead('ETRO.allowance', etro, erc20Abi, 'allowance', [args.account, nft]),
    entryPrice: viewRead('EternoNft.priceOf(entry)', nft, eternoNftAbi, 'priceOf', [0]),
    partnerPrice: viewRead('EternoNft.priceOf(partner)', nft, eternoNftAbi, 'priceOf', [1]),
    entryOdds: viewRead('EternoNft.oddsOf(entry)', nft, eternoNftAbi, 'oddsOf', [0n]),
    partnerOdds: viewRead('EternoNft.oddsOf(partner)', nft, eternoNftAbi, 'oddsOf', [1n]),
    salePaused: viewRead('EternoNft.salePaused', nft, eternoNftAbi, 'salePaused', []),
    commitments: viewRead('EternoNft.seedCommitments', nft, eternoNftAbi, 'seedCommitments', []),
    supply: viewRead('EternoNft.totalSupply', nft, eternoNftAbi, 'totalSupply', []),
    pages,
    blockNumber: blockNumberRead(args.contracts.Multicall3),
  });
  const results = Array.from({ length: pageCount }, (_, i) => read.pages[String(i)]!);
  const infos = results.flatMap(([page]) => page);
  const total = results[0]![1];
  return {
    nft,
    etro,
    blockNumber: read.blockNumber,
    balance: read.balance,
    allowance: read.allowance,
    prices: { entry: read.entryPrice, partner: read.partnerPrice },
    odds: { entry: oddsFrom(read.entryOdds), partner: oddsFrom(read.partnerOdds) },
    salePaused: read.salePaused,
    // Every batch committed so far is usable by a purchase in the next block (the latest commit is in a
    // mined block, so an earlier one than that purchase's).
    seedsLeft: read.commitments[0] * SEED_BATCH - read.supply,
    owned: infos.map((info) => ({
      tokenId: info.tokenId,
      kind: nftKindOf(info.kind),
      rarity: rarityOf(info.rarity),
    })),
    ownedTotal: total,
  };
}
