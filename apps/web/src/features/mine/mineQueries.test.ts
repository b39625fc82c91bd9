import { describe, expect, it } from 'vitest';
import { ApiError } from '../../session/ApiError.ts';
import { isNotFound, retryUnlessNotFound } from './mineQueries.ts';

describe('mineQueries', () => {
  it('a 404 is not asked again by itself (the screen shows it with Retry)', () => {
    const missing = new ApiError('NOT_FOUND', 'Not found', 404);
    expect(isNotFound(missing)).toBe(true);
    expect(retryUnlessNotFound(0, missing)).toBe(false);
  });

  it('any other failure is retried twice, then shown', () => {
    const down = new ApiError('NETWORK_ERROR', 'no answer', 0);
    const broken = new ApiError('SERVER_ERROR', 'malformed', 500);
    expect(isNotFound(down)).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
    expect(retryUnlessNotFound(0, down)).toBe(true);
    expect(retryUnlessNotFound(1, broken)).toBe(true);
    expect(retryUnlessNotFound(2, broken)).toBe(false);
  });
});
