import type { LockProgress } from '@eterno/protocol/lock/lockProgress';
import type { LedgerBalance } from '../../api/vault.ts';
import type { OverviewSymbol } from './overviewTokens.ts';

/** The LockLedger's entry kinds (`LockLedger.Kind`): 0 swap purchases, 1 staking rewards. */
export const LOCK_KIND_SWAP = 0;

/** A LockLedger entry as `entriesOf` returns it. */
export type RawLockEntry = {
  readonly kind: number;
  readonly amount: bigint;
  readonly start: number | bigint;
  readonly duration: number | bigint;
  readonly revoked: boolean;
  readonly revokedReleased: bigint;
};

/**
 * "Swap unlock": what the user's swap purchases (LockLedger entries of kind Swap) have released by
 * `now`, claimed or not: linear over each entry's duration, rounded down like the ledger; a revoked
 * entry keeps what it had released.
 */
export function swapUnlocked(entries: readonly RawLockEntry[], now: bigint): bigint {
  let total = 0n;
  for (const entry of entries) {
    if (entry.kind !== LOCK_KIND_SWAP) continue;
    if (entry.revoked) {
      total += entry.revokedReleased;
      continue;
    }
    const start = BigInt(entry.start);
    const duration = BigInt(entry.duration);
    if (now <= start && duration > 0n) continue;
    if (duration === 0n || now >= start + duration) total += entry.amount;
    else total += (entry.amount * (now - start)) / duration;
  }
  return total;
}

export type AssetFigureKey =
  | 'balance'
  | 'lock'
  | 'unlocked'
  | 'swapUnlock'
  | 'released'
  | 'withdrawable'
  | 'contribution';

export type AssetFigure = { readonly key: AssetFigureKey; readonly value: bigint | undefined };

/**
 * The asset detail's figures for one token, in display order; a row that does not apply to the
 * token is left out (never shown as 0): the lock rows only for ETRO (the LockLedger holds ETRO),
 * the ledger rows only for a token the vault takes. `undefined` = not read yet (a skeleton).
 * - balance: the wallet's balance (chain);
 * - lock: LockLedger credited − released; unlocked: released, not yet claimed; swapUnlock: released
 *   from swap purchases (claimed or not);
 * - released: the ledger's released; withdrawable: its available (released − withdrawn − reserved);
 *   contribution: its accumulated contribution.
 */
export function assetFigures(
  symbol: OverviewSymbol,
  read: {
    readonly vaultToken: boolean;
    readonly wallet: bigint | undefined;
    readonly lock: (LockProgress & { readonly swapUnlocked: bigint }) | undefined;
    readonly ledger: LedgerBalance | undefined;
  },
): AssetFigure[] {
  const figures: AssetFigure[] = [{ key: 'balance', value: read.wallet }];
  if (symbol === 'ETRO') {
    figures.push(
      { key: 'lock', value: read.lock?.locked },
      { key: 'unlocked', value: read.lock?.claimable },
      { key: 'swapUnlock', value: read.lock?.swapUnlocked },
    );
  }
  if (read.vaultToken) {
    figures.push(
      { key: 'released', value: read.ledger?.released },
      { key: 'withdrawable', value: read.ledger?.available },
      { key: 'contribution', value: read.ledger?.contributed },
    );
  }
  return figures;
}
