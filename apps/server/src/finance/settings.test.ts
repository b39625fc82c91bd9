import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import {
  findPackage,
  findRegular,
  loadFinanceSettings,
  packagePrice,
  parseFinanceSettings,
  settingsAt,
  type FinanceSettings,
} from './settings.ts';

const E18 = 10n ** 18n;
/** Quotas of 100 USDT and more, so the 100 USDT package fits (N followed by Q = N × 100 USDT). */
const Q = '00000000000000000000';

const version = (effectiveFrom: number, quota = '50000000000000000000000') => ({
  effectiveFrom,
  unitPrice: '100000000000000000000',
  packages: [
    {
      id: 1,
      units: 1,
      multiple01Bps: 20000,
      multiple02Bps: 30000,
      allocation01Bps: 6000,
      dailyRateBps: 50,
      cyclesMax: 5,
    },
  ],
  regular: [
    { id: 101, days: 7, dailyRateBps: 20, minAmount: '100000000000000000000', maxAmount: '100000000000000000000000' },
  ],
  dailyQuota: quota,
  purchaseLifetime: 1800,
});

const fileWith = (content: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'finance-settings-')), 'finance.json');
  writeFileSync(file, content);
  return file;
};

describe('loadFinanceSettings', () => {
  it('ships the ECONOMY §2 defaults: packages of 1, 5, 10, 30, 50 units at 100 USDT, 2.0×/3.0×, 60 %, 0.5 %/day, 5 cycles', () => {
    const settings = loadFinanceSettings({});
    expect(settings.versions).toHaveLength(1);
    const v = settings.versions[0]!;
    expect(v.effectiveFrom).toBe(0n);
    expect(v.unitPrice).toBe(100n * E18);
    expect(v.packages.map((p) => [p.id, p.units])).toEqual([
      [1, 1],
      [2, 5],
      [3, 10],
      [4, 30],
      [5, 50],
    ]);
    for (const p of v.packages)
      expect(p).toMatchObject({
        multiple01Bps: 20000,
        multiple02Bps: 30000,
        allocation01Bps: 6000,
        dailyRateBps: 50,
        cyclesMax: 5,
      });
    expect(v.regular.map((r) => [r.id, r.days, r.dailyRateBps])).toEqual([
      [101, 7, 20],
      [102, 15, 30],
      [103, 30, 40],
      [104, 90, 50],
    ]);
    for (const r of v.regular) expect([r.minAmount, r.maxAmount]).toEqual([100n * E18, 100_000n * E18]);
    expect(v.dailyQuota).toBe(50_000n * E18);
    expect(v.purchaseLifetime).toBe(1800);
    expect(packagePrice(v, findPackage(v, 5)!)).toBe(5_000n * E18);
    expect(findPackage(v, 6)).toBeUndefined();
    expect(findRegular(v, 104)?.days).toBe(90);
  });

  it('reads the file ETERNO_FINANCE_SETTINGS names', () => {
    const file = fileWith(JSON.stringify([version(0, '700000000000000000000')]));
    expect(loadFinanceSettings({ ETERNO_FINANCE_SETTINGS: file }).versions[0]!.dailyQuota).toBe(700n * E18);
  });

  it('refuses a missing file and a file that is not JSON, naming the file', () => {
    expect(() => loadFinanceSettings({ ETERNO_FINANCE_SETTINGS: '/nonexistent/finance.json' })).toThrow(
      /\/nonexistent\/finance\.json: cannot be read/,
    );
    const file = fileWith('{ nope');
    expect(() => loadFinanceSettings({ ETERNO_FINANCE_SETTINGS: file })).toThrow(EnvError);
    expect(() => loadFinanceSettings({ ETERNO_FINANCE_SETTINGS: file })).toThrow(/not JSON/);
  });
});

describe('parseFinanceSettings', () => {
  const bad = (json: unknown, message: RegExp) => {
    expect(() => parseFinanceSettings(json, 'x.json')).toThrow(EnvError);
    expect(() => parseFinanceSettings(json, 'x.json')).toThrow(message);
  };

  it('refuses each invalid field with the field named', () => {
    bad({}, /is not a list/);
    bad([], /lists no version/);
    bad([version(86_400)], /\[0\]\.effectiveFrom must be 0/);
    bad([version(0), version(100)], /\[1\]\.effectiveFrom 100 is not 00:00 UTC/);
    bad([version(0), version(86_400), version(86_400)], /\[2\]\.effectiveFrom is not after/);
    bad([{ ...version(0), dailyQuota: '0' }], /\[0\]\.dailyQuota is "0"/);
    bad([{ ...version(0), unitPrice: 100 }], /\[0\]\.unitPrice is 100, expected a positive decimal string/);
    bad([{ ...version(0), purchaseLifetime: 5 }], /purchaseLifetime is 5/);
    bad([{ ...version(0), extra: 1 }], /unknown field\(s\) extra/);
    bad([version(0, '99000000000000000000')], /\[0\]\.packages id 1 costs more than the dailyQuota/);
    const pkg = version(0).packages[0]!;
    bad(
      [{ ...version(0), packages: [{ ...pkg, id: 100 }] }],
      /\[0\]\.packages\[0\]\.id is 100, expected an integer from 1 to 99/,
    );
    bad([{ ...version(0), packages: [{ ...pkg, allocation01Bps: 10_001 }] }], /allocation01Bps is 10001/);
    bad([{ ...version(0), packages: [{ ...pkg, units: 1.5 }] }], /units is 1.5/);
    bad([{ ...version(0), packages: [pkg, pkg] }], /\[0\]\.packages lists id 1 twice/);
    const reg = version(0).regular[0]!;
    bad(
      [{ ...version(0), regular: [{ ...reg, id: 99 }] }],
      /regular\[0\]\.id is 99, expected an integer from 101 to 199/,
    );
    bad([{ ...version(0), regular: [{ ...reg, minAmount: '2', maxAmount: '1' }] }], /minAmount is above its maxAmount/);
  });
});

describe('settingsAt', () => {
  it('is the last version whose effectiveFrom is at or before the day of the time', () => {
    const settings: FinanceSettings = parseFinanceSettings(
      [version(0, `1${Q}`), version(86_400 * 10, `2${Q}`), version(86_400 * 20, `3${Q}`)],
      'x.json',
    );
    expect(settingsAt(settings, 0n).dailyQuota).toBe(BigInt(`1${Q}`));
    expect(settingsAt(settings, 86_400n * 10n - 1n).dailyQuota).toBe(BigInt(`1${Q}`));
    expect(settingsAt(settings, 86_400n * 10n).dailyQuota).toBe(BigInt(`2${Q}`));
    expect(settingsAt(settings, 86_400n * 19n + 5n).dailyQuota).toBe(BigInt(`2${Q}`));
    expect(settingsAt(settings, 86_400n * 400n).dailyQuota).toBe(BigInt(`3${Q}`));
  });
});
