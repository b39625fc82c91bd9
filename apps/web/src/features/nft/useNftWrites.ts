import type { Address } from 'viem';
import type { NftKind } from '@eterno/protocol/nft/kinds';
import { planBuyNft, planRevealNft } from '@eterno/protocol/nft/planNft';
import type { NftView } from '@eterno/protocol/nft/readNft';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Buy: approve exactly the price when the allowance is short, then `buy(kind, price)`. */
export function useBuyNft(): { tx: Transaction; buy: (view: NftView, kind: NftKind) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return { tx, buy: (view, kind) => tx.run(() => planBuyNft(view, kind)) };
}

/** Reveal: `reveal(tokenId)`. */
export function useRevealNft(): { tx: Transaction; reveal: (nft: Address, tokenId: bigint) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return { tx, reveal: (nft, tokenId) => tx.run(() => planRevealNft(nft, tokenId)) };
}
