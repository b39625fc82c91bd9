/**
 * An order's income figures as the settlement made them. The settlement writes an order's row only
 * when something its terms do not give changes (allotted, finished, ETRO owed by a finished order
 * paid); an in-progress order's gained / gainedUsdt / gainedEtro are derived from its terms, its
 * allotment day and the settled days' prices (`finance_round.etro_price`) by `orderGains`
 * (protocol rules.ts, equal to settling it day by day). Every reader (orders, summary) goes through
 * here. Rules: docs/decisions/finance.md ("Speed: set-based writes").
 */
import { DAY_SECONDS, orderGains, type IncomeTerms } from '@eterno/protocol/finance/rules';

/** The settled days' ETRO prices by day (00:00 UTC); null: a day without price. */
export type DayPrices = ReadonlyMap<bigint, bigint | null>;

/** The prices of the settled days after `from` through `through`, oldest first; every day must be settled. */
export function pricesBetween(prices: DayPrices, from: bigint, through: bigint): Array<bigint | null> {
  const out: Array<bigint | null> = [];
  for (let day = from + DAY_SECONDS; day <= through; day += DAY_SECONDS) {
    const price = prices.get(day);
    if (price === undefined) throw new Error(`finance: no settled round for day ${day}`);
    out.push(price);
  }
  return out;
}

/** The last settled day among `prices` (null before the first settlement). */
export function lastSettledOf(prices: DayPrices): bigint | null {
  let last: bigint | null = null;
  for (const day of prices.keys()) if (last === null || day > last) last = day;
  return last;
}

export type StoredGains = IncomeTerms & {
  status: string;
  allottedAt: bigint | null;
  /** The static income gained as stored (the purchase's zero while in progress). */
  gained: bigint;
  /** The dynamic incomes counted against the order (referral, ECONOMY §4). */
  dynamicGained: bigint;
  gainedUsdt: bigint;
  gainedEtro: bigint;
};

/**
 * An order's gained figures after the settled days in `prices` (all those after its allotment):
 * `gained` = static + dynamic incomes; the static part as stored when waiting or finished, derived
 * while in progress with the limit the dynamic incomes left it (limit − dynamicGained: protocol
 * referral/incomes.ts `staticGained`). `gainedUsdt` / `gainedEtro` are the static income's tokens.
 */
export function gainsOf(
  order: StoredGains,
  prices: DayPrices,
): { gained: bigint; gainedUsdt: bigint; gainedEtro: bigint } {
  const last = lastSettledOf(prices);
  if (order.status !== 'in_progress' || order.allottedAt === null || last === null || last <= order.allottedAt)
    return {
      gained: order.gained + order.dynamicGained,
      gainedUsdt: order.gainedUsdt,
      gainedEtro: order.gainedEtro,
    };
  const terms = { ...order, rewardLimit: order.rewardLimit - order.dynamicGained };
  const derived = orderGains(terms, pricesBetween(prices, order.allottedAt, last));
  return {
    gained: derived.gained + order.dynamicGained,
    gainedUsdt: derived.gainedUsdt,
    gainedEtro: derived.gainedEtro,
  };
}
