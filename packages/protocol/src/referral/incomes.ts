/**
 * The dynamic incomes of ECONOMY §4 ("preaching benefits") as pure integer maths, shared by the
 * indexer (at purchase and at the daily settlement) and the API (energy value). bigint only,
 * amounts in 18-decimal base units, rates in basis points from the referral settings (never a
 * literal here); every division rounds down and where a figure is split in two the second part is
 * the rest, so the parts add up to the whole. Rules: docs/decisions/referral.md ("Dynamic incomes").
 */
import { BPS, gainedAfter, type IncomeTerms } from '../finance/rules.ts';
import { splitPool } from '../nodes/splitPool.ts';

/** The referral income rates of one settings version (ECONOMY §4 defaults in the shipped file). */
export type IncomeRates = {
  /** Level 1 (the inviter): `direct`. */
  readonly directBps: number;
  /** Levels 2, 3, … in order (`indirect`); its length is the deepest paid level − 1 (≤ 9). */
  readonly indirectBps: readonly number[];
  readonly binaryBps: number;
  readonly matchingBps: number;
  readonly serviceCenterBps: number;
  readonly prizePoolBps: number;
  /** How many users share the day's prize pool (the top N by direct-invitee volume). */
  readonly prizePoolWinners: number;
  /** The share of every dynamic income put into the loop balance. */
  readonly loopBps: number;
  /** Days over which a credited income releases linearly. */
  readonly releaseDays: number;
};

const rate = (name: string, value: number): bigint => {
  if (!Number.isSafeInteger(value) || value < 0 || value > 10_000)
    throw new RangeError(`${name} must be an integer from 0 to 10000 bps, got ${value}`);
  return BigInt(value);
};

const nonNegative = (name: string, value: bigint): bigint => {
  if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
  return value;
};

/** amount × bps / 10,000, rounded down. */
export const share = (amount: bigint, bps: number, name = 'rate'): bigint =>
  (nonNegative('amount', amount) * rate(name, bps)) / BPS;

/** One inviter of a buyer: `level` 1 = the inviter, up to 10. */
export type UplineMember = { readonly level: number; readonly wallet: string; readonly serviceLevel: number };

export type PurchaseIncomeType = 'direct' | 'indirect' | 'service_center';

/** An income a purchase gives (before the earner's energy value and the loop share). */
export type PurchaseIncome = { readonly earner: string; readonly type: PurchaseIncomeType; readonly amount: bigint };

/**
 * The incomes one package payment gives its buyer's inviters (`upline`, level 1 first): `direct`
 * to level 1, `indirect` to levels 2 … 1 + indirectBps.length, and `service_center` to the nearest
 * service centre above the buyer (serviceLevel > 0, the buyer excluded) among the given levels.
 * Zero amounts are left out. Whether an earner may earn (an active order) and how much (ep) is not
 * decided here: `capToEnergy`.
 */
export function purchaseIncomes(
  payment: bigint,
  upline: readonly UplineMember[],
  rates: IncomeRates,
): PurchaseIncome[] {
  const out: PurchaseIncome[] = [];
  const sorted = [...upline].sort((a, b) => a.level - b.level);
  for (const m of sorted) {
    const bps = m.level === 1 ? rates.directBps : rates.indirectBps[m.level - 2];
    if (bps === undefined) continue;
    const amount = share(payment, bps, m.level === 1 ? 'directBps' : 'indirectBps');
    if (amount > 0n) out.push({ earner: m.wallet, type: m.level === 1 ? 'direct' : 'indirect', amount });
  }
  const centre = sorted.find((m) => m.serviceLevel > 0);
  if (centre !== undefined) {
    const amount = share(payment, rates.serviceCenterBps, 'serviceCenterBps');
    if (amount > 0n) out.push({ earner: centre.wallet, type: 'service_center', amount });
  }
  return out;
}

