/**
 * The finance rules as pure integer maths (ECONOMY §2), shared by the indexer (settlement), the
 * API (catalogue, authorisations) and the web (what a purchase earns). bigint only, every division
 * rounds down (towards zero: every operand is non-negative), and where a figure is split in two the
 * second part is the rest, so nothing is lost. Rules and rounding: docs/decisions/finance.md.
 */
import { CUSTOM_RANGES, REGISTRATION_TYPES, REGISTRATION_TYPE_CODES, type RegistrationType } from '../financeApi.ts';
import { PRICE_SCALE } from '../pair.ts';

/** Basis points in one: rates, multiples and ratios are integers in bps. */
export const BPS = 10_000n;

/** One settlement day, seconds; settlements run at 00:00 UTC of block time. */
export const DAY_SECONDS = 86_400n;

/** What of a package decides its reward limit (a `FinancePackageJson` or an order carries them). */
export type PackageTerms = {
  readonly multiple01Bps: number;
  readonly multiple02Bps: number;
  readonly allocation01Bps: number;
};

const bps = (name: string, value: number, max?: number): bigint => {
  if (!Number.isSafeInteger(value) || value < 0 || (max !== undefined && value > max))
    throw new RangeError(`${name} must be an integer from 0${max !== undefined ? ` to ${max}` : ''} bps, got ${value}`);
  return BigInt(value);
};

const nonNegative = (name: string, value: bigint): bigint => {
  if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
  return value;
};

/** A package's price: units × the unit price. */
export function packagePrice(units: number, unitPrice: bigint): bigint {
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`units must be a positive integer, got ${units}`);
  return BigInt(units) * nonNegative('unitPrice', unitPrice);
}

/**
 * The total reward limit an order earns: payment × (alloc01 × mult01 + (10,000 − alloc01) × mult02)
 * / 10^8, rounded down (one division, so 100 USDT with the defaults is exactly 240 USDT).
 */
export function rewardLimit(payment: bigint, pkg: PackageTerms): bigint {
  const alloc01 = bps('allocation01Bps', pkg.allocation01Bps, 10_000);
  const weighted =
    alloc01 * bps('multiple01Bps', pkg.multiple01Bps) + (BPS - alloc01) * bps('multiple02Bps', pkg.multiple02Bps);
  return (nonNegative('payment', payment) * weighted) / (BPS * BPS);
}

/**
 * One settled day's static income of an in-progress order: payment × dailyRate / 10,000, rounded
 * down, capped at what is left of its limit (limit − gained; 0 once the limit is reached).
 */
export function dailyIncome(payment: bigint, dailyRateBps: number, gained: bigint, limit: bigint): bigint {
  const full = (nonNegative('payment', payment) * bps('dailyRateBps', dailyRateBps)) / BPS;
  const left = limit - nonNegative('gained', gained);
  if (left <= 0n) return 0n;
  return full < left ? full : left;
}

/**
 * An income's split: the ETERNO-01 share (alloc01) paid in USDT, rounded down, and the rest, the
 * ETERNO-02 share, as a USDT value to be paid in ETRO. usdt + etroValue = amount, always.
 */
export function splitIncome(amount: bigint, allocation01Bps: number): { usdt: bigint; etroValue: bigint } {
  const usdt = (nonNegative('amount', amount) * bps('allocation01Bps', allocation01Bps, 10_000)) / BPS;
  return { usdt, etroValue: amount - usdt };
}

/**
 * ETRO for a USDT value at a price given as USDT per 1 ETRO, 18-decimal fixed point (`PRICE_SCALE`,
 * the representation of `pairPrice` and of the exchange's TWAP `twapEtroInUsdt`), rounded down.
 * Throws `RangeError` for a price ≤ 0 (no price: the caller decides, never a division by zero).
 */
