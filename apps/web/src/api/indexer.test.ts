import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting, type AppConfig } from '../config.ts';
import { ApiError } from '../session/ApiError.ts';
import { fetchFarmEvents, fetchLocks, fetchStakes, fetchTrades, IndexerResponseError } from './indexer.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const alice = ALICE.toLowerCase();
const SWAP = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const TX = `0x${'ab'.repeat(32)}`;
const TX2 = `0x${'cd'.repeat(32)}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(status: number, body: unknown) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));
}

const place = { id: 'e1', blockNumber: '42', timestamp: '1700000000', txHash: TX, logIndex: 3 };

const TRADE = {
  ...place,
  trader: alice,
  isBuy: true,
  amountIn: '1000000000000000000000',
  amountOut: '93000000000000000000',
  fee: '60000000000000000000',
};

afterEach(() => {
  setConfigForTesting(undefined);
});

describe('fetchTrades', () => {
  it('GETs {apiUrl}/trades with the query and returns typed records (bigint amounts, checksummed addresses)', async () => {
    const fetch = stubFetch(200, { trades: [TRADE], nextBefore: '42:3' });
    const page = await fetchTrades({ account: ALICE, limit: 5, before: '50:0' }, { apiUrl: 'http://api.test/', fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`http://api.test/trades?account=${ALICE}&limit=5&before=50%3A0`);
    expect(fetch.mock.calls[0]![1]?.method).toBe('GET');
    expect(page).toEqual({
      items: [
        {
          id: 'e1',
          blockNumber: 42n,
          timestamp: 1_700_000_000,
          txHash: TX,
          logIndex: 3,
          trader: ALICE,
          isBuy: true,
          amountIn: 1000n * 10n ** 18n,
          amountOut: 93n * 10n ** 18n,
          fee: 60n * 10n ** 18n,
        },
      ],
      nextBefore: '42:3',
    });
  });

  it('sends no query for the default listing and reads from getConfig().apiUrl', async () => {
    setConfigForTesting({ apiUrl: 'http://from-config.test' } as AppConfig);
    const fetch = stubFetch(200, { trades: [], nextBefore: null });
    await expect(fetchTrades({}, { fetch })).resolves.toEqual({ items: [], nextBefore: null });
    expect(fetch.mock.calls[0]![0]).toBe('http://from-config.test/trades');
  });

  it.each([
    ['a float amount', { ...TRADE, amountIn: '1.5' }, 'amountIn'],
    ['a number amount', { ...TRADE, fee: 60 }, 'fee'],
    ['a negative amount', { ...TRADE, amountOut: '-1' }, 'amountOut'],
    ['a bad address', { ...TRADE, trader: '0x1234' }, 'trader'],
    ['a bad hash', { ...TRADE, txHash: '0x12' }, 'txHash'],
    ['a string boolean', { ...TRADE, isBuy: 'true' }, 'isBuy'],
    ['a missing log index', { ...TRADE, logIndex: undefined }, 'logIndex'],
  ])('refuses %s with SERVER_ERROR naming the field', async (_name, record, field) => {
    const fetch = stubFetch(200, { trades: [record], nextBefore: null });
    const failure = fetchTrades({}, { apiUrl: 'http://api.test', fetch });
    await expect(failure).rejects.toBeInstanceOf(IndexerResponseError);
    await expect(failure).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: expect.stringContaining(`.trades[0].${field}`),
    });
  });

  it('refuses an answer without the list', async () => {
    const fetch = stubFetch(200, { nextBefore: null });
    await expect(fetchTrades({}, { apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
  });

  it("throws the server's error code with its status", async () => {
    const fetch = stubFetch(400, { error: { code: 'INVALID_WALLET_ADDRESS', message: 'Invalid wallet address' } });
    const failure = fetchTrades({ account: '0x12' }, { apiUrl: 'http://api.test', fetch });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_WALLET_ADDRESS', status: 400 });
  });
});

const STAKED = {
  pool: 'EULP',
  orderId: '7',
  owner: alice,
  amount: '100000000000000000000',
  lockDays: 30,
  rateBps: 100,
  reward: '1000000000000000000',
  base: '1000000000000000000',
  stakingTime: '1700000000',
  lockTime: 2_592_000,
  unstaked: false,
  paidReward: null,
  forfeited: null,
  early: null,
  enteredTx: TX,
  leftTime: null,
  leftTx: null,
};

describe('fetchStakes', () => {
  it('GETs /stakes?account&pool and types an open and a left order', async () => {
    const left = {
      ...STAKED,
      orderId: '6',
      unstaked: true,
      paidReward: '0',
      forfeited: '1000000000000000000',
      early: true,
      leftTime: '1700000100',
      leftTx: TX2,
    };
    const fetch = stubFetch(200, { stakes: [STAKED, left], nextBefore: '6' });
    const page = await fetchStakes({ account: ALICE, pool: 'EULP' }, { apiUrl: 'http://api.test', fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`http://api.test/stakes?account=${ALICE}&pool=EULP`);
    expect(page.nextBefore).toBe('6');
    expect(page.items[0]).toEqual({
      pool: 'EULP',
      orderId: 7n,
      owner: ALICE,
      amount: 100n * 10n ** 18n,
      lockDays: 30,
      rateBps: 100,
      reward: 10n ** 18n,
      base: 10n ** 18n,
      stakingTime: 1_700_000_000,
      lockTime: 2_592_000,
      unstaked: false,
      paidReward: null,
      forfeited: null,
      early: null,
      enteredTx: TX,
      leftTime: null,
      leftTx: null,
    });
    expect(page.items[1]).toMatchObject({
      orderId: 6n,
      unstaked: true,
      paidReward: 0n,
      forfeited: 10n ** 18n,
      early: true,
      leftTime: 1_700_000_100,
      leftTx: TX2,
    });
  });

  it.each([
    ['an unknown pool', { ...STAKED, pool: 'USDT' }, 'pool'],
    ['a left order without its exit', { ...STAKED, unstaked: true }, 'paidReward'],
    ['an open order with exit fields', { ...STAKED, early: false }, 'early'],
  ])('refuses %s', async (_name, record, field) => {
    const fetch = stubFetch(200, { stakes: [record], nextBefore: null });
    await expect(
      fetchStakes({ account: ALICE, pool: 'EULP' }, { apiUrl: 'http://api.test', fetch }),
    ).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: expect.stringContaining(`.stakes[0].${field}`),
    });
  });
});

