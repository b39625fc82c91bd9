import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvitationJson, InvitationRequestJson } from '@eterno/protocol/referralApi';
import { createInvitation, fetchInvitations } from '../../api/invitations.ts';
import { fetchDirect, fetchIndirect, fetchReferralAccount, type TeamMember } from '../../api/referral.ts';
import { getAccountInfo } from '../../session/accountInfo.ts';
import { useWallet } from '../../shell/walletContext.ts';

/** Every referral API read of these screens lives under this query-key prefix. */
export const REFERRAL_QUERY = 'referral';

/** How many rows one page of a list shows. */
export const LIST_PAGE = 20;

/** The signed-in wallet's account (registered, id for its invite code). */
export function useMyReferralAccount() {
  const { account } = useWallet();
  const query = useQuery({
    queryKey: [REFERRAL_QUERY, 'account', account.toLowerCase()],
    queryFn: () => fetchReferralAccount(account),
    refetchInterval: 4_000,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}

/** GET /account: the session's account info (registry id, genesis, service level, inviter). */
export function useMyAccountInfo(address: string | null) {
  const query = useQuery({
    queryKey: [REFERRAL_QUERY, 'me', address?.toLowerCase() ?? null],
    queryFn: () => getAccountInfo(),
    enabled: address !== null,
    refetchInterval: 4_000,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}

function pages<T>(query: {
  data?: { pages: Array<{ items: readonly T[] }> };
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}) {
  return {
    data: query.data?.pages.flatMap((p) => [...p.items]),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}

/** GET /referral/invitations: the records, page by page, their state following the chain. */
export function useInvitations(enabled: boolean) {
  return pages<InvitationJson>(
    useInfiniteQuery({
      queryKey: [REFERRAL_QUERY, 'invitations'],
      queryFn: ({ pageParam }) => fetchInvitations({ limit: LIST_PAGE, ...(pageParam ? { before: pageParam } : {}) }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: 4_000,
      enabled,
    }),
  );
}

/** GET /referral/direct or /referral/indirect, page by page. */
export function useMembers(which: 'direct' | 'indirect', enabled: boolean) {
  return pages<TeamMember>(
    useInfiniteQuery({
      queryKey: [REFERRAL_QUERY, which],
      queryFn: ({ pageParam }) =>
        (which === 'direct' ? fetchDirect : fetchIndirect)({
          limit: LIST_PAGE,
          ...(pageParam ? { before: pageParam } : {}),
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
      refetchInterval: 4_000,
      enabled,
    }),
  );
}

/** POST /referral/invitations: the invitation made, or the server's refusal. */
export function useCreateInvitation() {
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<InvitationJson | null>(null);
  return {
    sending,
    error,
    made,
    reset: () => {
      setMade(null);
      setError(null);
    },
    send: async (request: InvitationRequestJson) => {
      setSending(true);
      setError(null);
      try {
        setMade(await createInvitation(request));
        await client.invalidateQueries({ queryKey: [REFERRAL_QUERY, 'invitations'] });
      } catch (e) {
        setError(e);
      } finally {
        setSending(false);
      }
    },
  };
}
