import { describe, expect, it } from 'vitest';
import { pendingHash } from './router.ts';

describe('pendingHash', () => {
  const here = { pathname: '/assets/overview', search: '?x=1', hash: '#h' };
  it('takes the hash of the location being loaded when it is the same path and query', () => {
    expect(pendingHash(undefined, here, '/assets/overview?x=1')).toBe('#h');
    expect(pendingHash(undefined, here, '/assets/overview')).toBe('');
    expect(pendingHash(undefined, undefined, '/assets/overview?x=1')).toBe('');
  });
});
