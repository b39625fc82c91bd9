import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { REGISTRATION_TYPE_CODES } from '../financeApi.ts';
import {
  customKind,
  dailyIncome,
  dayStartOf,
  etroValueBetween,
  finishingDay,
  gainedAfter,
  gainedUsdtAfter,
  nextSettlementAfter,
  orderGains,
  packagePrice,
  projectAllotment,
  registrationTypeFor,
  registrationTypeOfCode,
  regularInterest,
  regularMaturity,
  rewardLimit,
  settingsAt,
  splitIncome,
  usdtToEtro,
} from './rules.ts';

const usdt = (v: string) => parseUnits(v, 18);
/** ECONOMY §2 defaults: ETERNO-01 2.0× on 60 %, ETERNO-02 3.0× on 40 %, 0.5 % a day. */
const DEFAULT = { multiple01Bps: 20_000, multiple02Bps: 30_000, allocation01Bps: 6_000 };
const DAILY = 50;

const amount = fc.bigInt({ min: 0n, max: 10n ** 30n });
const bpsUpTo = (max: number) => fc.integer({ min: 0, max });

describe('rewardLimit', () => {
  it('is 2.4 × the payment with the defaults, to the wei, for every package price', () => {
    for (const units of [1, 5, 10, 30, 50]) {
      const price = packagePrice(units, usdt('100'));
      expect(rewardLimit(price, DEFAULT)).toBe((price * 24n) / 10n);
    }
    expect(rewardLimit(usdt('100'), DEFAULT)).toBe(usdt('240'));
    fc.assert(fc.property(amount, (p) => rewardLimit(p, DEFAULT) === (p * 24n) / 10n));
  });

  it('rounds down: 1 wei at 2.4× earns 2 wei', () => {
    expect(rewardLimit(1n, DEFAULT)).toBe(2n);
    expect(rewardLimit(3n, DEFAULT)).toBe(7n);
  });

  it('weights the two multiples by the allocation: all in 01 is mult01, all in 02 is mult02', () => {
    expect(rewardLimit(usdt('100'), { ...DEFAULT, allocation01Bps: 10_000 })).toBe(usdt('200'));
    expect(rewardLimit(usdt('100'), { ...DEFAULT, allocation01Bps: 0 })).toBe(usdt('300'));
  });

  it('refuses a negative payment, a fractional or out-of-range allocation', () => {
    expect(() => rewardLimit(-1n, DEFAULT)).toThrow(RangeError);
    expect(() => rewardLimit(1n, { ...DEFAULT, allocation01Bps: 10_001 })).toThrow(RangeError);
    expect(() => rewardLimit(1n, { ...DEFAULT, multiple01Bps: 1.5 })).toThrow(RangeError);
    expect(() => rewardLimit(1n, { ...DEFAULT, multiple02Bps: -1 })).toThrow(RangeError);
  });
});

