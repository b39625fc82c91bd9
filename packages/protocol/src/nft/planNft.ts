import type { Address } from 'viem';
import { eternoNftAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { nftKindNumber, type NftKind } from './kinds.ts';
import type { NftView } from './readNft.ts';

/**
 * Buying an NFT of `kind` at the price the screen showed: `[approve?, buy(kind, price)]`, the
 * approval for exactly that ETRO to the NFT contract, only when the allowance is below it; the price
 * is the buyer's maximum (a price raised meanwhile reverts instead of charging more). Throws
 * `InsufficientBalanceError` when the ETRO balance is below the price (nothing is sent).
 */
export function planBuyNft(
  view: Pick<NftView, 'nft' | 'etro' | 'prices' | 'balance' | 'allowance'>,
  kind: NftKind,
): TxStep[] {
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

/** Revealing `tokenId`: `[reveal(tokenId)]` (no token is spent). */
export function planRevealNft(nft: Address, tokenId: bigint): TxStep[] {
  return planWrite({
    action: 'nft.reveal',
    call: { address: nft, abi: eternoNftAbi, functionName: 'reveal', args: [tokenId] },
  });
}
