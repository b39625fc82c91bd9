import { eusdMarketAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { marketCost } from './marketMath.ts';
import type { EusdMarketView } from './readEusdMarket.ts';

/**
 * Buying `quantity` EUSD of order `orderId` at its `unitPrice`: `[approve?, buy(orderId, quantity,
 * unitPrice)]`. The buyer's limit is the price shown, so a changed order cannot charge more; the
 * approval is for exactly the cost in USDT. Throws `InsufficientBalanceError` when the USDT balance is
 * below the cost (nothing is sent). The sheet checks the form first (`checkBuyForm`).
 */
export function planBuy(
  view: Pick<EusdMarketView, 'market' | 'usdt' | 'usdtBalance' | 'usdtAllowance'>,
  order: { orderId: bigint; unitPrice: bigint },
  quantity: bigint,
): TxStep[] {
  return planWrite({
    action: 'market.buy',
    call: {
      address: view.market,
      abi: eusdMarketAbi,
      functionName: 'buy',
      args: [order.orderId, quantity, order.unitPrice],
    },
    spend: {
      token: view.usdt,
      symbol: 'USDT',
      spender: view.market,
      amount: marketCost(quantity, order.unitPrice),
      balance: view.usdtBalance,
      allowance: view.usdtAllowance,
    },
  });
}
