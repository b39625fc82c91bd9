import { useState } from 'react';
import type { Address } from 'viem';
import type { NftKind } from '@eterno/protocol/nft/kinds';
import { planBuyNft, planRevealNft } from '@eterno/protocol/nft/planNft';
import type { NftView } from '@eterno/protocol/nft/readNft';
import { fetchNftSeed, type NftSeed } from '../../api/nft.ts';
import { useTransaction, type Transaction, type TxOutcome } from '../../tx/useTransaction.ts';

/** Buy: approve exactly the price when the allowance is short, then `buy(kind, price)`. */
export function useBuyNft(): { tx: Transaction; buy: (view: NftView, kind: NftKind) => Promise<TxOutcome> } {
  const tx = useTransaction();
  return { tx, buy: (view, kind) => tx.run(() => planBuyNft(view, kind)) };
}

/** Where a reveal is: fetching the seed (step 1 of 2), or the seed's refusal; the transaction is `tx`. */
export type SeedStep =
  | { readonly phase: 'idle' }
  | { readonly phase: 'fetching'; readonly tokenId: bigint }
  | { readonly phase: 'fetched'; readonly tokenId: bigint }
  | { readonly phase: 'failed'; readonly tokenId: bigint; readonly error: unknown };

export type RevealControl = {
  tx: Transaction;
  seed: SeedStep;
  /** Step 1: the seed from the server (the owner's session); step 2: `reveal(tokenId, seed, proof)`. */
  reveal: (nft: Address, tokenId: bigint) => Promise<TxOutcome>;
};

/** The two steps behind one "Reveal", with the server call injectable (tests). */
export function useRevealNft(fetchSeed: (tokenId: bigint) => Promise<NftSeed> = fetchNftSeed): RevealControl {
  const tx = useTransaction();
  const [seed, setSeed] = useState<SeedStep>({ phase: 'idle' });
  return {
    tx,
    seed,
    reveal: async (nft, tokenId) => {
      tx.reset();
      setSeed({ phase: 'fetching', tokenId });
      let opening: NftSeed;
      try {
        opening = await fetchSeed(tokenId);
      } catch (error) {
        setSeed({ phase: 'failed', tokenId, error });
        return 'failed';
      }
      setSeed({ phase: 'fetched', tokenId });
      return tx.run(() => planRevealNft(nft, tokenId, opening));
    },
  };
}
