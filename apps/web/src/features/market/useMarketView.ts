import type { Address } from 'viem';
import { readEusdMarket, type EusdMarketView } from '@eterno/protocol/market/readEusdMarket';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/** The market's parameters, reserve, pause and the account's EUSD/USDT: ONE Multicall3 eth_call per block. */
export function useMarketView(account: Address | undefined): BlockRead<EusdMarketView> {
  return useBlockRead(
    'market',
    [account?.toLowerCase() ?? null],
    (client) => {
      if (!account) throw new Error('no account');
      return readEusdMarket(client, { contracts: getConfig().deployments.contracts, account });
    },
    { enabled: account !== undefined },
  );
}
