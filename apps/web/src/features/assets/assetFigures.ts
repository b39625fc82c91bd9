import type { LockProgress } from '@eterno/protocol/lock/lockProgress';
import type { LedgerBalance } from '../../api/vault.ts';
import type { OverviewSymbol } from './overviewTokens.ts';

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
    readonly lock: LockProgress | undefined;
    readonly ledger: LedgerBalance | undefined;
  },
): AssetFigure[] {
  const figures: AssetFigure[] = [{ key: 'balance', value: read.wallet }];
  if (symbol === 'ETRO') {
    figures.push(
      { key: 'lock', value: read.lock?.locked },
      { key: 'unlocked', value: read.lock?.claimable },
      { key: 'swapUnlock', value: read.lock?.swapReleased },
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

/** Why two rows of the asset detail show one number: the note key for each such pair. */
export type SameFigureNote = 'unlockedIsSwap' | 'withdrawableIsReleased';

/**
 * The pairs of rows that show the same (non-zero) number, each with the reason it says under the
 * figures: Unlocked = Swap unlock when all the ETRO released so far came from swap purchases and
 * none of it is claimed; Withdrawable = Released while nothing was withdrawn or is held for a
 * withdrawal.
 */
export function sameFigureNotes(figures: readonly AssetFigure[]): SameFigureNote[] {
  const value = (key: AssetFigureKey) => figures.find((f) => f.key === key)?.value;
  const same = (a: AssetFigureKey, b: AssetFigureKey) => {
    const x = value(a);
    return x !== undefined && x > 0n && x === value(b);
  };
  const notes: SameFigureNote[] = [];
  if (same('unlocked', 'swapUnlock')) notes.push('unlockedIsSwap');
  if (same('withdrawable', 'released')) notes.push('withdrawableIsReleased');
  return notes;
}
