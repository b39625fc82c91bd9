import type { Address } from 'viem';
import { lockLedgerAbi } from '../generated/abis.ts';
import { viewRead, type ReadResults } from '../multicall.ts';
import { lockProgress, type LockProgress } from './lockProgress.ts';

/**
 * The LockLedger sub-calls a screen adds to its one Multicall3 read to show the lock balance card:
 * `summaryOf`, `releaseTimesOf`, `quoteClaim` and `releasedByKind` of `account` (add them as one named group to
 * the screen's reads and pass that group's answers to `lockFromAnswers`). Each is bounded on chain (the ledger
 * keeps no per-entry list).
 */
export function lockReads(ledger: Address, account: Address) {
  return {
    summary: viewRead('LockLedger.summaryOf', ledger, lockLedgerAbi, 'summaryOf', [account]),
    times: viewRead('LockLedger.releaseTimesOf', ledger, lockLedgerAbi, 'releaseTimesOf', [account]),
    quote: viewRead('LockLedger.quoteClaim', ledger, lockLedgerAbi, 'quoteClaim', [account]),
    byKind: viewRead('LockLedger.releasedByKind', ledger, lockLedgerAbi, 'releasedByKind', [account]),
  };
}

export type LockAnswers = ReadResults<ReturnType<typeof lockReads>>;

/** The lock card's figures from the answers of `lockReads` (all read in one block). */
export function lockFromAnswers({ summary, times, quote, byKind }: LockAnswers): LockProgress {
  const [credited, released, claimed] = summary;
  return lockProgress(
    { credited, released, claimed },
    { next: times[0], last: times[1] },
    { amount: quote[0], fee: quote[1] },
    { swap: byKind[0], stake: byKind[1] },
  );
}
