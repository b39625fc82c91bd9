import { useQuery } from '@tanstack/react-query';
import { fetchVaultConfig } from '../../api/vault.ts';
import { VAULT_QUERY } from './vaultQueries.ts';

/** GET /vault/config: the tokens the vault takes, their caps, the lifetimes, the exchange pairs, the pause. */
export function useVaultConfig() {
  const query = useQuery({ queryKey: [VAULT_QUERY, 'config'], queryFn: () => fetchVaultConfig(), staleTime: 30_000 });
  return { data: query.data, error: query.error, retry: () => void query.refetch() };
}
