/**
 * The vault's figures for the data index, from the indexed ledger tables (ponder.schema.ts): how
 * many users have used the vault, per token what came in and went out and what the ledger owes
 * users, as of the latest indexed block.
 */
import { asc, count, eq } from 'ponder';
import type { Address } from 'viem';
import { indexedHead, vaultToken, vaultUser } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';

export type VaultTokenStats = {
  token: Address;
  deposited: bigint;
  withdrawn: bigint;
  exchangedIn: bigint;
  exchangedOut: bigint;
  funded: bigint;
  /** What the ledger owes users in this token: Σ credited − Σ withdrawn. */
  liabilities: bigint;
};

export type VaultStats = {
  users: bigint;
  tokens: VaultTokenStats[];
  /** The latest indexed block (null before the first one is indexed). */
  head: { blockNumber: bigint; timestamp: bigint } | null;
};

/** Reads the three tables in one statement each; tokens in address order. */
export async function readVaultStats(db: ApiDb): Promise<VaultStats> {
  const [[users], tokens, [head]] = await Promise.all([
    db.select({ n: count() }).from(vaultUser),
    db.select().from(vaultToken).orderBy(asc(vaultToken.token)),
    db.select().from(indexedHead).where(eq(indexedHead.id, 'head')).limit(1),
  ]);
  return {
    users: BigInt(users?.n ?? 0),
    tokens: tokens.map((t) => ({
      token: t.token,
      deposited: t.deposited,
      withdrawn: t.withdrawn,
      exchangedIn: t.exchangedIn,
      exchangedOut: t.exchangedOut,
      funded: t.funded,
      liabilities: t.liabilities,
    })),
    head: head === undefined ? null : { blockNumber: head.blockNumber, timestamp: head.timestamp },
  };
}
