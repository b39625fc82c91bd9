import type { Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';

/** The market and its two tokens, from the deployments. */
export type MarketContracts = { market: Address; eusd: Address; usdt: Address };

/** The deployments name no EUSD market (a deployment from before issue 11). */
export class MarketNotDeployedError extends EternoError<'MARKET_NOT_DEPLOYED'> {
  constructor() {
    super('MARKET_NOT_DEPLOYED', 'The deployments name no EUSD market');
  }
}

export function marketContracts(contracts: DeployedContracts): MarketContracts {
  const market = contracts.EusdMarket;
  if (market === undefined) throw new MarketNotDeployedError();
  return { market, eusd: contracts.EUSD, usdt: contracts.USDT };
}
