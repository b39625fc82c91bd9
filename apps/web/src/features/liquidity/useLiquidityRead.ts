import type { Address } from 'viem';
import type { LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import { readLiquidity, type LiquidityRead } from '@eterno/protocol/liquidity/readLiquidity';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/** One pair's figures for the screen: ONE Multicall3 eth_call per new block (`readLiquidity`). */
export function useLiquidityRead(account: Address, pair: LiquidityPair): BlockRead<LiquidityRead> {
  return useBlockRead('liquidity', [account.toLowerCase(), pair], (client) =>
    readLiquidity(client, { contracts: getConfig().deployments.contracts, account, pair }),
  );
}
