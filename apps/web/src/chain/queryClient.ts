import { QueryClient } from '@tanstack/react-query';
import { MulticallCallError } from '@eterno/protocol/balances';

/** One QueryClient for the signed-in app. A failed multicall sub-call is not retried: it is shown. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof MulticallCallError) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