/** The day's prize pool feed of a payment. */
export const prizePoolFeed = (payment: bigint, rates: IncomeRates): bigint =>
  share(payment, rates.prizePoolBps, 'prizePoolBps');

/** An order that counts for the energy value: waiting or in progress. */
export type ActiveOrder = IncomeTerms & {
  readonly seq: bigint;
  readonly status: 'waiting' | 'in_progress';
  /** Dynamic incomes already counted against this order. */
  readonly dynamicGained: bigint;
  /** Settled days since its allotment (0 while waiting). */
  readonly settledDays: bigint;
};

/**
 * What an order's static income has gained: the closed form (rules.ts `gainedAfter`) with the limit
 * the dynamic incomes left it, limit − dynamicGained. It equals settling the order day by day with
 * `dailyIncome(…, staticGained + dynamicGained, limit)` because a dynamic income never takes more
 * than the room left (`orderRoom`).
 */
export function staticGained(order: ActiveOrder): bigint {
  if (order.status === 'waiting') return 0n;
  const left = order.rewardLimit - order.dynamicGained;
  if (left <= 0n) return 0n;
  return gainedAfter({ ...order, rewardLimit: left }, order.settledDays);
}

/** What an order can still earn: limit − static gained − dynamic gained (≥ 0). */
export function orderRoom(order: ActiveOrder): bigint {
  const room = order.rewardLimit - order.dynamicGained - staticGained(order);
  return room > 0n ? room : 0n;
}

/** Energy value (`ep`): Σ over the active orders of what each can still earn. */
export const energyValue = (orders: readonly ActiveOrder[]): bigint =>
  orders.reduce((sum, o) => sum + orderRoom(o), 0n);

/**
 * Counts `amount` (≤ Σ rooms) against the orders, the oldest (lowest `seq`) first, each up to its
 * room: returns the additions to each order's `dynamicGained` (orders with nothing added left out).
 */
export function allocateToOrders(orders: readonly ActiveOrder[], amount: bigint): Array<{ seq: bigint; add: bigint }> {
  let left = nonNegative('amount', amount);
  const out: Array<{ seq: bigint; add: bigint }> = [];
  const sorted = [...orders].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  for (const o of sorted) {
    if (left === 0n) break;
    const room = orderRoom(o);
    const add = room < left ? room : left;
    if (add > 0n) out.push({ seq: o.seq, add });
    left -= add;
  }
  if (left > 0n) throw new RangeError(`allocateToOrders: ${left} more than the orders' room`);
  return out;
}

/**
 * An income against the earner's energy value: `paid` = min(income, ep), `burned` the rest. No
 * active order → ep = 0 → all of it is burned.
 */
export function capToEnergy(income: bigint, ep: bigint): { paid: bigint; burned: bigint } {
  nonNegative('income', income);
  const paid = income < ep ? income : ep > 0n ? ep : 0n;
  return { paid, burned: income - paid };
}

/** A paid income split into the loop share (`loop`) and what is credited (`credit` = the rest). */
export function splitLoop(paid: bigint, rates: IncomeRates): { loop: bigint; credit: bigint } {
  const loop = share(paid, rates.loopBps, 'loopBps');
  return { loop, credit: paid - loop };
}

/** A loop balance after `add`: how many full units become loop orders, and what stays. */
export function loopOrders(balance: bigint, add: bigint, unit: bigint): { orders: number; balance: bigint } {
  if (unit <= 0n) throw new RangeError(`loop unit must be positive, got ${unit}`);
  const total = nonNegative('balance', balance) + nonNegative('add', add);
  return { orders: Number(total / unit), balance: total % unit };
}

/** One day of a user's binary (balance) income. */
export type BinaryDay = {
  leftNew: bigint;
  rightNew: bigint;
  leftCarryIn: bigint;
  rightCarryIn: bigint;
  /** The weaker side's volume (new + carry) matched against the stronger. */
  matched: bigint;
  /** matched × binaryBps, before the cap. */
  income: bigint;
  /** What the daily cap cut (income − paid before energy). */
  capped: bigint;
  leftCarryOut: bigint;
  rightCarryOut: bigint;
};

