import type { Address, Hex } from 'viem';
import { EternoError } from '../errors.ts';
import { eternoNftAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { nftKindNumber, type NftKind } from './kinds.ts';
import type { NftView } from './readNft.ts';
import { SEED_TREE_DEPTH } from './seedTree.ts';

/** No NFT can be bought until the operator commits more seeds (the contract would revert SeedsNotCommitted). */
export class NftSeedsExhaustedError extends EternoError<'NFT_SEEDS_EXHAUSTED'> {
  constructor() {
    super('NFT_SEEDS_EXHAUSTED');
  }
}

/**
 * Buying an NFT of `kind` at the price the screen showed: `[approve?, buy(kind, price)]`, the
 * approval for exactly that ETRO to the NFT contract, only when the allowance is below it; the price
 * is the buyer's maximum (a price raised meanwhile reverts instead of charging more). Throws
 * `NftSeedsExhaustedError` when no id with a committed seed is left, `InsufficientBalanceError` when
 * the ETRO balance is below the price (nothing is sent).
 */
export function planBuyNft(
  view: Pick<NftView, 'nft' | 'etro' | 'prices' | 'balance' | 'allowance' | 'seedsLeft'>,
  kind: NftKind,
): TxStep[] {
  if (view.seedsLeft === 0n) throw new NftSeedsExhaustedError();
  const price = view.prices[kind];
  return planWrite({
    action: 'nft.buy',
    call: { address: view.nft, abi: eternoNftAbi, functionName: 'buy', args: [BigInt(nftKindNumber(kind)), price] },
    spend: {
      token: view.etro,
      symbol: 'ETRO',
      spender: view.nft,
      amount: price,
      balance: view.balance,
      allowance: view.allowance,
    },
  });
}

/**
 * Revealing `tokenId` with its seed and proof (from the server, `GET /nft/seed/:tokenId`):
 * `[reveal(tokenId, seed, proof)]` (no token is spent). Throws a RangeError for a proof that is not
 * `SEED_TREE_DEPTH` long (the contract takes exactly that many).
 */
export function planRevealNft(
  nft: Address,
  tokenId: bigint,
  opening: { readonly seed: Hex; readonly proof: readonly Hex[] },
): TxStep[] {
  if (opening.proof.length !== SEED_TREE_DEPTH)
    throw new RangeError(`a seed proof has ${SEED_TREE_DEPTH} hashes, got ${opening.proof.length}`);
  const proof = opening.proof as readonly [Hex, Hex, Hex, Hex, Hex, Hex, Hex, Hex];
  return planWrite({
    action: 'nft.reveal',
    call: { address: nft, abi: eternoNftAbi, functionName: 'reveal', args: [tokenId, opening.seed, proof] },
  });
}
