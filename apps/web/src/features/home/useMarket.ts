import { readMarket } from '@eterno/protocol/market';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/**
 * Home › ETERNO's figures: ONE Multicall3 eth_call per new block (`readMarket`), the declared
 * treasury lines from the app config, the previous block's figures kept while the next load.
 */
export function useMarket() {
  return useBlockRead('market', [], (client) => {
    const { deployments, treasury } = getConfig();
    return readMarket(client, { contracts: deployments.contracts, declared: treasury });
  });
}
