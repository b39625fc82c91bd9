import {
  atMost,
  between,
  checkAmount,
  type AmountCheck,
  type AmountErrorCodeOrZero,
} from '@eterno/protocol/amountCheck';
import type { RegularProduct } from '../../api/finance.ts';

export type RegularAmountProblem = AmountErrorCodeOrZero | 'OUT_OF_RANGE' | 'INSUFFICIENT_BALANCE';

/**
 * A fixed-term deposit as typed: the text, zero, the product's inclusive bounds (the catalogue's
 * minimum and maximum: REGULAR_AMOUNT_OUT_OF_RANGE's text), then the wallet's USDT. `balance` null
 * (not read yet) is never ok. Nothing is requested unless this says ok.
 */
export function checkRegularAmount(
  text: string,
  product: Pick<RegularProduct, 'minAmount' | 'maxAmount'>,
  balance: bigint | null,
): AmountCheck<RegularAmountProblem> {
  return checkAmount(text, [
    between(product.minAmount, product.maxAmount),
    atMost(balance ?? -1n, 'INSUFFICIENT_BALANCE'),
  ]);
}
