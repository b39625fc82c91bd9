import type { Address } from 'viem';
import { isAddressEqual } from 'viem';
import { TOKEN_SYMBOLS, type TokenSymbol } from '@eterno/protocol/domain';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import type { AnyBillType } from '@eterno/protocol/vaultApi';
import { ANY_BILL_TYPES } from '../../api/bills.ts';

/** The type filter's choices: the spec's 23 in its order, then `deposit`. */
export const FILTER_BILL_TYPES: readonly AnyBillType[] = ANY_BILL_TYPES;

/**
 * The types that add to the accumulated contribution (`LedgerBalance.contributed`): a vault
 * deposit and, once Finance opens, a package payment (docs/decisions/bill-screens.md).
 */
export const CONTRIBUTION_BILL_TYPES = ['deposit', 'buy_package'] as const satisfies readonly AnyBillType[];

/** The token's symbol from the deployments, or undefined for an address that is not one of ours. */
export function tokenSymbolOf(contracts: DeployedContracts, token: Address): TokenSymbol | undefined {
  return TOKEN_SYMBOLS.find((symbol) => {
    const address = contracts[symbol];
    return address !== undefined && isAddressEqual(address, token);
  });
}
