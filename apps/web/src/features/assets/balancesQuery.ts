import type { Address } from 'viem';
import { queryClient } from '../../chain/queryClient.ts';

const BALANCES = 'balances';

/** Balances are read per block: a new block is a new key, so the overview follows the chain. */
export function balancesQueryKey(account: Address | undefined, blockNumber: bigint | undefined) {
  return [BALANCES, account?.toLowerCase() ?? null, blockNumber?.toString() ?? null] as const;
}

/** Re-reads the overview's balances now, e.g. after the user's own transaction was mined. */
export function refreshBalances(client = queryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [BALANCES] });
}
