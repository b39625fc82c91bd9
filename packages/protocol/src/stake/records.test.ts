import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import {
  StakeContractMismatchError,
  baseReward,
  earnedReward,
  rewardAtMaturity,
  rewardSplit,
  stakeRecord,
  timeLeft,
  type StakeOrder,
} from './records.ts';

const DAY = 86_400;
const T0 = 1_700_000_000;

function order(change: Partial<StakeOrder> = {}): StakeOrder {
  return {
    owner: '0x0000000000000000000000000000000000000001',
    stakingTime: T0,
    lockTime: 30 * DAY,
    unstaked: false,
    rateBps: 100,
    amount: parseEther('300'),
    reward: parseEther('3'),
    releaseDuration: 30 * DAY,
    baseRateBps: 100,
    ledgerSlot: 1,
    ...change,
  };
}
const at = (seconds: number) => BigInt(T0 + seconds);

describe('earnedReward (the contract formula)', () => {
  it('daily accrual counts whole days only', () => {
    expect(earnedReward(order(), at(0), 'daily')).toBe(0n);
    expect(earnedReward(order(), at(DAY - 1), 'daily')).toBe(0n);
    expect(earnedReward(order(), at(DAY), 'daily')).toBe(parseEther('0.1'));
    expect(earnedReward(order(), at(15 * DAY + 3600), 'daily')).toBe(parseEther('1.5'));
  });

  it('per-second accrual grows every second', () => {
    expect(earnedReward(order(), at(1), 'perSecond')).toBe(parseEther('3') / BigInt(30 * DAY));
    expect(earnedReward(order(), at(DAY - 1), 'perSecond')).toBe(
      (parseEther('3') * BigInt(DAY - 1)) / BigInt(30 * DAY),
    );
  });

  it('caps at the full-term reward from the unlock on, and is 0 once left', () => {
    expect(earnedReward(order(), at(30 * DAY), 'daily')).toBe(parseEther('3'));
    expect(earnedReward(order(), at(400 * DAY), 'perSecond')).toBe(parseEther('3'));
    expect(earnedReward(order({ unstaked: true }), at(400 * DAY), 'daily')).toBe(0n);
  });

  it('rounds down like the contract (integer division)', () => {
    const odd = order({ reward: 10n, lockTime: 90 * DAY });
    expect(earnedReward(odd, at(DAY), 'daily')).toBe(0n);
    expect(earnedReward(odd, at(9 * DAY), 'daily')).toBe(1n);
  });

  it('refuses a time before the order', () => {
    expect(() => earnedReward(order(), at(-1), 'daily')).toThrow(RangeError);
  });
});

describe('timeLeft', () => {
  it('rounds up to whole hours, so a locked order never shows 0 d 0 h', () => {
    expect(timeLeft(at(30 * DAY), at(0))).toEqual({ days: 30, hours: 0 });
    expect(timeLeft(at(30 * DAY), at(1))).toEqual({ days: 30, hours: 0 });
    expect(timeLeft(at(30 * DAY), at(3600))).toEqual({ days: 29, hours: 23 });
    expect(timeLeft(at(30 * DAY), at(3601))).toEqual({ days: 29, hours: 23 });
    expect(timeLeft(at(30 * DAY), at(30 * DAY - 1))).toEqual({ days: 0, hours: 1 });
  });

  it('is null from the unlock time on', () => {
    expect(timeLeft(at(30 * DAY), at(30 * DAY))).toBeNull();
    expect(timeLeft(at(30 * DAY), at(31 * DAY))).toBeNull();
  });
});

