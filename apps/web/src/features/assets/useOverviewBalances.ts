import type { Address } from 'viem';
import { readBalances } from '@eterno/protocol/balances';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { overviewRows, overviewTokens } from './overviewTokens.ts';

/**
 * The overview's balances: ONE Multicall3 eth_call per new block (wagmi polls eth_blockNumber),
 * the previous block's figures kept on screen while the next ones load.
 */
export function useOverviewBalances(account: Address | undefined) {
  return useBlockRead(
    'balances',
    [account?.toLowerCase() ?? null],
    async (client) => {
      if (!account) throw new Error('no account');
      const { contracts } = getConfig().deployments;
      const result = await readBalances(client, {
        multicall: contracts.Multicall3,
        account,
        tokens: overviewTokens(contracts),
      });
      return { blockNumber: result.blockNumber, rows: overviewRows(result) };
    },
    { enabled: account !== undefined },
  );
}
