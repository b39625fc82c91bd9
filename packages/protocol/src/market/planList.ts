import { eusdMarketAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { EusdMarketView } from './readEusdMarket.ts';

/**
 * Listing `quantity` EUSD at `unitPrice`: `[approve?, list(quantity, unitPrice)]`, the approval for
 * exactly `quantity` EUSD to the market and only when the allowance is below it. Throws
 * `InsufficientBalanceError` when the EUSD balance is below `quantity` (nothing is sent). The sheet
 * checks the form first (`checkListForm`).
 */
export function planList(
  view: Pick<EusdMarketView, 'market' | 'eusd' | 'eusdBalance' | 'eusdAllowance'>,
  quantity: bigint,
  unitPrice: bigint,
): TxStep[] {
  return planWrite({
    action: 'market.list',
    call: { address: view.market, abi: eusdMarketAbi, functionName: 'list', args: [quantity, unitPrice] },
    spend: {
      token: view.eusd,
      symbol: 'EUSD',
      spender: view.market,
      amount: quantity,
      balance: view.eusdBalance,
      allowance: view.eusdAllowance,
    },
  });
}
