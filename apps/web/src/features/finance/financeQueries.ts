import { queryClient } from '../../chain/queryClient.ts';
import { refreshVaultReads } from '../vault/vaultQueries.ts';

/** Every finance API read of the screens lives under this query-key prefix. */
export const FINANCE_QUERY = 'finance';

/** How often the finance reads are taken again (the indexer follows the chain; a settlement can move every order). */
export const FINANCE_REFRESH_MS = 4_000;

/** Reads the catalogue, the orders, the rounds, the ledger and the bill again now (after the user's own purchase). */
export async function refreshFinanceReads(client = queryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: [FINANCE_QUERY] }), refreshVaultReads(client)]);
}
