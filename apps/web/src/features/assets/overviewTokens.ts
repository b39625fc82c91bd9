import type { Address } from 'viem';
import { TOKENS, type TokenSymbol } from '@eterno/protocol/domain';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import type { Balances, BalanceToken } from '@eterno/protocol/balances';

/**
 * The overview's rows in display order: spec §3 account balances (units, eulp, eterno, usdt, fon)
 * with EUSD after USDT, since the vault takes USDT, EUSD and ETRO (docs/decisions/vault-screens.md),
 * then PUSD, a token of the spec (§1) the wallet may hold (no flow of the app uses it: figures only).
 */
export type OverviewSymbol = (typeof TOKENS)[number] | 'EUSD' | 'PUSD';
export const OVERVIEW_SYMBOLS: readonly OverviewSymbol[] = ['UNITS', 'EULP', 'ETRO', 'USDT', 'EUSD', 'PUSD', 'FON'];

export type OverviewRow = { readonly symbol: OverviewSymbol; readonly value: bigint };

/** The ERC-20s of the overview with their deployed addresses; FON is native and read by Multicall3 itself. */
export function overviewTokens(contracts: DeployedContracts): BalanceToken[] {
  return OVERVIEW_SYMBOLS.filter((symbol): symbol is Exclude<OverviewSymbol, 'FON'> => symbol !== 'FON').map(
    (symbol) => ({ symbol, address: contracts[symbol] as Address }),
  );
}

/** One row per overview symbol from a `readBalances` result; a missing token balance is an error, never 0. */
export function overviewRows(result: Balances): OverviewRow[] {
  return OVERVIEW_SYMBOLS.map((symbol) => {
    if (symbol === 'FON') return { symbol, value: result.native };
    const value = result.balances[symbol];
    if (value === undefined) throw new Error(`readBalances returned no ${symbol} balance`);
    return { symbol, value };
  });
}

/** `/assets/overview/:type` uses the lower-case symbol. */
export function detailPath(symbol: TokenSymbol): string {
  return `/assets/overview/${symbol.toLowerCase()}`;
}

export function symbolFromPath(type: string | undefined): OverviewSymbol | undefined {
  const upper = type?.toUpperCase();
  return OVERVIEW_SYMBOLS.find((symbol) => symbol === upper);
}