describe('dailyIncome', () => {
  it('is payment × rate / 10,000, rounded down', () => {
    expect(dailyIncome(usdt('100'), DAILY, 0n, usdt('240'))).toBe(usdt('0.5'));
    expect(dailyIncome(199n, DAILY, 0n, 1000n)).toBe(0n);
    expect(dailyIncome(200n, DAILY, 0n, 1000n)).toBe(1n);
  });

  it('is capped at what is left of the limit, and 0 at or beyond it', () => {
    expect(dailyIncome(usdt('100'), DAILY, usdt('239.8'), usdt('240'))).toBe(usdt('0.2'));
    expect(dailyIncome(usdt('100'), DAILY, usdt('240'), usdt('240'))).toBe(0n);
    expect(dailyIncome(usdt('100'), DAILY, usdt('241'), usdt('240'))).toBe(0n);
  });

  it('reaches the default limit of 2.4× in exactly 480 days of 0.5 %', () => {
    const payment = usdt('5000');
    const limit = rewardLimit(payment, DEFAULT);
    let gained = 0n;
    let days = 0;
    while (gained < limit) {
      gained += dailyIncome(payment, DAILY, gained, limit);
      days++;
    }
    expect(days).toBe(480);
    expect(gained).toBe(limit);
  });

  it('never lets the sum of the daily incomes exceed the limit, and reaches it when the rate is positive', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.integer({ min: 1, max: 10_000 }),
        bpsUpTo(10_000),
        fc.integer({ min: 0, max: 1_000 }),
        (payment, rate, alloc01, extraDays) => {
          const limit = rewardLimit(payment, { ...DEFAULT, allocation01Bps: alloc01 });
          const full = (payment * BigInt(rate)) / 10_000n;
          let gained = 0n;
          // Enough days to reach the limit when a day earns anything, plus some past it.
          const days = full === 0n ? extraDays : Number(limit / full) + 1 + extraDays;
          for (let d = 0; d < days; d++) {
            const income = dailyIncome(payment, rate, gained, limit);
            if (income < 0n || income > full) return false;
            gained += income;
            if (gained > limit) return false;
          }
          return full === 0n ? gained === 0n : gained === limit;
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('splitIncome', () => {
  it('pays the 01 share in USDT rounded down and the rest as the ETRO value', () => {
    expect(splitIncome(usdt('0.5'), 6_000)).toEqual({ usdt: usdt('0.3'), etroValue: usdt('0.2') });
    expect(splitIncome(3n, 6_000)).toEqual({ usdt: 1n, etroValue: 2n });
    expect(splitIncome(7n, 10_000)).toEqual({ usdt: 7n, etroValue: 0n });
    expect(splitIncome(7n, 0)).toEqual({ usdt: 0n, etroValue: 7n });
  });

  it('conserves the amount and never gives USDT more than its share', () => {
    fc.assert(
      fc.property(amount, bpsUpTo(10_000), (a, alloc) => {
        const { usdt: u, etroValue } = splitIncome(a, alloc);
        return u + etroValue === a && u >= 0n && etroValue >= 0n && u * 10_000n <= a * BigInt(alloc);
      }),
    );
  });

  it('refuses an allocation above 100 %', () => {
    expect(() => splitIncome(1n, 10_001)).toThrow(RangeError);
  });
});

describe('usdtToEtro', () => {
  it('converts at USDT per ETRO in 18-decimal fixed point, rounded down', () => {
    expect(usdtToEtro(usdt('0.2'), usdt('0.5'))).toBe(usdt('0.4'));
    expect(usdtToEtro(usdt('1'), usdt('3'))).toBe(333_333_333_333_333_333n);
    expect(usdtToEtro(0n, usdt('3'))).toBe(0n);
  });

  it('never gives more ETRO than the value is worth at the price', () => {
    fc.assert(
      fc.property(amount, fc.bigInt({ min: 1n, max: 10n ** 30n }), (v, price) => {
        const etro = usdtToEtro(v, price);
        return (etro * price) / 10n ** 18n <= v;
      }),
    );
  });

  it('refuses a price of zero or below instead of dividing by it', () => {
    expect(() => usdtToEtro(1n, 0n)).toThrow(RangeError);
    expect(() => usdtToEtro(1n, -1n)).toThrow(RangeError);
  });
});

describe('regularInterest', () => {
  it('is principal × rate × days / 10,000 in one division', () => {
    expect(regularInterest(usdt('100'), 20, 7)).toBe(usdt('1.4'));
    expect(regularInterest(usdt('1000'), 50, 90)).toBe(usdt('450'));
    // One division: 1 wei at 1 bps over 10,000 days is 1 wei, not 0.
    expect(regularInterest(1n, 1, 10_000)).toBe(1n);
    expect(regularInterest(1n, 1, 9_999)).toBe(0n);
  });

  it('refuses fractional or negative days', () => {
    expect(() => regularInterest(1n, 20, 1.5)).toThrow(RangeError);
    expect(() => regularInterest(1n, 20, -1)).toThrow(RangeError);
  });
});

describe('settlement days', () => {
  const D = 1_767_225_600n; // 2026-01-01 00:00 UTC

  it('starts the day at 00:00 UTC and settles next at the following 00:00 UTC', () => {
    expect(dayStartOf(D)).toBe(D);
    expect(dayStartOf(D + 86_399n)).toBe(D);
    expect(nextSettlementAfter(D)).toBe(D + 86_400n);
    expect(nextSettlementAfter(D - 1n)).toBe(D);
  });

  it('matures a fixed-term order at the first settlement at or after start + days', () => {
    expect(regularMaturity(D, 7)).toBe(D + 7n * 86_400n);
    expect(regularMaturity(D + 1n, 7)).toBe(D + 8n * 86_400n);
    expect(regularMaturity(D + 86_399n, 7)).toBe(D + 8n * 86_400n);
  });
});

describe('projectAllotment', () => {
  it('allots in seq order while the payments fit, and stops at the first that does not', () => {
    const queue = [
      { seq: 3n, payment: usdt('30000') },
      { seq: 1n, payment: usdt('10000') },
      { seq: 2n, payment: usdt('5000') },
      { seq: 4n, payment: usdt('100') },
    ];
    expect(projectAllotment(queue, usdt('50000'))).toEqual({ allotted: [1n, 2n, 3n, 4n], amount: usdt('45100') });
    // seq 3 does not fit the 35,000 left: seq 4 (100) waits behind it.
    expect(projectAllotment(queue, usdt('40000'))).toEqual({ allotted: [1n, 2n], amount: usdt('15000') });
    // Exactly filling the quota allots; one wei short leaves the last waiting.
    expect(projectAllotment(queue, usdt('45000'))).toEqual({ allotted: [1n, 2n, 3n], amount: usdt('45000') });
    expect(projectAllotment(queue, usdt('45100') - 1n)).toEqual({ allotted: [1n, 2n, 3n], amount: usdt('45000') });
  });

  it('allots nothing from an empty queue or when the first does not fit', () => {
    expect(projectAllotment([], usdt('50000'))).toEqual({ allotted: [], amount: 0n });
    expect(projectAllotment([{ seq: 1, payment: 2n }], 1n)).toEqual({ allotted: [], amount: 0n });
  });

  it('never skips: the allotted are a prefix of the queue in seq order, within the quota, and the next does not fit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ seq: fc.nat(10_000), payment: fc.bigInt({ min: 1n, max: 5_000n }) }), {
          selector: (o) => o.seq,
          maxLength: 60,
        }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        (queue, quota) => {
          const { allotted, amount } = projectAllotment(queue, quota);
          const ordered = [...queue].sort((a, b) => a.seq - b.seq);
          const prefix = ordered.slice(0, allotted.length);
          const sum = prefix.reduce((s, o) => s + o.payment, 0n);
          const next = ordered[allotted.length];
          return (
            allotted.every((seq, i) => seq === prefix[i]!.seq) &&
            sum === amount &&
            amount <= quota &&
            (next === undefined || amount + next.payment > quota)
          );
        },
      ),
    );
  });
});

