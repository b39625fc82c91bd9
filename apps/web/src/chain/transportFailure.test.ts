import { describe, expect, it } from 'vitest';
import { ApiError } from '../session/ApiError.ts';
import { transportFailure } from './transportFailure.ts';

const named = (name: string, cause?: unknown) => Object.assign(new Error(name), { name, cause });

describe('transportFailure', () => {
  it('names the server: no answer, its database down, or a gateway answering for it', () => {
    expect(transportFailure(new ApiError('NETWORK_ERROR', 'Failed to fetch', 0))).toBe('server');
    expect(transportFailure(new ApiError('DATABASE_UNAVAILABLE', 'briefly unavailable', 503))).toBe('server');
    expect(transportFailure(new ApiError('SERVER_ERROR', 'HTTP 502', 502))).toBe('server');
  });

  it("names the chain: viem's transport errors at any depth, or the server saying its RPC is down", () => {
    expect(transportFailure(named('HttpRequestError'))).toBe('chain');
    expect(
      transportFailure(named('ContractFunctionExecutionError', named('CallExecutionError', named('TimeoutError')))),
    ).toBe('chain');
    expect(transportFailure(new ApiError('CHAIN_UNAVAILABLE', 'cannot be reached', 503))).toBe('chain');
  });

  it('leaves refusals, reverts and bugs alone', () => {
    expect(transportFailure(new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance', 409))).toBeNull();
    expect(transportFailure(new ApiError('SERVER_ERROR', 'HTTP 500', 500))).toBeNull();
    expect(transportFailure(named('ContractFunctionRevertedError'))).toBeNull();
    expect(transportFailure(new TypeError('x is undefined'))).toBeNull();
    expect(transportFailure(undefined)).toBeNull();
  });
});
