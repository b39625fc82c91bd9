import type { Address } from 'viem';
import { lockLedgerAbi } from '../generated/abis.ts';
import { viewRead, type ReadResults } from '../multicall.ts';
import { lockProgress, type LockEntry, type LockProgress } from './lockProgress.ts';

/**
 * The LockLedger sub-calls a screen adds to its one Multicall3 read to show the lock balance card:
 * `summaryOf`, `entriesOf` and `quoteClaim` of `account` (add them as one named group to the screen's
 * reads and pass that group's answers to `lockFromAnswers`).
 */
export function lockReads(ledger: Address, account: Address) {
  return {
    summary: viewRead('LockLedger.summaryOf', ledger, lockLedgerAbi, 'summaryOf', [account]),
    entries: viewRead('LockLedger.entriesOf', ledger, lockLedgerAbi, 'entriesOf', [account]),
    quote: viewRead('LockLedger.quoteClaim', ledger, lockLedgerAbi, 'quoteClaim', [account]),
  };
}

export type LockAnswers = ReadResults<ReturnType<typeof lockReads>>;

/** The lock card's figures from the answers of `lockReads`, read at a block whose timestamp is `now`. */
export function lockFromAnswers({ summary, entries: rawEntries, quote }: LockAnswers, now: bigint): LockProgress {
  const [credited, released, claimed] = summary;
  const entries = rawEntries.map(
    (entry): LockEntry => ({
      amount: entry.amount,
      start: BigInt(entry.start),
      duration: BigInt(entry.duration),
      revoked: entry.revoked,
    }),
  );
  return lockProgress({ credited, released, claimed }, entries, { amount: quote[0], fee: quote[1] }, now);
}
