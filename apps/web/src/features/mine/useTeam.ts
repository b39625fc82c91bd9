import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { fetchTeam } from '../../api/referral.ts';
import { MINE_QUERY, MINE_REFRESH_MS } from './mineQueries.ts';

/** GET /referral/team/:address for the signed-in account: volumes per side, today's increase, members, direct figures. */
export function useTeam(account: Address | undefined) {
  const query = useQuery({
    queryKey: [MINE_QUERY, 'team', account?.toLowerCase() ?? null],
    queryFn: () => fetchTeam(account!),
    enabled: account !== undefined,
    refetchInterval: MINE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