export function usdtToEtro(value: bigint, etroInUsdt: bigint): bigint {
  if (etroInUsdt <= 0n) throw new RangeError(`the ETRO price must be positive, got ${etroInUsdt}`);
  return (nonNegative('value', value) * PRICE_SCALE) / etroInUsdt;
}

/** What of an order decides its static income day by day. */
export type IncomeTerms = {
  readonly payment: bigint;
  readonly dailyRateBps: number;
  readonly allocation01Bps: number;
  readonly rewardLimit: bigint;
};

/**
 * What an in-progress order has gained after `days` settled days: the closed form of `dailyIncome`
 * applied day after day from 0, min(limit, days × payment × dailyRate / 10,000).
 */
export function gainedAfter(terms: IncomeTerms, days: bigint): bigint {
  const full = dailyIncome(terms.payment, terms.dailyRateBps, 0n, terms.rewardLimit);
  const gained = nonNegative('days', days) * full;
  return gained < terms.rewardLimit ? gained : terms.rewardLimit;
}

/** The settled day (1, 2, 3… after the allotment) on which the order reaches its limit; null if never (no income). */
export function finishingDay(terms: IncomeTerms): bigint | null {
  const full = dailyIncome(terms.payment, terms.dailyRateBps, 0n, terms.rewardLimit);
  if (full === 0n) return null;
  return (terms.rewardLimit + full - 1n) / full;
}

/** The USDT (ETERNO-01) part of what an in-progress order has gained after `days` settled days. */
export function gainedUsdtAfter(terms: IncomeTerms, days: bigint): bigint {
  const last = finishingDay(terms);
  if (last === null) return 0n;
  const full = gainedAfter(terms, 1n);
  const usdtOf = (income: bigint) => splitIncome(income, terms.allocation01Bps).usdt;
  if (nonNegative('days', days) < last) return days * usdtOf(full);
  return (last - 1n) * usdtOf(full) + usdtOf(terms.rewardLimit - (last - 1n) * full);
}

/** The USDT value to be paid in ETRO (ETERNO-02) earned by an order on its settled days from+1 … to. */
export function etroValueBetween(terms: IncomeTerms, from: bigint, to: bigint): bigint {
  const value = (days: bigint) => gainedAfter(terms, days) - gainedUsdtAfter(terms, days);
  return value(to) - value(from);
}

/**
 * An order's static income figures after the settled days since its allotment, given each day's
 * ETRO price (`prices[0]` the first day after the allotment; null: no price that day, the ETRO
 * value is owed and paid at the next day with one). The same figures as settling the days one by
 * one (`dailyIncome`, `splitIncome`, `usdtToEtro`); gained and gainedUsdt in closed form, the ETRO
 * paid day by day (each day's price rounds down on its own). `finishedDay`: the day (1-based) the
 * limit was reached, null while in progress.
 */
export function orderGains(
  terms: IncomeTerms,
  prices: readonly (bigint | null)[],
): { gained: bigint; gainedUsdt: bigint; gainedEtro: bigint; etroOwed: bigint; finishedDay: bigint | null } {
  const days = BigInt(prices.length);
  const last = finishingDay(terms);
  let owed = 0n;
  let gainedEtro = 0n;
  for (let day = 1n; day <= days; day += 1n) {
    if (last === null) break;
    if (day <= last) owed += etroValueBetween(terms, day - 1n, day);
    else if (owed === 0n) break;
    const price = prices[Number(day - 1n)]!;
    if (price !== null && owed > 0n) {
      gainedEtro += usdtToEtro(owed, price);
      owed = 0n;
    }
  }
  return {
    gained: gainedAfter(terms, days),
    gainedUsdt: gainedUsdtAfter(terms, days),
    gainedEtro,
    etroOwed: owed,
    finishedDay: last !== null && last <= days ? last : null,
  };
}

