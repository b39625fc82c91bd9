import { queryClient } from '../../chain/queryClient.ts';
import { refreshBills } from '../bills/useBills.ts';

/** Every vault API read of the screens lives under this query-key prefix. */
export const VAULT_QUERY = 'vault';

/** How often the ledger and the vouchers are read again while nothing is under way (the indexer follows the chain). */
export const LEDGER_REFRESH_MS = 4_000;
/** … and while a voucher is open or a withdrawal waits to be recorded. */
export const AWAIT_LEDGER_MS = 1_000;

/** Reads the ledger, the vouchers, the config and the bill again now (after the user's own write or cancel). */
export async function refreshVaultReads(client = queryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: [VAULT_QUERY] }), refreshBills(client)]);
}
