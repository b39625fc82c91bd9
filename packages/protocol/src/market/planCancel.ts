import type { Address } from 'viem';
import { eusdMarketAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';

/** Cancelling order `orderId`: `[cancel(orderId)]` (nothing is spent; the rest comes back). */
export function planCancel(market: Address, orderId: bigint): TxStep[] {
  return planWrite({
    action: 'market.cancel',
    call: { address: market, abi: eusdMarketAbi, functionName: 'cancel', args: [orderId] },
  });
}
