import { isAddressEqual, type Address } from 'viem';
import { TOKEN_SYMBOLS, type TokenSymbol } from '@eterno/protocol/domain';
import type { DeployedContracts } from '@eterno/protocol/deployments';

/** The token's symbol from the deployments, or undefined for an address that is not one of ours. */
export function tokenSymbolOf(contracts: DeployedContracts, token: Address): TokenSymbol | undefined {
  // FON is the chain's native coin: no contract.
  return TOKEN_SYMBOLS.find((symbol) => symbol !== 'FON' && isAddressEqual(contracts[symbol], token));
}