/**
 * The binary income of one day: the weaker side (new + carried) is matched, 10 % (binaryBps) of it
 * is the income, capped at `cap` (the earner's active payments); the stronger side's excess carries
 * over, the weaker side's carry is used up (both sides equal: nothing carries).
 */
export function binaryDay(
  input: { leftNew: bigint; rightNew: bigint; leftCarryIn: bigint; rightCarryIn: bigint; cap: bigint },
  rates: IncomeRates,
): BinaryDay {
  const left = nonNegative('leftNew', input.leftNew) + nonNegative('leftCarryIn', input.leftCarryIn);
  const right = nonNegative('rightNew', input.rightNew) + nonNegative('rightCarryIn', input.rightCarryIn);
  const matched = left < right ? left : right;
  const income = share(matched, rates.binaryBps, 'binaryBps');
  const cap = nonNegative('cap', input.cap);
  return {
    ...input,
    matched,
    income,
    capped: income > cap ? income - cap : 0n,
    leftCarryOut: left - matched,
    rightCarryOut: right - matched,
  };
}

/**
 * The matching income an inviter earns on a direct invitee's binary income: `binaryPaid` is what the
 * invitee was actually paid, after the daily cap and the burn beyond their energy value (ECONOMY §10:
 * nothing is created from burned money).
 */
export const matchingIncome = (binaryPaid: bigint, rates: IncomeRates): bigint =>
  share(binaryPaid, rates.matchingBps, 'matchingBps');

/** One account in a day's prize pool ranking: its registry id and its direct invitees' payments that day. */
export type PrizeRank<U extends string> = { readonly user: U; readonly id: number; readonly volume: bigint };

/**
 * Orders a prize pool ranking (ECONOMY §10): the higher volume first; at equal volume the earlier
 * registration (the lower registry id) first, so a tie at the last paid rank goes to it.
 */
export function comparePrizeRanks<U extends string>(a: PrizeRank<U>, b: PrizeRank<U>): number {
  if (a.volume !== b.volume) return a.volume > b.volume ? -1 : 1;
  return a.id - b.id;
}

/**
 * The day's prize pool paid to the top `prizePoolWinners` by direct-invitee volume (ties by
 * `comparePrizeRanks`), pro rata to the volume, each share rounded down (`splitPool`, the node pool's
 * split). What the floors leave — and the whole pool when nobody ranks — is `carry`, rolled into the
 * next day's pool (ECONOMY §10): Σ shares + carry = pool exactly. A share that rounds to 0 is left out.
 */
export function prizePoolShares<U extends string>(
  pool: bigint,
  ranking: readonly PrizeRank<U>[],
  rates: IncomeRates,
): { shares: Array<{ user: U; amount: bigint }>; carry: bigint } {
  const top = ranking
    .filter((r) => r.volume > 0n)
    .sort(comparePrizeRanks)
    .slice(0, rates.prizePoolWinners);
  const split = splitPool(
    pool,
    top.map((r) => ({ key: r.user, power: r.volume })),
  );
  return {
    shares: split.shares.filter((s) => s.amount > 0n).map((s) => ({ user: s.key, amount: s.amount })),
    carry: split.carry,
  };
}

/**
 * The part of a tranche (`amount` credited unreleased on one day) that releases at its k-th
 * settlement after that day (k = 1 … releaseDays): floor(amount·k/n) − floor(amount·(k−1)/n), so
 * the n parts add up to the amount exactly.
 */
export function releasePart(amount: bigint, k: bigint, rates: IncomeRates): bigint {
  const n = BigInt(rates.releaseDays);
  if (n <= 0n) throw new RangeError(`releaseDays must be positive, got ${rates.releaseDays}`);
  if (k < 1n || k > n) return 0n;
  return (nonNegative('amount', amount) * k) / n - (amount * (k - 1n)) / n;
}
