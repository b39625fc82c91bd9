/**
 * Typed client of `GET /vault/stats` (public; wire format `VaultStatsJson` in
 * `@eterno/protocol/vaultApi`): the data index's ledger side. Every field is checked; amounts bigint,
 * token addresses checksummed. The vault's holdings are NOT here: the data index reads them on chain.
 */
import type { Address } from 'viem';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { Reader } from './indexer.ts';

export interface VaultTokenStats {
  readonly token: Address;
  readonly symbol: string;
  readonly deposited: bigint;
  readonly withdrawn: bigint;
  /** What the ledger owes users: Σ (credited − withdrawn). */
  readonly liabilities: bigint;
  /** Open vouchers' amounts. */
  readonly reserved: bigint;
}

export interface VaultStats {
  /** Distinct addresses that have used the vault. */
  readonly users: bigint;
  readonly tokens: readonly VaultTokenStats[];
  /** The indexed block the figures are at. */
  readonly blockNumber: bigint;
}

export async function fetchVaultStats(deps: Partial<ApiDeps> = {}): Promise<VaultStats> {
  const body = await apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path: '/vault/stats' },
  );
  const root = Reader.of(body, '/vault/stats', 200);
  return {
    users: root.bigint('users'),
    tokens: root.list('tokens').map((r) => ({
      token: r.address('token'),
      symbol: r.string('symbol'),
      deposited: r.bigint('deposited'),
      withdrawn: r.bigint('withdrawn'),
      liabilities: r.bigint('liabilities'),
      reserved: r.bigint('reserved'),
    })),
    blockNumber: root.bigint('blockNumber'),
  };
}
