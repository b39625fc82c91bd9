import type { Address } from 'viem';
import { readSwap, type SwapDirection, type SwapRead } from '@eterno/protocol/swap/readSwap';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/** The panel's figures, with the direction and amount they were read for (the previous ones stay on screen while the next load). */
export type SwapView = SwapRead & { direction: SwapDirection; amountIn: bigint | null };

/**
 * The swap panel's chain figures: ONE Multicall3 eth_call per new block, and again when the
 * direction or the (debounced) amount changes — the quote is part of the same call.
 */
export function useSwapRead(account: Address, direction: SwapDirection, amountIn: bigint | null): BlockRead<SwapView> {
  return useBlockRead(
    'swap',
    [account.toLowerCase(), direction, amountIn?.toString() ?? null],
    async (client): Promise<SwapView> => {
      const contracts = getConfig().deployments.contracts;
      const result = await readSwap(client, { contracts, account, direction, amountIn: amountIn ?? undefined });
      return { ...result, direction, amountIn };
    },
  );
}
