import { useQuery } from '@tanstack/react-query';
import { fetchCatalogue } from '../../api/finance.ts';
import { FINANCE_QUERY, FINANCE_REFRESH_MS } from './financeQueries.ts';

/** GET /finance/catalogue: the packages, the fixed-term products, the rules in force and the user's cycles left. */
export function useCatalogue() {
  const query = useQuery({
    queryKey: [FINANCE_QUERY, 'catalogue'],
    queryFn: () => fetchCatalogue(),
    refetchInterval: FINANCE_REFRESH_MS,
  });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
