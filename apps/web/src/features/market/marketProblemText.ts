import type { TFunction } from 'i18next';
import type { MarketProblem } from '@eterno/protocol/market/marketForm';

/**
 * The one place a market form's problem becomes a message in the user's language: the spec's
 * catalogue messages ('Trading multiples of 10', 'Insufficient balance'), the market's prompts ('enter
 * the unit price', 'enter the quantity') and its ask text for BID_TOO_HIGH ('Your asking price is too
 * high…': the list sheet is the seller's, docs/decisions/market.md), and the amount namespace's for a
 * malformed number.
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
      // The only unit price a user types is a seller's ask: the spec's "bid" text would name the wrong side.
      return t('market:problems.ASK_TOO_HIGH', { price: values.maxPrice });
    case 'INSUFFICIENT_BALANCE':
      return t('errors:INSUFFICIENT_BALANCE');
    default:
      return t(`amount:problems.${problem}`);
  }
}