/** A fixed-term order's interest: principal × dailyRate × days / 10,000, one division, rounded down. */
export function regularInterest(principal: bigint, dailyRateBps: number, days: number): bigint {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, got ${days}`);
  return (nonNegative('principal', principal) * bps('dailyRateBps', dailyRateBps) * BigInt(days)) / BPS;
}

/** 00:00 UTC of the day that holds `time` (unix seconds). */
export function dayStartOf(time: bigint): bigint {
  return time - (nonNegative('time', time) % DAY_SECONDS);
}

/** The first settlement strictly after `time`: the next 00:00 UTC. */
export function nextSettlementAfter(time: bigint): bigint {
  return dayStartOf(time) + DAY_SECONDS;
}

/** When a fixed-term order matures: the first settlement at or after start + days × 86,400. */
export function regularMaturity(start: bigint, days: number): bigint {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, got ${days}`);
  const due = nonNegative('start', start) + BigInt(days) * DAY_SECONDS;
  const day = dayStartOf(due);
  return day === due ? due : day + DAY_SECONDS;
}

/** A waiting order as the allotment sees it: its global order number and its payment. */
export type QueuedOrder<S extends bigint | number = bigint> = { readonly seq: S; readonly payment: bigint };

/**
 * One allotment round, strict FIFO: waiting orders in `seq` order are allotted while the
 * cumulative payments fit `quota`; the first that does not fit stops the round (a larger order is
 * never overtaken by a smaller one behind it). `amount` is the Σ of the allotted payments (≤ quota).
 * The queue may come in any order; it is taken in `seq` order.
 */
export function projectAllotment<S extends bigint | number>(
  queue: readonly QueuedOrder<S>[],
  quota: bigint,
): { allotted: S[]; amount: bigint } {
  const ordered = [...queue].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  const allotted: S[] = [];
  let amount = 0n;
  for (const order of ordered) {
    const next = amount + nonNegative('payment', order.payment);
    if (next > quota) break;
    allotted.push(order.seq);
    amount = next;
  }
  return { allotted, amount };
}

/** The registration type of a new package purchase: `first` until the user has a paid package order. */
export function registrationTypeFor(hasPaidOrder: boolean): Exclude<RegistrationType, 'loop'> {
  return hasPaidOrder ? 'repeat' : 'first';
}

/** The registration type a `custom1` code stands for; null for any other code. */
export function registrationTypeOfCode(code: bigint | number): RegistrationType | null {
  const n = BigInt(code);
  return REGISTRATION_TYPES.find((type) => BigInt(REGISTRATION_TYPE_CODES[type]) === n) ?? null;
}

/** What a `diveInWithToken`'s `custom` names: a package id, a regular product id, or a plain top-up. */
export type CustomKind = 'topup' | 'package' | 'regular';

/** `custom` by `CUSTOM_RANGES`: 1–99 package, 101–199 regular, anything else (0 included) a top-up. */
export function customKind(custom: bigint | number): CustomKind {
  const n = BigInt(custom);
  const within = (r: { min: number; max: number }) => n >= BigInt(r.min) && n <= BigInt(r.max);
  if (within(CUSTOM_RANGES.package)) return 'package';
  if (within(CUSTOM_RANGES.regular)) return 'regular';
  return 'topup';
}

/** One version of dated settings: in force from `effectiveFrom` (unix seconds, a UTC day start). */
export type Dated = { readonly effectiveFrom: bigint | number };

/**
 * The settings version in force at `time`: the one with the latest `effectiveFrom` ≤ time (the
 * versions may come in any order). Throws `RangeError` when none is in force yet (the first
 * version's effectiveFrom is 0, so a validated settings file always has one).
 */
export function settingsAt<V extends Dated>(versions: readonly V[], time: bigint): V {
  let best: V | undefined;
  for (const v of versions) {
    const from = BigInt(v.effectiveFrom);
    if (from <= time && (best === undefined || from >= BigInt(best.effectiveFrom))) best = v;
  }
  if (best === undefined) throw new RangeError(`no finance settings are in force at ${time}`);
  return best;
}