describe('registration types', () => {
  it('is first until a package order is paid, then repeat', () => {
    expect(registrationTypeFor(false)).toBe('first');
    expect(registrationTypeFor(true)).toBe('repeat');
  });

  it('reads the custom1 codes back, and nothing else', () => {
    expect(registrationTypeOfCode(REGISTRATION_TYPE_CODES.first)).toBe('first');
    expect(registrationTypeOfCode(2n)).toBe('repeat');
    expect(registrationTypeOfCode(3n)).toBe('loop');
    expect(registrationTypeOfCode(0n)).toBeNull();
    expect(registrationTypeOfCode(4n)).toBeNull();
  });
});

describe('customKind', () => {
  it('reads custom by the ranges: 1–99 package, 101–199 regular, the rest a top-up', () => {
    expect([0n, 1n, 99n, 100n, 101n, 199n, 200n, 2n ** 255n].map(customKind)).toEqual([
      'topup',
      'package',
      'package',
      'topup',
      'regular',
      'regular',
      'topup',
      'topup',
    ]);
    expect(customKind(5)).toBe('package');
  });
});

describe('settingsAt', () => {
  const versions = [
    { effectiveFrom: 172_800, v: 'c' },
    { effectiveFrom: 0, v: 'a' },
    { effectiveFrom: 86_400n, v: 'b' },
  ];

  it('picks the last version whose effectiveFrom is at or before the time', () => {
    expect(settingsAt(versions, 0n).v).toBe('a');
    expect(settingsAt(versions, 86_399n).v).toBe('a');
    expect(settingsAt(versions, 86_400n).v).toBe('b');
    expect(settingsAt(versions, 10n ** 12n).v).toBe('c');
  });

  it('refuses a time before every version', () => {
    expect(() => settingsAt([{ effectiveFrom: 86_400 }], 86_399n)).toThrow(RangeError);
    expect(() => settingsAt([], 0n)).toThrow(RangeError);
  });
});

