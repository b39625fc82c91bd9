import { describe, expect, it } from 'vitest';
import { ApiError } from '../../session/ApiError.ts';
import { isMissingRoute, retryUnlessMissing } from './mineQueries.ts';

describe('mineQueries', () => {
  it('a 404 is a route the server does not have: not asked again', () => {
    const missing = new ApiError('NOT_FOUND', 'Not found', 404);
    expect(isMissingRoute(missing)).toBe(true);
    expect(retryUnlessMissing(0, missing)).toBe(false);
  });

  it('any other failure is retried twice, then shown', () => {
    const down = new ApiError('NETWORK_ERROR', 'no answer', 0);
    const broken = new ApiError('SERVER_ERROR', 'malformed', 500);
    expect(isMissingRoute(down)).toBe(false);
    expect(isMissingRoute(new Error('x'))).toBe(false);
    expect(retryUnlessMissing(0, down)).toBe(true);
    expect(retryUnlessMissing(1, broken)).toBe(true);
    expect(retryUnlessMissing(2, broken)).toBe(false);
  });
});