describe('stakeRecord', () => {
  it('a locked order: period, rate, left period, revenue so far, early leave without reward', () => {
    expect(stakeRecord(7n, order(), at(10 * DAY + 5), 'daily')).toEqual({
      id: 7n,
      amount: parseEther('300'),
      days: 30,
      rateBps: 100,
      reward: parseEther('3'),
      stakingTime: at(0),
      unlockTime: at(30 * DAY),
      status: 'locked',
      timeLeft: { days: 20, hours: 0 },
      revenue: parseEther('1'),
      base: 0n,
      leave: { principal: parseEther('300'), reward: 0n, forfeited: parseEther('3'), early: true },
    });
  });

  it('an unlocked order: whole reward, leave credits it', () => {
    const record = stakeRecord(1n, order(), at(30 * DAY), 'perSecond');
    expect(record).toMatchObject({
      status: 'unlocked',
      timeLeft: null,
      revenue: parseEther('3'),
      leave: { principal: parseEther('300'), reward: parseEther('3'), forfeited: 0n, early: false },
    });
  });

  it('a left order: revenue 0 when it can only have left early, unknown after the unlock time', () => {
    expect(stakeRecord(1n, order({ unstaked: true }), at(DAY), 'daily')).toMatchObject({
      status: 'left',
      timeLeft: null,
      revenue: 0n,
      leave: null,
    });
    expect(stakeRecord(1n, order({ unstaked: true }), at(31 * DAY), 'daily')).toMatchObject({
      status: 'left',
      revenue: null,
    });
    // An early EULP leave kept what it had released: only the indexer knows how much.
    expect(stakeRecord(1n, order({ unstaked: true }), at(DAY), 'perSecond')).toMatchObject({
      status: 'left',
      revenue: null,
    });
  });

  it('an EULP order left early keeps the reward released so far (quoteLeave)', () => {
    expect(stakeRecord(1n, order(), at(10 * DAY), 'perSecond').leave).toEqual({
      principal: parseEther('300'),
      reward: parseEther('1'),
      forfeited: parseEther('2'),
      early: true,
    });
    expect(stakeRecord(1n, order(), at(10 * DAY), 'daily').leave).toEqual({
      principal: parseEther('300'),
      reward: 0n,
      forfeited: parseEther('3'),
      early: true,
    });
  });

  it('an EULP 360-day order releases its base (the 30-day rate) by the second and forfeits the bonus early', () => {
    const long = order({ lockTime: 360 * DAY, rateBps: 2400, reward: parseEther('72'), baseRateBps: 100 });
    // base = 300 × 1 % × 360 / 30 = 36 ETRO of the 72; after 30 days: 3 ETRO, what a 30-day order earns.
    expect(baseReward(long, 'perSecond')).toBe(parseEther('36'));
    expect(baseReward(long, 'daily')).toBe(0n);
    expect(stakeRecord(1n, long, at(30 * DAY), 'perSecond')).toMatchObject({
      base: parseEther('36'),
      revenue: parseEther('3'),
      leave: { reward: parseEther('3'), forfeited: parseEther('69'), early: true },
    });
    expect(stakeRecord(1n, long, at(360 * DAY), 'perSecond').leave).toMatchObject({
      reward: parseEther('72'),
      forfeited: 0n,
      early: false,
    });
  });

  it('the base never exceeds the full reward (a long period with a low rate)', () => {
    const low = order({ lockTime: 360 * DAY, rateBps: 50, reward: parseEther('1.5'), baseRateBps: 100 });
    expect(baseReward(low, 'perSecond')).toBe(parseEther('1.5'));
  });

  it('takes the period from the lock time (360 days)', () => {
    expect(stakeRecord(1n, order({ lockTime: 360 * DAY, rateBps: 2400 }), at(0), 'daily')).toMatchObject({
      days: 360,
      rateBps: 2400,
      timeLeft: { days: 360, hours: 0 },
    });
  });

  it('refuses a lock that is not one of the eight periods', () => {
    expect(() => stakeRecord(1n, order({ lockTime: 45 * DAY }), at(0), 'daily')).toThrow(StakeContractMismatchError);
    expect(() => stakeRecord(1n, order({ lockTime: 30 * DAY + 1 }), at(0), 'daily')).toThrow(
      StakeContractMismatchError,
    );
  });
});

describe('rewardAtMaturity', () => {
  it('is amount × rate / 10 000, rounded down', () => {
    expect(rewardAtMaturity(parseEther('1000'), 2400)).toBe(parseEther('240'));
    expect(rewardAtMaturity(parseEther('100'), 250)).toBe(parseEther('2.5'));
    expect(rewardAtMaturity(99n, 100)).toBe(0n);
    expect(rewardAtMaturity(101n, 100n)).toBe(1n);
  });
});

describe('rewardSplit', () => {
  it('EULP: the base at the 30-day rate over the lock, the rest as the bonus at the unlock', () => {
    expect(rewardSplit(parseEther('1000'), 2400, 100, 360, 'perSecond')).toEqual({
      base: parseEther('120'),
      bonus: parseEther('120'),
    });
    expect(rewardSplit(parseEther('1000'), 100, 100, 30, 'perSecond')).toEqual({ base: parseEther('10'), bonus: 0n });
    // A long period whose rate is below the 30-day rate pro rata: all of it by the second, no bonus.
    expect(rewardSplit(parseEther('1000'), 50, 100, 360, 'perSecond')).toEqual({ base: parseEther('5'), bonus: 0n });
  });

  it('ETRO pool: no base, the whole reward at the leave', () => {
    expect(rewardSplit(parseEther('1000'), 2400, 100, 360, 'daily')).toEqual({ base: 0n, bonus: parseEther('240') });
  });
});
