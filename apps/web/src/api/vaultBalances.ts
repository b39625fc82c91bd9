/**
 * Typed client of `GET /vault/balances` (session; wire format `LedgerBalancesResponseJson` in
 * `@eterno/protocol/vaultApi`): the session user's ledger per token. Every field is checked;
 * amounts bigint, token addresses checksummed.
 */
import type { Address } from 'viem';
import type { ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader } from './indexer.ts';

export interface LedgerBalance {
  readonly token: Address;
  readonly symbol: string;
  readonly credited: bigint;
  readonly unreleased: bigint;
  readonly released: bigint;
  readonly withdrawn: bigint;
  /** The open voucher's amount (0 without one). */
  readonly reserved: bigint;
  /** released − withdrawn − reserved: what a withdrawal voucher may be asked for. */
  readonly available: bigint;
  /** The accumulated contribution (deposits, later package payments). */
  readonly contributed: bigint;
}

export interface LedgerBalances {
  readonly balances: readonly LedgerBalance[];
  /** The indexed block the figures are at. */
  readonly blockNumber: bigint;
  /** Unix seconds of that block. */
  readonly blockTime: number;
}

export async function fetchLedgerBalances(deps: Partial<ApiDeps> = {}): Promise<LedgerBalances> {
  const body = await sessionRequest<unknown>(deps, { method: 'GET', path: '/vault/balances' });
  const root = Reader.of(body, '/vault/balances', 200);
  return {
    balances: root.list('balances').map((r) => ({
      token: r.address('token'),
      symbol: r.string('symbol'),
      credited: r.bigint('credited'),
      unreleased: r.bigint('unreleased'),
      released: r.bigint('released'),
      withdrawn: r.bigint('withdrawn'),
      reserved: r.bigint('reserved'),
      available: r.bigint('available'),
      contributed: r.bigint('contributed'),
    })),
    blockNumber: root.bigint('blockNumber'),
    blockTime: root.seconds('blockTime'),
  };
}
