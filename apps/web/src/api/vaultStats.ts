/**
 * Typed client of `GET /vault/stats` (public; wire format `VaultStatsJson` in
 * `@eterno/protocol/vaultApi`): the data index's vault figures per token, all as of one indexed block.
 * Every field is checked; amounts bigint (the free reserve may be negative), token addresses
 * checksummed. The data index checks the holdings against the chain at that block itself.
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
  /** The vault's balance at `blockNumber`, as the server read it. */
  readonly holdings: bigint;
  /** What the ledger owes users that no open voucher holds. */
  readonly liabilities: bigint;
  /** What signed vouchers that have not paid can still pay. */
  readonly openVouchers: bigint;
  /** What signed exchange quotes that can still execute would pay. */
  readonly unexpiredQuotes: bigint;
  /** holdings − liabilities − openVouchers − unexpiredQuotes (negative: short). */
  readonly freeReserve: bigint;
  /** What exchange outputs may still pay on chain. */
  readonly exchangeBudget: bigint;
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
      holdings: r.bigint('holdings'),
      liabilities: r.bigint('liabilities'),
      openVouchers: r.bigint('openVouchers'),
      unexpiredQuotes: r.bigint('unexpiredQuotes'),
      freeReserve: r.signedBigint('freeReserve'),
      exchangeBudget: r.bigint('exchangeBudget'),
    })),
    blockNumber: root.bigint('blockNumber'),
  };
}
