/**
 * The writes every ledger handler shares: one bill row, and additions to a user's ledger row, the
 * vault user's counts and the vault's per-token totals (docs/decisions/ledger.md). Addresses are
 * stored lower-case. The aggregates are sums of events: Ponder reverts them with the events on a
 * reorg, and a rebuild from an empty database adds the same events up again.
 */
import type { Context } from 'ponder:registry';
import { bill, ledgerBalance, vaultToken, vaultUser } from 'ponder:schema';
import type { AnyBillType } from '@eterno/protocol/vaultApi';
import type { Address, Hex } from 'viem';

type Db = Context['db'];

export const low = (address: Address): Address => address.toLowerCase() as Address;

/** Where a bill sits: its block, log index, time and transaction (from `eventPlace`). */
export type BillPlace = { blockNumber: bigint; logIndex: number; timestamp: bigint; txHash: Hex };

/** Upserts the bill `id`: `amount` is signed (negative = money out of the user). */
export async function writeBill(
  db: Db,
  id: string,
  entry: { user: Address; type: AnyBillType; token: Address; amount: bigint },
  place: BillPlace,
): Promise<void> {
  const row = { ...entry, user: low(entry.user), token: low(entry.token), ...place };
  await db
    .insert(bill)
    .values({ id, ...row })
    .onConflictDoUpdate(row);
}

export type LedgerDelta = Partial<{
  credited: bigint;
  unreleased: bigint;
  released: bigint;
  withdrawn: bigint;
  contributed: bigint;
}>;

/** Adds `delta` to the user's ledger row for `token` (made on first use). */
export async function addToLedger(db: Db, user: Address, token: Address, delta: LedgerDelta): Promise<void> {
  const d = {
    credited: delta.credited ?? 0n,
    unreleased: delta.unreleased ?? 0n,
    released: delta.released ?? 0n,
    withdrawn: delta.withdrawn ?? 0n,
    contributed: delta.contributed ?? 0n,
  };
  await db
    .insert(ledgerBalance)
    .values({ user: low(user), token: low(token), ...d })
    .onConflictDoUpdate((row) => ({
      credited: row.credited + d.credited,
      unreleased: row.unreleased + d.unreleased,
      released: row.released + d.released,
      withdrawn: row.withdrawn + d.withdrawn,
      contributed: row.contributed + d.contributed,
    }));
}

/** Counts one vault event of `kind` for the user (the next nonce of that kind, as indexed). */
export async function countVaultEvent(
  db: Db,
  user: Address,
  kind: 'deposit' | 'withdraw' | 'exchange',
  blockNumber: bigint,
): Promise<void> {
  const one = (k: typeof kind) => (k === kind ? 1 : 0);
  await db
    .insert(vaultUser)
    .values({
      user: low(user),
      depositCount: one('deposit'),
      withdrawCount: one('withdraw'),
      exchangeCount: one('exchange'),
      firstBlock: blockNumber,
    })
    .onConflictDoUpdate((row) => ({
      depositCount: row.depositCount + one('deposit'),
      withdrawCount: row.withdrawCount + one('withdraw'),
      exchangeCount: row.exchangeCount + one('exchange'),
    }));
}

export type TokenDelta = Partial<{
  deposited: bigint;
  withdrawn: bigint;
  exchangedIn: bigint;
  exchangedOut: bigint;
  funded: bigint;
  liabilities: bigint;
}>;

/** Adds `delta` to the vault's totals for `token`. */
export async function addToVaultToken(db: Db, token: Address, delta: TokenDelta): Promise<void> {
  const d = {
    deposited: delta.deposited ?? 0n,
    withdrawn: delta.withdrawn ?? 0n,
    exchangedIn: delta.exchangedIn ?? 0n,
    exchangedOut: delta.exchangedOut ?? 0n,
    funded: delta.funded ?? 0n,
    liabilities: delta.liabilities ?? 0n,
  };
  await db
    .insert(vaultToken)
    .values({ token: low(token), ...d })
    .onConflictDoUpdate((row) => ({
      deposited: row.deposited + d.deposited,
      withdrawn: row.withdrawn + d.withdrawn,
      exchangedIn: row.exchangedIn + d.exchangedIn,
      exchangedOut: row.exchangedOut + d.exchangedOut,
      funded: row.funded + d.funded,
      liabilities: row.liabilities + d.liabilities,
    }));
}
