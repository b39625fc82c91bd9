import type { Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';

/** The market and its two tokens, from the deployments. */
export type MarketContracts = { market: Address; eusd: Address; usdt: Address };

export function marketContracts(contracts: DeployedContracts): MarketContracts {
  return { market: contracts.EusdMarket, eusd: contracts.EUSD, usdt: contracts.USDT };
}
