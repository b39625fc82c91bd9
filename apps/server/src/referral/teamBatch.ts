/**
 * The team figures of one account per request, read in shared statements: the accounts asked
 * while the database is busy go together in the next `teamRows` statement (it takes many wallets),
 * so 50 concurrent requests cost a few statements, not 50 — fewer round trips for the API process
 * and fewer executor start-ups for PostgreSQL (docs/decisions/referral.md, "Speed").
 *
 * Freshness: an account is only ever answered by a statement SENT after it was asked for (the queue
 * is taken when a statement is sent), so an answer is never older than the request, exactly as
 * with one statement per request.
 */
import type { Hex } from 'viem';
import type { TeamRow } from './teamSql.ts';

/** One account's team figures (undefined: not registered), read in a shared statement. */
export type TeamReader = (wallet: Hex) => Promise<TeamRow | undefined>;

export type TeamReaderOptions = {
  /** Statements running at once (the database's cores: beyond that they only queue there). */
  maxInFlight?: number;
  /** Accounts per statement at most. */
  maxBatch?: number;
};

type Waiting = { resolve(row: TeamRow | undefined): void; reject(error: unknown): void };

/** `read`: the team figures of several accounts in one statement (`teamRows`). */
export function teamReader(
  read: (wallets: Hex[]) => Promise<TeamRow[]>,
  { maxInFlight = 2, maxBatch = 100 }: TeamReaderOptions = {},
): TeamReader {
  let asked = new Map<Hex, Waiting[]>();
  let inFlight = 0;
  let scheduled = false;

  const run = async (batch: Map<Hex, Waiting[]>): Promise<void> => {
    try {
      const found = new Map((await read([...batch.keys()])).map((r) => [r.wallet.toLowerCase(), r]));
      for (const [wallet, waiting] of batch) for (const w of waiting) w.resolve(found.get(wallet));
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    } finally {
      inFlight--;
      send();
    }
  };

  const send = (): void => {
    while (inFlight < maxInFlight && asked.size > 0) {
      let batch = asked;
      if (asked.size <= maxBatch) asked = new Map();
      else {
        batch = new Map([...asked].slice(0, maxBatch));
        for (const wallet of batch.keys()) asked.delete(wallet);
      }
      inFlight++;
      void run(batch);
    }
  };

  return (wallet) =>
    new Promise<TeamRow | undefined>((resolve, reject) => {
      const key = wallet.toLowerCase() as Hex;
      const waiting = asked.get(key);
      if (waiting === undefined) asked.set(key, [{ resolve, reject }]);
      else waiting.push({ resolve, reject });
      // Requests parsed in the same turn of the event loop join one statement.
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          send();
        });
      }
    });
}
