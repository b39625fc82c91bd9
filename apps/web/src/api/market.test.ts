import { describe, expect, it, vi } from 'vitest';
import { fetchMarketBook, fetchMarketFills, fetchMyMarketOrders } from './market.ts';
import { IndexerResponseError } from './indexer.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TX = `0x${'ab'.repeat(32)}`;

const stubFetch = (body: unknown) =>
  vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

const ORDER = {
  orderId: '3',
  seller: ALICE.toLowerCase(),
  unitPrice: '950000000000000000',
  quantity: '100000000000000000000',
  remaining: '70000000000000000000',
  refunded: '0',
  feeBps: 300,
  status: 'open',
  blockNumber: '42',
  timestamp: '1700000000',
  txHash: TX,
  logIndex: 1,
};

describe('the market API client', () => {
  it('GETs the book with its `after` cursor and returns typed orders and `nextAfter`', async () => {
    const fetch = stubFetch({ orders: [ORDER], nextAfter: '950000000000000000:3' });
    const page = await fetchMarketBook(
      { limit: 1, after: '900000000000000000:2' },
      { apiUrl: 'http://api.test/', fetch },
    );
    expect(fetch.mock.calls[0]![0]).toBe('http://api.test/market/orders?limit=1&after=900000000000000000%3A2');
    expect(page).toEqual({
      items: [
        {
          orderId: 3n,
          seller: ALICE,
          unitPrice: 950000000000000000n,
          quantity: 100000000000000000000n,
          remaining: 70000000000000000000n,
          refunded: 0n,
          feeBps: 300,
          status: 'open',
          timestamp: 1700000000,
          txHash: TX,
        },
      ],
      nextAfter: '950000000000000000:3',
    });
  });

  it("reads a seller's orders and an account's fills, and refuses an unknown status or a bad amount", async () => {
    const mine = await fetchMyMarketOrders(
      { account: ALICE },
      {
        apiUrl: 'http://api.test',
        fetch: stubFetch({ orders: [{ ...ORDER, status: 'cancelled' }], nextBefore: null }),
      },
    );
    expect(mine.items[0]?.status).toBe('cancelled');
    const fill = {
      id: 'e1',
      orderId: '3',
      buyer: BOB.toLowerCase(),
      seller: ALICE.toLowerCase(),
      quantity: '30000000000000000000',
      unitPrice: '950000000000000000',
      cost: '28500000000000000000',
      fee: '855000000000000000',
      reward: '300000000000000000',
      remaining: '70000000000000000000',
      blockNumber: '43',
      timestamp: '1700000010',
      txHash: TX,
      logIndex: 2,
    };
    const fills = await fetchMarketFills(
      { account: BOB },
      { apiUrl: 'http://api.test', fetch: stubFetch({ fills: [fill], nextBefore: '43:2' }) },
    );
    expect(fills.items[0]).toMatchObject({ buyer: BOB, fee: 855000000000000000n, reward: 300000000000000000n });
    expect(fills.nextBefore).toBe('43:2');
    await expect(
      fetchMarketBook(
        {},
        { apiUrl: 'http://api.test', fetch: stubFetch({ orders: [{ ...ORDER, status: 'gone' }], nextAfter: null }) },
      ),
    ).rejects.toThrow(IndexerResponseError);
    await expect(
      fetchMarketBook(
        {},
        { apiUrl: 'http://api.test', fetch: stubFetch({ orders: [{ ...ORDER, remaining: '-1' }], nextAfter: null }) },
      ),
    ).rejects.toThrow(IndexerResponseError);
  });
});
