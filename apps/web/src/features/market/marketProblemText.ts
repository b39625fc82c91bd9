import type { TFunction } from 'i18next';
import type { MarketProblem } from '@eterno/protocol/market/marketForm';

/**
 * The one place a market form's problem becomes a message in the user's language: the spec's
 * catalogue messages ('Trading multiples of 10', 'Your bid is too high, please do not exceed {price}!',
 * 'Insufficient balance'), the market's prompts ('enter the unit price', 'enter the quantity'), and
 * the amount namespace's for a malformed number.
 */
export function marketProblemText(
  t: TFunction<['market', 'amount', 'errors']>,
  problem: MarketProblem,
  values: { maxPrice: string; remaining: string },
): string {
  switch (problem) {
    case 'ENTER_UNIT_PRICE':
    case 'ENTER_QUANTITY':
    case 'EXCEEDS_REMAINING':
      return t(`market:problems.${problem}`, { remaining: values.remaining });
    case 'NOT_MULTIPLE_OF_10':
      return t('errors:TRADING_MULTIPLES_OF_10');
    case 'BID_TOO_HIGH':
      return t('errors:BID_TOO_HIGH', { price: values.maxPrice });
    case 'INSUFFICIENT_BALANCE':
      return t('errors:INSUFFICIENT_BALANCE');
    default:
      return t(`amount:problems.${problem}`);
  }
}
