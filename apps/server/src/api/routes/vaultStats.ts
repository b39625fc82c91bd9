/**
 * `GET /vault/stats` (public): the data index's ledger side — vault users, per token deposits,
 * withdrawals and the ledger's liabilities, and the open vouchers' reserved amounts when the
 * vouchers store is given (`reservedByToken`; "0" without it). The web reads the vault's holdings
 * on chain beside it.
 */
import type { VaultStatsJson } from '@eterno/protocol/vaultApi';
import { Hono } from 'hono';
import type { Address } from 'viem';
import { readVaultStats, type VaultStats } from '../../ledger/readVaultStats.ts';
import type { ApiDb } from './page.ts';

export type VaultStatsDeps = {
  /** The token's symbol (from the deployments), undefined for an address that is not ours. */
  symbolOf(token: Address): string | undefined;
  /** Σ of the open vouchers' amounts per token (lower-case addresses), from the vouchers store. */
  reservedByToken?(): Promise<ReadonlyMap<Address, bigint>>;
};

/** The wire answer; a token the deployments do not name shows its address as its symbol. */
export function vaultStatsJson(
  stats: VaultStats,
  symbolOf: VaultStatsDeps['symbolOf'],
  reserved: ReadonlyMap<Address, bigint>,
): VaultStatsJson {
  return {
    users: stats.users.toString(),
    tokens: stats.tokens.map((t) => ({
      token: t.token,
      symbol: symbolOf(t.token) ?? t.token,
      deposited: t.deposited.toString(),
      withdrawn: t.withdrawn.toString(),
      liabilities: t.liabilities.toString(),
      reserved: (reserved.get(t.token.toLowerCase() as Address) ?? 0n).toString(),
    })),
    blockNumber: (stats.head?.blockNumber ?? 0n).toString(),
  };
}

export function vaultStatsRoute(db: ApiDb, deps: VaultStatsDeps): Hono {
  return new Hono().get('/vault/stats', async (c) => {
    const [stats, reserved] = await Promise.all([
      readVaultStats(db),
      deps.reservedByToken?.() ?? Promise.resolve(new Map<Address, bigint>()),
    ]);
    return c.json(vaultStatsJson(stats, deps.symbolOf, reserved));
  });
}
