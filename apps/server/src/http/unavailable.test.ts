import { describe, expect, it } from 'vitest';
import { createHttpApp } from './app.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from './errors.ts';
import { ChainUnavailableError, unavailableService } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('unavailableService', () => {
  it('names the chain for our transport and viem transport failures, however deeply wrapped', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:8545', 'ECONNREFUSED');
    expect(unavailableService(new ChainUnavailableError('RPC down', { cause: refused }))).toBe('CHAIN_UNAVAILABLE');
    const viemHttp = Object.assign(new Error('HTTP request failed.'), { name: 'HttpRequestError' });
    const wrapped = Object.assign(new Error('An unknown RPC error occurred.'), {
      name: 'UnknownRpcError',
      cause: viemHttp,
    });
    expect(unavailableService(new Error('vault read failed', { cause: wrapped }))).toBe('CHAIN_UNAVAILABLE');
    expect(unavailableService(Object.assign(new Error('took too long'), { name: 'TimeoutError' }))).toBe(
      'CHAIN_UNAVAILABLE',
    );
  });

  it('names the database for PostgreSQL connection failures and shutdowns', () => {
    expect(unavailableService(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      'DATABASE_UNAVAILABLE',
    );
    expect(unavailableService(withCode('connection failure', '08006'))).toBe('DATABASE_UNAVAILABLE');
    expect(unavailableService(new Error('Connection terminated unexpectedly'))).toBe('DATABASE_UNAVAILABLE');
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(unavailableService(new AggregateError([refused], 'all attempts failed'))).toBe('DATABASE_UNAVAILABLE');
  });

  it('leaves every other failure alone: a query error, a revert, a plain bug', () => {
    expect(unavailableService(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(unavailableService(withCode('syntax error at or near "x"', '42601'))).toBeNull();
    expect(
      unavailableService(Object.assign(new Error('execution reverted'), { name: 'ContractFunctionRevertedError' })),
    ).toBeNull();
    expect(unavailableService(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBeNull();
    expect(unavailableService('a string')).toBeNull();
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(unavailableService(loop)).toBeNull();
  });
});

describe('an unreachable chain or database in a route', () => {
  const app = () => {
    const logged: unknown[] = [];
    const http = createHttpApp({ corsOrigins: [], log: (entry) => logged.push(entry.error) });
    http.get('/chain', () => {
      throw new ChainUnavailableError('RPC 127.0.0.1:8545: no answer');
    });
    http.get('/database', () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    http.get('/bug', () => {
      throw new Error('a plain bug');
    });
    return { http, logged };
  };

  it('answers 503 with its code and Retry-After, logs it, and sends no internals', async () => {
    const { http, logged } = app();
    for (const [path, code] of [
      ['/chain', 'CHAIN_UNAVAILABLE'],
      ['/database', 'DATABASE_UNAVAILABLE'],
    ] as const) {
      const res = await http.request(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|administrator|stack/);
    }
    expect(logged).toHaveLength(2);
  });

  it('still answers any other failure 500 INTERNAL', async () => {
    const res = await app().http.request('/bug');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
  });
});
