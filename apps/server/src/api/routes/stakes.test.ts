import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseStakesQuery, stakeOrderJson } from './stakes.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TX = `0x${'ab'.repeat(32)}` as const;
const TX2 = `0x${'cd'.repeat(32)}` as const;

describe('parseStakesQuery', () => {
  it('takes the account, the pool and an order-id cursor', () => {
    expect(parseStakesQuery({ account: ALICE, pool: 'ETRO' })).toEqual({
      account: ALICE.toLowerCase(),
      pool: 'ETRO',
      limit: 20,
      before: undefined,
    });
    expect(parseStakesQuery({ account: ALICE, pool: 'EULP', limit: '3', before: '12' })).toMatchObject({
      pool: 'EULP',
      limit: 3,
      before: 12n,
    });
  });

  it.each([
    [{ pool: 'ETRO' }, 'BAD_REQUEST'],
    [{ account: '0xzz', pool: 'ETRO' }, 'INVALID_WALLET_ADDRESS'],
    [{ account: ALICE }, 'BAD_REQUEST'],
    [{ account: ALICE, pool: 'USDT' }, 'BAD_REQUEST'],
    [{ account: ALICE, pool: 'etro' }, 'BAD_REQUEST'],
    [{ account: ALICE, pool: 'ETRO', before: '10:2' }, 'BAD_REQUEST'],
    [{ account: ALICE, pool: 'ETRO', limit: '0' }, 'BAD_REQUEST'],
  ])('refuses %j with %s', (query, code) => {
    expect(() => parseStakesQuery(query)).toThrow(ApiError);
    expect(() => parseStakesQuery(query)).toThrow(expect.objectContaining({ code, status: 400 }));
  });
});

describe('stakeOrderJson', () => {
  const row = {
    pool: 'ETRO',
    orderId: 3n,
    contract: '0x0000000000000000000000000000000000000001' as const,
    owner: ALICE.toLowerCase() as `0x${string}`,
    amount: 10n ** 20n,
    lockDays: 30,
    rateBps: 100,
    reward: 10n ** 18n,
    base: 0n,
    stakingTime: 1_700_000_000n,
    lockTime: 2_592_000,
    unstaked: false,
    paidReward: null,
    forfeited: null,
    early: null,
    enteredTx: TX,
    leftTime: null,
    leftTx: null,
  };

  it('writes an open order with null exit fields', () => {
    expect(stakeOrderJson(row)).toEqual({
      pool: 'ETRO',
      orderId: '3',
      owner: ALICE.toLowerCase(),
      amount: '100000000000000000000',
      lockDays: 30,
      rateBps: 100,
      reward: '1000000000000000000',
      base: '0',
      stakingTime: '1700000000',
      lockTime: 2_592_000,
      unstaked: false,
      paidReward: null,
      forfeited: null,
      early: null,
      enteredTx: TX,
      leftTime: null,
      leftTx: null,
    });
  });

  it("writes a left order's exit", () => {
    const left = {
      ...row,
      unstaked: true,
      paidReward: 0n,
      forfeited: 10n ** 18n,
      early: true,
      leftTime: 1_700_000_500n,
      leftTx: TX2,
    };
    expect(stakeOrderJson(left)).toMatchObject({
      unstaked: true,
      paidReward: '0',
      forfeited: '1000000000000000000',
      early: true,
      leftTime: '1700000500',
      leftTx: TX2,
    });
  });

  it('refuses a row of an unknown pool', () => {
    expect(() => stakeOrderJson({ ...row, pool: 'USDT' })).toThrow(/unknown value "USDT"/);
  });
});
