import { describe, expect, it } from 'vitest';
import type { LedgerBalance } from '../../api/vault.ts';
import { assetFigures, swapUnlocked, type RawLockEntry } from './assetFigures.ts';

const entry = (over: Partial<RawLockEntry>): RawLockEntry => ({
  kind: 0,
  amount: 100n,
  start: 1_000,
  duration: 100,
  revoked: false,
  revokedReleased: 0n,
  ...over,
});

describe('swapUnlocked', () => {
  it('releases swap entries linearly, rounded down, and all at the end', () => {
    expect(swapUnlocked([entry({})], 1_000n)).toBe(0n);
    expect(swapUnlocked([entry({ amount: 10n })], 1_033n)).toBe(3n);
    expect(swapUnlocked([entry({})], 1_100n)).toBe(100n);
    expect(swapUnlocked([entry({})], 5_000n)).toBe(100n);
  });

  it('counts only swap entries; a zero duration is released at once; a revoked entry keeps what it had', () => {
    const entries = [
      entry({ kind: 1, amount: 1_000n }),
      entry({ duration: 0, amount: 7n }),
      entry({ revoked: true, revokedReleased: 4n }),
      entry({ amount: 50n }),
    ];
    expect(swapUnlocked(entries, 1_050n)).toBe(7n + 4n + 25n);
  });
});

describe('assetFigures', () => {
  const ledger = { released: 5n, available: 3n, contributed: 9n } as LedgerBalance;
  const lock = { locked: 1n, claimable: 2n, swapUnlocked: 4n } as Parameters<typeof assetFigures>[1]['lock'];

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
