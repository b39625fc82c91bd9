import type { Address } from 'viem';
import { readStake, type StakeView } from '@eterno/protocol/stake/readStake';
import type { StakePool } from '@eterno/protocol/stake/pools';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/**
 * The stake screen's figures for one pool: ONE Multicall3 eth_call per new block (balance,
 * allowance, minimum, rates, reserve, the account's orders, block time). While another pool's read
 * is still on screen (the previous key's data), `data` is undefined: figures never show under the
 * wrong pool.
 */
export function useStakeView(pool: StakePool, account: Address | undefined): BlockRead<StakeView> {
  const read = useBlockRead(
    'stake',
    [pool, account?.toLowerCase() ?? null],
    (client) => {
      if (!account) throw new Error('no account');
      return readStake(client, { contracts: getConfig().deployments.contracts, pool, account });
    },
    { enabled: account !== undefined },
  );
  if (read.data === undefined || read.data.pool === pool) return read;
  return { ...read, data: undefined, loading: read.error === null };
}
