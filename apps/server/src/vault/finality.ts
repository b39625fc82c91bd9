/**
 * What of the indexed chain is final: the block `confirmations` below the indexed head (the deployments'
 * `confirmations`, 0 on the local chain), and its time. A withdrawal is judged only on final state, and
 * a voucher or quote stops holding its amount only once its deadline has passed on final state: the chain
 * cannot take that back (security review M-2, docs/decisions/vouchers.md).
 *
 * `watermark()` is the latest final time seen so far: every voucher with a deadline before it is expired
 * for good, so the stores need not read it (final times only grow).
 */
import type { VaultChain } from './chain.ts';
import type { IndexedHead } from './ledgerView.ts';

export type FinalHead = { blockNumber: bigint; timestamp: bigint };

export type Finality = {
  readonly confirmations: number;
  /** The final block under `head` and its time (the head itself with 0 confirmations). */
  of(head: IndexedHead): Promise<FinalHead>;
  /** The latest final time seen (0 before the first). */
  watermark(): bigint;
};

export function createFinality(confirmations: number, chain: Pick<VaultChain, 'blockTime'>): Finality {
  if (!Number.isSafeInteger(confirmations) || confirmations < 0)
    throw new RangeError(`confirmations must be a non-negative integer, not ${confirmations}`);
  let seen = 0n;
  const depth = BigInt(confirmations);
  return {
    confirmations,
    async of(head) {
      const final: FinalHead =
        depth === 0n
          ? head
          : head.blockNumber <= depth
            ? { blockNumber: 0n, timestamp: 0n }
            : { blockNumber: head.blockNumber - depth, timestamp: await chain.blockTime(head.blockNumber - depth) };
      if (final.timestamp > seen) seen = final.timestamp;
      return final;
    },
    watermark: () => seen,
  };
}
