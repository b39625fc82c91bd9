import type { TFunction } from 'i18next';
import type { AmountProblem } from '@eterno/protocol/amountCheck';

/** The figures a problem's message names (formatted for display). */
export type AmountProblemValues = {
  /** BELOW_MINIMUM: the minimum amount and its symbol. */
  readonly minimum?: { readonly amount: string; readonly symbol: string };
  /** RESERVE_EXCEEDED: the reserve left and the reward the amount would need (ETRO). */
  readonly reserve?: { readonly available: string; readonly reward: string };
  /** ABOVE_TX_CAP: the most one transaction may move, with its symbol ("100,000 USDT"). */
  readonly cap?: string;
  /** ABOVE_DAY_LIMIT: what the day caps still allow today, with its symbol. */
  readonly remaining?: string;
  /** OUT_OF_RANGE: the inclusive bounds, formatted without the symbol (the message names USDT). */
  readonly range?: { readonly min: string; readonly max: string };
  /** TOO_MANY_RUNNING_ORDERS: the most orders an account may have running in the pool. */
  readonly running?: { readonly max: string };
};

/**
 * The one place an amount checker's problem becomes a message in the user's language: the
 * catalogue's message for an insufficient balance, the `amount` namespace's for the rest.
 */
export function amountProblemText(
  t: TFunction<['amount', 'errors']>,
  problem: AmountProblem,
  values: AmountProblemValues = {},
): string {
  switch (problem) {
    case 'INSUFFICIENT_BALANCE':
      return t('errors:INSUFFICIENT_BALANCE');
    case 'BELOW_MINIMUM':
      return t('amount:problems.BELOW_MINIMUM', {
        amount: values.minimum?.amount ?? '…',
        symbol: values.minimum?.symbol ?? '',
      });
    case 'RESERVE_EXCEEDED':
      return t('amount:problems.RESERVE_EXCEEDED', {
        available: values.reserve?.available ?? '…',
        reward: values.reserve?.reward ?? '…',
      });
    case 'ABOVE_TX_CAP':
      return t('errors:OVER_TX_CAP', { cap: values.cap ?? '…' });
    case 'TOO_MANY_RUNNING_ORDERS':
      return t('amount:problems.TOO_MANY_RUNNING_ORDERS', { max: values.running?.max ?? '…' });
    case 'ABOVE_DAY_LIMIT':
      return t('errors:OVER_USER_DAY_CAP', { remaining: values.remaining ?? '…' });
    case 'OUT_OF_RANGE':
      return t('errors:REGULAR_AMOUNT_OUT_OF_RANGE', { min: values.range?.min ?? '…', max: values.range?.max ?? '…' });
    default:
      return t(`amount:problems.${problem}`);
  }
}
