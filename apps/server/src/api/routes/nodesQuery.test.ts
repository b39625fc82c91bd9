import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { parseNodeId } from './nodeDetail.ts';
import { parseNodeRewardsQuery } from './nodeRewards.ts';
import { parseNodesQuery } from './nodes.ts';

describe('the node routes’ queries', () => {
  it('reads the list cursor <votes>:<nodeId>, a node id and the pool’s day cursor', () => {
    expect(parseNodesQuery({})).toEqual({ limit: 20, after: undefined });
    expect(parseNodesQuery({ limit: '100', after: '2500000000000000000000:3' })).toEqual({
      limit: 100,
      after: { votes: 2_500_000_000_000_000_000_000n, nodeId: 3n },
    });
    expect(parseNodeId('12')).toBe(12n);
    expect(parseNodeRewardsQuery({ before: '1764115200' })).toEqual({ limit: 20, before: 1_764_115_200n });
    expect(parseNodeRewardsQuery({ limit: '1' })).toEqual({ limit: 1, before: undefined });
  });

  it.each([
    () => parseNodesQuery({ after: '12' }),
    () => parseNodesQuery({ after: '-1:2' }),
    () => parseNodesQuery({ after: '1:2:3' }),
    () => parseNodesQuery({ limit: '0' }),
    () => parseNodesQuery({ limit: '101' }),
    () => parseNodeId('one'),
    () => parseNodeId('-1'),
    () => parseNodeId('1.5'),
    () => parseNodeId('123456789012345678901'),
    () => parseNodeRewardsQuery({ before: 'yesterday' }),
    () => parseNodeRewardsQuery({ before: '' }),
    () => parseNodeRewardsQuery({ limit: 'x' }),
  ])('refuses a malformed query with BAD_REQUEST (%#)', (parse) => {
    expect(parse).toThrow(ApiError);
    try {
      parse();
    } catch (error) {
      expect((error as ApiError).code).toBe('BAD_REQUEST');
    }
  });
});
