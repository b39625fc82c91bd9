import type { Address } from 'viem';
import { readFarm } from '@eterno/protocol/farm/readFarm';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/**
 * The DeFi screen's figures: ONE Multicall3 eth_call per new block (`readFarm`), so the pending
 * reward follows the chain block by block; the previous block's figures stay while the next load.
 */
export function useFarm(account: Address) {
  return useBlockRead('farm', [account.toLowerCase()], (client) =>
    readFarm(client, { contracts: getConfig().deployments.contracts, account }),
  );
}
