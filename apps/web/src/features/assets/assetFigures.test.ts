import { describe, expect, it } from 'vitest';
import type { LedgerBalance } from '../../api/vault.ts';
import { assetFigures, sameFigureNotes, type AssetFigure, type AssetFigureKey } from './assetFigures.ts';

describe('assetFigures', () => {
  const ledger = { released: 5n, available: 3n, contributed: 9n } as LedgerBalance;
  const lock = { locked: 1n, claimable: 2n, swapReleased: 4n } as Parameters<typeof assetFigures>[1]['lock'];

  it('ETRO in the vault: every row, in order', () => {
    const figures = assetFigures('ETRO', { vaultToken: true, wallet: 8n, lock, ledger });
    expect(figures).toEqual([
      { key: 'balance', value: 8n },
      { key: 'lock', value: 1n },
      { key: 'unlocked', value: 2n },
      { key: 'swapUnlock', value: 4n },
      { key: 'released', value: 5n },
      { key: 'withdrawable', value: 3n },
      { key: 'contribution', value: 9n },
    ]);
  });

  it('USDT: no lock rows; a token the vault does not take: only the wallet balance', () => {
    expect(assetFigures('USDT', { vaultToken: true, wallet: 8n, lock: undefined, ledger }).map((f) => f.key)).toEqual([
      'balance',
      'released',
      'withdrawable',
      'contribution',
    ]);
    expect(assetFigures('FON', { vaultToken: false, wallet: 8n, lock: undefined, ledger: undefined })).toEqual([
      { key: 'balance', value: 8n },
    ]);
  });

  it('figures not read yet are undefined, never 0', () => {
    const figures = assetFigures('USDT', { vaultToken: true, wallet: undefined, lock: undefined, ledger: undefined });
    expect(figures.every((f) => f.value === undefined)).toBe(true);
  });
});

describe('sameFigureNotes', () => {
  const f = (key: AssetFigureKey, value: bigint | undefined): AssetFigure => ({ key, value });

  it('explains Unlocked = Swap unlock and Withdrawable = Released when they show one number', () => {
    expect(
      sameFigureNotes([f('unlocked', 39n), f('swapUnlock', 39n), f('released', 5n), f('withdrawable', 5n)]),
    ).toEqual(['unlockedIsSwap', 'withdrawableIsReleased']);
  });

  it('says nothing when the numbers differ, are 0 or are not read yet', () => {
    expect(sameFigureNotes([f('unlocked', 39n), f('swapUnlock', 40n)])).toEqual([]);
    expect(sameFigureNotes([f('unlocked', 0n), f('swapUnlock', 0n)])).toEqual([]);
    expect(sameFigureNotes([f('released', undefined), f('withdrawable', undefined)])).toEqual([]);
  });
});
