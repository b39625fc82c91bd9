/**
 * The LedgerView over Ponder's tables (ponder.schema.ts: ledger_balance, vault_user,
 * vault_withdrawal, vault_exchange, vault_token, bill, pair_sync, indexed_head, regular_order), through Ponder's
 * read-only API database or the PostgreSQL reader's Drizzle (reader/indexerDb.ts).
 */
import { and, desc, eq, gte, inArray, lt, min, or, sql, sum } from 'ponder';
import type { Address } from 'viem';
import {
  bill,
  indexedHead,
  ledgerBalance,
  marketOrder,
  pairSync,
  regularOrder,
  vaultExchange,
  vaultUser,
  vaultWithdrawal,
} from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';
import type { LedgerSnapshot, LedgerView } from './ledgerView.ts';
import { MULTICALL_WAIT_MS } from './open.ts';

export function ponderLedger(db: ApiDb): LedgerView {
  // One statement: the head, and for each user asked its counts and ledger rows, as of the same
  // indexed block. Built once and prepared (named) on each connection: every voucher, quote and
  // balance request runs it. The users go as ONE text parameter (lower-case addresses joined by
  // commas), so the statement stays the same whatever their number.
  const snapshotsQuery = db
    .select({
      user: sql<string>`asked.address`,
      head: indexedHead,
      account: vaultUser,
      balance: ledgerBalance,
      lastBlock: sql<
        string | null
      >`(SELECT max(${bill.blockNumber})::text FROM ${bill} WHERE ${bill.user} = asked.address)`,
    })
    .from(indexedHead)
    .innerJoin(sql`unnest(string_to_array(${sql.placeholder('users')}, ',')) AS asked(address)`, sql`true`)
    .leftJoin(vaultUser, eq(vaultUser.user, sql`asked.address`))
    .leftJoin(ledgerBalance, eq(ledgerBalance.user, sql`asked.address`))
    .where(eq(indexedHead.id, 'head'))
    .prepare('eterno_ledger_snapshots');
  type SnapshotRows = Awaited<ReturnType<typeof snapshotsQuery.execute>>;

  const snapshotOf = (rows: SnapshotRows): LedgerSnapshot => {
    const first = rows[0];
    if (first === undefined)
      return { head: null, deposits: 0, withdrawals: 0, exchanges: 0, balances: [], lastBlock: null };
    return {
      head: { blockNumber: first.head.blockNumber, timestamp: first.head.timestamp },
      deposits: first.account?.depositCount ?? 0,
      withdrawals: first.account?.withdrawCount ?? 0,
      exchanges: first.account?.exchangeCount ?? 0,
      lastBlock: first.lastBlock === null ? null : BigInt(first.lastBlock),
      balances: rows.flatMap(({ balance: b }) =>
        b === null
          ? []
          : [
              {
                token: b.token,
                credited: b.credited,
                unreleased: b.unreleased,
                released: b.released,
                withdrawn: b.withdrawn,
                contributed: b.contributed,
              },
            ],
      ),
    };
  };

  // Snapshots asked in one window (opened by the first one asked after the last statement was
  // sent, `MULTICALL_WAIT_MS` long: the requests that read it also wait that long for their chain
  // reads) share one statement: one indexed block for all of them. A snapshot is never served from
  // a statement sent before it was asked for.
  let asked: Map<string, Array<{ resolve(s: LedgerSnapshot): void; reject(e: unknown): void }>> | null = null;
  const runSnapshots = async (batch: NonNullable<typeof asked>) => {
    try {
      const rows = await snapshotsQuery.execute({ users: [...batch.keys()].join(',') });
      const byUser = new Map<string, SnapshotRows>();
      for (const row of rows) byUser.set(row.user, [...(byUser.get(row.user) ?? []), row]);
      for (const [user, waiting] of batch) {
        const snap = snapshotOf(byUser.get(user) ?? []);
        for (const w of waiting) w.resolve(snap);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  };
  const ADDRESS = /^0x[0-9a-f]{40}$/;

  return {
    async head() {
      const [row] = await db.select().from(indexedHead).where(eq(indexedHead.id, 'head')).limit(1);
      return row ? { blockNumber: row.blockNumber, timestamp: row.timestamp } : null;
    },

    snapshot(user) {
      const address = user.toLowerCase();
      // Joined into the statement's one text parameter: only an address (never a comma).
      if (!ADDRESS.test(address)) return Promise.reject(new Error(`ledger snapshot: "${user}" is not an address`));
      return new Promise<LedgerSnapshot>((resolve, reject) => {
        if (asked === null) {
          const batch = new Map();
          asked = batch;
          setTimeout(() => {
            asked = null;
            void runSnapshots(batch);
          }, MULTICALL_WAIT_MS);
        }
        const waiting = asked.get(address);
        if (waiting === undefined) asked.set(address, [{ resolve, reject }]);
        else waiting.push({ resolve, reject });
      });
    },

    async withdrawalsOf(keys) {
      if (keys.length === 0) return [];
      const users = [...new Set(keys.map((k) => k.user))];
      const nonces = [...new Set(keys.map((k) => k.nonce))];
      const rows = await db
        .select()
        .from(vaultWithdrawal)
        .where(and(inArray(vaultWithdrawal.user, users), inArray(vaultWithdrawal.nonce, nonces)));
      return rows
        .filter((r) => keys.some((k) => k.user === r.user && k.nonce === r.nonce))
        .map((r) => ({
          user: r.user,
          token: r.token,
          amount: r.amount,
          nonce: r.nonce,
          deadline: r.deadline,
          timestamp: r.timestamp,
          txHash: r.txHash,
        }));
    },

    async exchangedOutSince(user, tokenOut, since) {
      const [row] = await db
        .select({ total: sum(vaultExchange.amountOut) })
        .from(vaultExchange)
        .where(
          and(eq(vaultExchange.user, user), eq(vaultExchange.tokenOut, tokenOut), gte(vaultExchange.timestamp, since)),
        );
      return row?.total ? BigInt(row.total) : 0n;
    },

    async vaultExchangedOutSince(tokenOut, since) {
      const [row] = await db
        .select({ total: sum(vaultExchange.amountOut) })
        .from(vaultExchange)
        .where(and(eq(vaultExchange.tokenOut, tokenOut), gte(vaultExchange.timestamp, since)));
      return row?.total ? BigInt(row.total) : 0n;
    },

    async exchangesOf(keys) {
      if (keys.length === 0) return [];
      const users = [...new Set(keys.map((k) => k.user))];
      const nonces = [...new Set(keys.map((k) => k.nonce))];
      const rows = await db
        .select({ user: vaultExchange.user, nonce: vaultExchange.nonce, blockNumber: vaultExchange.blockNumber })
        .from(vaultExchange)
        .where(and(inArray(vaultExchange.user, users), inArray(vaultExchange.nonce, nonces)));
      return rows.filter((r) => keys.some((k) => k.user === r.user && k.nonce === r.nonce));
    },

    async vaultSnapshot() {
      // Σ of the users' balances that are positive: a user paid more than the ledger credited (a signer bug,
      // a stolen key) is a loss of the vault, not less owed to the others. Plus every active fixed-term
      // order's principal and interest, in the token of its `regular` bill: paid in at once, credited only at
      // maturity, owed all along (second review S-3). One statement with the head.
      const owedRows = sql`(
        SELECT ${ledgerBalance.token} AS token, greatest(${ledgerBalance.credited} - ${ledgerBalance.withdrawn}, 0) AS owed
        FROM ${ledgerBalance}
        UNION ALL
        SELECT ${bill.token} AS token, ${regularOrder.principal} + ${regularOrder.interest} AS owed
        FROM ${regularOrder} JOIN ${bill} ON ${bill.id} = ${regularOrder.eventId}
        WHERE ${regularOrder.state} = 'active'
      ) AS owed_row`;
      const rows = await db
        .select({
          head: indexedHead,
          token: sql<Address | null>`owed_row.token`,
          owed: sql<string | null>`sum(owed_row.owed)::text`,
        })
        .from(indexedHead)
        .leftJoin(owedRows, sql`true`)
        .where(eq(indexedHead.id, 'head'))
        .groupBy(indexedHead.id, indexedHead.blockNumber, indexedHead.timestamp, indexedHead.hash, sql`owed_row.token`);
      const first = rows[0];
      const owed = new Map<Address, bigint>();
      for (const r of rows) if (r.token !== null && r.owed !== null) owed.set(r.token, BigInt(r.owed));
      return {
        head:
          first === undefined
            ? null
            : { blockNumber: first.head.blockNumber, timestamp: first.head.timestamp, hash: first.head.hash },
        owed,
      };
    },

    async bestEusdAsk() {
      const [row] = await db
        .select({ price: min(marketOrder.unitPrice) })
        .from(marketOrder)
        .where(eq(marketOrder.status, 'open'));
      return row?.price === null || row?.price === undefined ? null : BigInt(row.price);
    },

    async pairSyncsSince(since) {
      const order = [desc(pairSync.blockNumber), desc(pairSync.logIndex)];
      const [inWindow, [before]] = await Promise.all([
        db
          .select()
          .from(pairSync)
          .where(gte(pairSync.timestamp, since))
          .orderBy(...order),
        db
          .select()
          .from(pairSync)
          .where(lt(pairSync.timestamp, since))
          .orderBy(...order)
          .limit(1),
      ]);
      const rows = before === undefined ? inWindow : [...inWindow, before];
      return rows.reverse().map((r) => ({
        reserve0: r.reserve0,
        reserve1: r.reserve1,
        timestamp: r.timestamp,
        blockNumber: r.blockNumber,
        logIndex: r.logIndex,
      }));
    },

    async bills({ user, type, token, limit, before }) {
      const older =
        before === undefined
          ? undefined
          : or(
              lt(bill.timestamp, before.time),
              and(eq(bill.timestamp, before.time), lt(bill.blockNumber, before.blockNumber)),
              and(
                eq(bill.timestamp, before.time),
                eq(bill.blockNumber, before.blockNumber),
                lt(bill.logIndex, before.logIndex),
              ),
              and(
                eq(bill.timestamp, before.time),
                eq(bill.blockNumber, before.blockNumber),
                eq(bill.logIndex, before.logIndex),
                lt(bill.id, before.id),
              ),
            );
      const rows = await db
        .select()
        .from(bill)
        .where(
          and(
            eq(bill.user, user),
            type === undefined ? undefined : eq(bill.type, type),
            token === undefined ? undefined : eq(bill.token, token),
            older,
          ),
        )
        .orderBy(desc(bill.timestamp), desc(bill.blockNumber), desc(bill.logIndex), desc(bill.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        token: r.token as Address,
        amount: r.amount,
        timestamp: r.timestamp,
        blockNumber: r.blockNumber,
        logIndex: r.logIndex,
        txHash: r.txHash,
      }));
    },
  };
}
