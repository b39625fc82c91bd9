import { isAddressEqual, type Address } from 'viem';
import { TOKEN_SYMBOLS, type TokenSymbol } from '@eterno/protocol/domain';
import type { DeployedContracts } from '@eterno/protocol/deployments';

/** The token's symbol from the deployments, or undefined for an address that is not one of ours. */
export function tokenSymbolOf(contracts: DeployedContracts, token: Address): TokenSymbol | undefined {
  return TOKEN_SYMBOLS.find((symbol) => {
    const address = contracts[symbol];
    return address !== undefined && isAddressEqual(address, token);
  });
}
