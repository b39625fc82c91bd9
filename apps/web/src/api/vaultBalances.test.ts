import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../session/session.ts';
import { IndexerResponseError } from './indexer.ts';
import { fetchLedgerBalances } from './vaultBalances.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stubFetch = (status: number, body: unknown) =>
  vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));

const row = {
  token: USDT.toLowerCase(),
  symbol: 'USDT',
  credited: '100',
  unreleased: '0',
  released: '100',
  withdrawn: '30',
  reserved: '20',
  available: '50',
  contributed: '100',
};

describe('fetchLedgerBalances', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setSession({ address: ALICE, token: 'tok-9' });
  });

  it('GETs /vault/balances with the session token and returns bigint rows', async () => {
    const fetch = stubFetch(200, { balances: [row], blockNumber: '12', blockTime: '1700000000' });
    const result = await fetchLedgerBalances({ apiUrl: 'http://api.test', fetch });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/vault/balances');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-9');
    expect(result).toEqual({
      blockNumber: 12n,
      blockTime: 1_700_000_000,
      balances: [
        {
          token: USDT,
          symbol: 'USDT',
          credited: 100n,
          unreleased: 0n,
          released: 100n,
          withdrawn: 30n,
          reserved: 20n,
          available: 50n,
          contributed: 100n,
        },
      ],
    });
  });

  it('refuses a malformed row, naming the field', async () => {
    const fetch = stubFetch(200, { balances: [{ ...row, contributed: null }], blockNumber: '12', blockTime: '1' });
    const failure = await fetchLedgerBalances({ apiUrl: 'http://api.test', fetch }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(IndexerResponseError);
    expect((failure as Error).message).toContain('balances[0].contributed');
  });
});
