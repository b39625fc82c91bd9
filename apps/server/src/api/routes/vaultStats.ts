/**
 * `GET /vault/stats` (public): the data index's vault figures — vault users, and per vault token what came
 * in and went out, and the solvency figures a user can check against the chain, all as of ONE indexed
 * block: the vault's holdings at that block, what the ledger owes that no open voucher holds
 * (liabilities), the open vouchers, the unexpired quotes, the free reserve (holdings − the three) and the
 * exchange budget (docs/decisions/vouchers.md, "Solvency").
 */
import type { VaultStatsJson } from '@eterno/protocol/vaultApi';
import { Hono } from 'hono';
import type { Address } from 'viem';
import { readVaultStats, type VaultStats } from '../../ledger/readVaultStats.ts';
import type { TokenSolvency } from '../../vault/solvency.ts';
import type { ApiDb } from './page.ts';

export type VaultStatsDeps = {
  /** The token's symbol (from the deployments). */
  symbolOf(token: Address): string | undefined;
  /** The vault tokens' solvency figures (./../../vault/solvency.ts `readSolvency`). */
  solvency(): Promise<{ head: { blockNumber: bigint }; tokens: TokenSolvency[] }>;
};

/** The wire answer: the vault's tokens, in the order of the solvency figures. */
export function vaultStatsJson(
  stats: VaultStats,
  symbolOf: VaultStatsDeps['symbolOf'],
  solvency: Awaited<ReturnType<VaultStatsDeps['solvency']>>,
): VaultStatsJson {
  return {
    users: stats.users.toString(),
    tokens: solvency.tokens.map((t) => {
      const row = stats.tokens.find((s) => s.token.toLowerCase() === t.token);
      return {
        token: t.token,
        symbol: symbolOf(t.token) ?? t.token,
        deposited: (row?.deposited ?? 0n).toString(),
        withdrawn: (row?.withdrawn ?? 0n).toString(),
        holdings: t.holdings.toString(),
        liabilities: t.liabilities.toString(),
        openVouchers: t.openVouchers.toString(),
        unexpiredQuotes: t.unexpiredQuotes.toString(),
        freeReserve: t.free.toString(),
        exchangeBudget: t.exchangeBudget.toString(),
      };
    }),
    blockNumber: solvency.head.blockNumber.toString(),
  };
}

export function vaultStatsRoute(db: ApiDb, deps: VaultStatsDeps): Hono {
  return new Hono().get('/vault/stats', async (c) => {
    const [stats, solvency] = await Promise.all([readVaultStats(db), deps.solvency()]);
    return c.json(vaultStatsJson(stats, deps.symbolOf, solvency));
  });
}
