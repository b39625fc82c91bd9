/**
 * What the vault paid out per token since a time, from the indexed ledger: every `Withdrawn` amount
 * (a settled voucher) and every `Exchanged` amount out (the token an exchange paid). The runway
 * gauge (./solvencyWatch.ts) divides the free reserve by this rate.
 */
import { gte, sum } from 'ponder';
import type { Address } from 'viem';
import { vaultExchange, vaultWithdrawal } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';

export type PayoutsSince = (since: bigint) => Promise<Map<Address, bigint>>;

export function indexedPayouts(db: ApiDb): PayoutsSince {
  return async (since) => {
    const [withdrawn, exchanged] = await Promise.all([
      db
        .select({ token: vaultWithdrawal.token, total: sum(vaultWithdrawal.amount) })
        .from(vaultWithdrawal)
        .where(gte(vaultWithdrawal.timestamp, since))
        .groupBy(vaultWithdrawal.token),
      db
        .select({ token: vaultExchange.tokenOut, total: sum(vaultExchange.amountOut) })
        .from(vaultExchange)
        .where(gte(vaultExchange.timestamp, since))
        .groupBy(vaultExchange.tokenOut),
    ]);
    const total = new Map<Address, bigint>();
    for (const row of [...withdrawn, ...exchanged]) {
      const token = row.token.toLowerCase() as Address;
      total.set(token, (total.get(token) ?? 0n) + BigInt(row.total ?? '0'));
    }
    return total;
  };
}
