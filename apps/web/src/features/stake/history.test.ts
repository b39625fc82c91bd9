import { describe, expect, it } from 'vitest';
import { getAddress, parseEther, type Hash } from 'viem';
import type { StakeRecord } from '@eterno/protocol/stake/records';
import type { StakeOrder } from '../../api/indexer.ts';
import { indexerBehind, recordRows } from './history.ts';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

function record(id: bigint, change: Partial<StakeRecord> = {}): StakeRecord {
  return {
    id,
    amount: parseEther('100'),
    days: 30,
    rateBps: 100,
    reward: parseEther('1'),
    stakingTime: 1_000n,
    unlockTime: 1_000n + 30n * 86_400n,
    status: 'locked',
    timeLeft: { days: 1, hours: 0 },
    revenue: 0n,
    base: 0n,
    leave: { principal: parseEther('100'), reward: 0n, forfeited: parseEther('1'), early: true },
    ...change,
  };
}

function order(id: bigint, change: Partial<StakeOrder> = {}): StakeOrder {
  return {
    pool: 'ETRO',
    orderId: id,
    owner: getAddress('0x0000000000000000000000000000000000000001'),
    amount: parseEther('100'),
    lockDays: 30,
    rateBps: 100,
    reward: parseEther('1'),
    base: 0n,
    stakingTime: 1_000,
    lockTime: 30 * 86_400,
    unstaked: false,
    paidReward: null,
    forfeited: null,
    early: null,
    enteredTx: hash(Number(id)),
    leftTime: null,
    leftTx: null,
    ...change,
  };
}

const left = (id: bigint) => record(id, { status: 'left', timeLeft: null, revenue: null, leave: null });

describe('recordRows', () => {
  it('keeps the chain records as they are without the indexer', () => {
    expect(recordRows([record(1n), left(2n)], undefined)).toEqual([
      { ...record(1n), enteredTx: null, leftTx: null, leftEarly: null },
      { ...left(2n), enteredTx: null, leftTx: null, leftEarly: null },
    ]);
  });

  it('adds the tx hashes, and for a left order the reward paid and whether it was early', () => {
    const rows = recordRows([record(1n), left(2n), left(3n)], {
      complete: true,
      orders: [
        order(3n, { unstaked: true, paidReward: 0n, early: true, leftTx: hash(33), leftTime: 5 }),
        order(2n, { unstaked: true, paidReward: parseEther('1'), early: false, leftTx: hash(22), leftTime: 5 }),
        order(1n),
      ],
    });
    expect(rows.map((row) => [row.id, row.revenue, row.leftEarly, row.enteredTx, row.leftTx])).toEqual([
      [1n, 0n, null, hash(1), null],
      [2n, parseEther('1'), false, hash(2), hash(22)],
      [3n, 0n, true, hash(3), hash(33)],
    ]);
  });

  it('never lets the indexer override what the chain says (it may lag behind)', () => {
    const rows = recordRows([left(2n), record(4n, { revenue: parseEther('0.5') })], {
      complete: true,
      orders: [order(2n), order(4n, { unstaked: true, paidReward: 0n, early: true })],
    });
    expect(rows[0]).toMatchObject({ revenue: null, leftEarly: null, leftTx: null });
    expect(rows[1]).toMatchObject({ revenue: parseEther('0.5'), leftEarly: null });
  });
});

describe('indexerBehind', () => {
  it('is true while an order or a leave the chain shows is not indexed yet', () => {
    expect(indexerBehind([record(1n)], { complete: true, orders: [] })).toBe(true);
    expect(indexerBehind([left(1n)], { complete: true, orders: [order(1n)] })).toBe(true);
    expect(
      indexerBehind([left(1n), record(2n)], { complete: true, orders: [order(2n), order(1n, { unstaked: true })] }),
    ).toBe(false);
  });

  it('is false before the first answer, and ignores orders older than an incomplete page', () => {
    expect(indexerBehind([record(1n)], undefined)).toBe(false);
    expect(indexerBehind([record(9n), record(1n)], { complete: false, orders: [order(9n)] })).toBe(false);
    expect(indexerBehind([record(10n), record(9n)], { complete: false, orders: [order(9n)] })).toBe(true);
  });
});