describe('fetchLocks', () => {
  it('GETs /locks?account and types credits, claims (with the fee) and revocations', async () => {
    const credit = {
      ...place,
      kind: 'credit',
      user: alice,
      writer: SWAP,
      source: 'swap',
      amount: '5',
      start: '1700000000',
      duration: '86400',
      feeBps: 500,
      revocable: false,
      slot: null,
    };
    const claim = {
      ...place,
      id: 'e2',
      logIndex: 4,
      kind: 'claim',
      user: alice,
      amount: '2',
      fee: '1',
      swapAmount: '2',
      stakeAmount: '0',
      swapFee: '1',
      stakeFee: '0',
    };
    const revoke = {
      ...place,
      id: 'e0',
      logIndex: 1,
      kind: 'revoke',
      user: alice,
      writer: SWAP,
      source: 'stakeEULP',
      slot: 1,
      kept: '3',
      unreleased: '7',
    };
    const fetch = stubFetch(200, { records: [claim, credit, revoke], nextBefore: null });
    const page = await fetchLocks({ account: ALICE, limit: 100 }, { apiUrl: 'http://api.test', fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`http://api.test/locks?account=${ALICE}&limit=100`);
    expect(page.items).toEqual([
      {
        id: 'e2',
        blockNumber: 42n,
        timestamp: 1_700_000_000,
        txHash: TX,
        logIndex: 4,
        kind: 'claim',
        user: ALICE,
        amount: 2n,
        fee: 1n,
        swapAmount: 2n,
        stakeAmount: 0n,
        swapFee: 1n,
        stakeFee: 0n,
      },
      {
        id: 'e1',
        blockNumber: 42n,
        timestamp: 1_700_000_000,
        txHash: TX,
        logIndex: 3,
        kind: 'credit',
        user: ALICE,
        writer: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        source: 'swap',
        amount: 5n,
        start: 1_700_000_000,
        duration: 86_400,
        feeBps: 500,
        revocable: false,
        slot: null,
      },
      {
        id: 'e0',
        blockNumber: 42n,
        timestamp: 1_700_000_000,
        txHash: TX,
        logIndex: 1,
        kind: 'revoke',
        user: ALICE,
        writer: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        source: 'stakeEULP',
        slot: 1,
        kept: 3n,
        unreleased: 7n,
      },
    ]);
  });

  it('refuses an unknown record kind or source', async () => {
    const fetch = stubFetch(200, { records: [{ ...place, kind: 'burn', user: alice, amount: '1' }], nextBefore: null });
    await expect(fetchLocks({ account: ALICE }, { apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({
      message: expect.stringContaining('.records[0].kind'),
    });
    const badSource = stubFetch(200, {
      records: [
        {
          ...place,
          kind: 'credit',
          user: alice,
          writer: SWAP,
          source: 'airdrop',
          amount: '5',
          start: '1',
          duration: '0',
          feeBps: 0,
          revocable: false,
          slot: null,
        },
      ],
      nextBefore: null,
    });
    await expect(fetchLocks({ account: ALICE }, { apiUrl: 'http://api.test', fetch: badSource })).rejects.toMatchObject(
      {
        message: expect.stringContaining('.records[0].source'),
      },
    );
  });
});

describe('fetchFarmEvents', () => {
  it('GETs /farm?account and types the events', async () => {
    const fetch = stubFetch(200, {
      events: [{ ...place, kind: 'harvest', user: alice, pid: '0', amount: '123' }],
      nextBefore: null,
    });
    const page = await fetchFarmEvents({ account: ALICE }, { apiUrl: 'http://api.test', fetch });
    expect(fetch.mock.calls[0]![0]).toBe(`http://api.test/farm?account=${ALICE}`);
    expect(page.items).toEqual([
      {
        id: 'e1',
        blockNumber: 42n,
        timestamp: 1_700_000_000,
        txHash: TX,
        logIndex: 3,
        kind: 'harvest',
        user: ALICE,
        pid: 0n,
        amount: 123n,
      },
    ]);
  });

  it('refuses an unknown kind and reports no answer as NETWORK_ERROR', async () => {
    const fetch = stubFetch(200, {
      events: [{ ...place, kind: 'stake', user: alice, pid: '0', amount: '1' }],
      nextBefore: null,
    });
    await expect(fetchFarmEvents({ account: ALICE }, { apiUrl: 'http://api.test', fetch })).rejects.toMatchObject({
      code: 'SERVER_ERROR',
    });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchFarmEvents({ account: ALICE }, { apiUrl: 'http://api.test', fetch: down })).rejects.toMatchObject(
      { code: 'NETWORK_ERROR' },
    );
  });
});