describe('orderGains: the closed form of settling an order day by day', () => {
  /** The settlement's loop for one order (settlementPlan.ts): the reference. */
  function dayByDay(
    t: { payment: bigint; dailyRateBps: number; allocation01Bps: number; rewardLimit: bigint },
    prices: readonly (bigint | null)[],
  ) {
    let gained = 0n;
    let gainedUsdt = 0n;
    let gainedEtro = 0n;
    let owed = 0n;
    let finishedDay: bigint | null = null;
    prices.forEach((price, i) => {
      if (finishedDay !== null && owed === 0n) return;
      const income = finishedDay === null ? dailyIncome(t.payment, t.dailyRateBps, gained, t.rewardLimit) : 0n;
      if (income === 0n && (owed === 0n || price === null)) return;
      const split = splitIncome(income, t.allocation01Bps);
      const value = split.etroValue + owed;
      const etro = price === null || value === 0n ? 0n : usdtToEtro(value, price);
      owed = price === null ? value : 0n;
      gained += income;
      gainedUsdt += split.usdt;
      gainedEtro += etro;
      if (finishedDay === null && gained >= t.rewardLimit) finishedDay = BigInt(i + 1);
    });
    return { gained, gainedUsdt, gainedEtro, etroOwed: owed, finishedDay };
  }

  const terms = fc.record({
    payment: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.constantFrom(100n * 10n ** 18n, 0n, 1n, 7n)),
    dailyRateBps: fc.oneof(bpsUpTo(2_000), fc.constantFrom(50, 0)),
    allocation01Bps: fc.oneof(bpsUpTo(10_000), fc.constantFrom(6_000, 0, 10_000)),
    multiple: fc.integer({ min: 0, max: 40_000 }),
  });
  const price = fc.option(fc.bigInt({ min: 1n, max: 10n ** 21n }), { freq: 4 });

  it('equals the day-by-day settlement to the wei, with days without a price, past the limit', () => {
    fc.assert(
      fc.property(terms, fc.array(price, { maxLength: 80 }), (t, prices) => {
        const full = { ...t, rewardLimit: (t.payment * BigInt(t.multiple)) / 10_000n };
        expect(orderGains(full, prices)).toEqual(dayByDay(full, prices));
      }),
      { numRuns: 500 },
    );
  });

  it('gives what each day earned: the income of day n is gainedAfter(n) − gainedAfter(n − 1)', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 1, max: 600 }), (t, n) => {
        const full = { ...t, rewardLimit: (t.payment * BigInt(t.multiple)) / 10_000n };
        const days = BigInt(n);
        const before = gainedAfter(full, days - 1n);
        const income = dailyIncome(full.payment, full.dailyRateBps, before, full.rewardLimit);
        expect(gainedAfter(full, days)).toBe(before + income);
        const split = splitIncome(income, full.allocation01Bps);
        expect(gainedUsdtAfter(full, days)).toBe(gainedUsdtAfter(full, days - 1n) + split.usdt);
        expect(etroValueBetween(full, days - 1n, days)).toBe(split.etroValue);
      }),
    );
  });

  it('finishes a 100 USDT package at 0.5 % a day and 2.4× on day 480, 144 USDT of it in USDT', () => {
    const t = { payment: 100n * 10n ** 18n, dailyRateBps: 50, allocation01Bps: 6_000, rewardLimit: 240n * 10n ** 18n };
    expect(finishingDay(t)).toBe(480n);
    expect(gainedAfter(t, 479n)).toBe(239_500_000_000_000_000_000n);
    expect(gainedAfter(t, 1_000n)).toBe(t.rewardLimit);
    expect(gainedUsdtAfter(t, 480n)).toBe(144n * 10n ** 18n);
    expect(finishingDay({ ...t, dailyRateBps: 0 })).toBeNull();
  });
});
