import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { DEFAULT_VAULT_SETTINGS, readVaultSettings } from './settings.ts';

describe('readVaultSettings', () => {
  it('defaults to 1,800 s vouchers, 120 s quotes, a 3 % fee, a 30-minute TWAP, a 10,000-token day cap per user and 100,000 per token', () => {
    expect(readVaultSettings({})).toEqual(DEFAULT_VAULT_SETTINGS);
    expect(DEFAULT_VAULT_SETTINGS).toEqual({
      voucherLifetime: 1800,
      quoteLifetime: 120,
      exchangeFeeBps: 300,
      twapWindow: 1800,
      exchangeUserDayCap: 10_000n * 10n ** 18n,
      exchangeDayBudget: 100_000n * 10n ** 18n,
    });
  });

  it('reads each setting from the environment', () => {
    expect(
      readVaultSettings({
        ETERNO_VOUCHER_LIFETIME_S: '600',
        ETERNO_QUOTE_LIFETIME_S: '60',
        ETERNO_EXCHANGE_FEE_BPS: '25',
        ETERNO_EXCHANGE_TWAP_S: '900',
        ETERNO_EXCHANGE_USER_DAY_CAP: '5000000000000000000',
        ETERNO_EXCHANGE_DAY_BUDGET: '7000000000000000000',
      }),
    ).toEqual({
      voucherLifetime: 600,
      quoteLifetime: 60,
      exchangeFeeBps: 25,
      twapWindow: 900,
      exchangeUserDayCap: 5n * 10n ** 18n,
      exchangeDayBudget: 7n * 10n ** 18n,
    });
  });

  it('refuses values that are not integers in range, naming the variable', () => {
    expect(() => readVaultSettings({ ETERNO_VOUCHER_LIFETIME_S: '1.5' })).toThrow(/ETERNO_VOUCHER_LIFETIME_S/);
    expect(() => readVaultSettings({ ETERNO_VOUCHER_LIFETIME_S: '10' })).toThrow(EnvError);
    expect(() => readVaultSettings({ ETERNO_EXCHANGE_FEE_BPS: '9000' })).toThrow(/ETERNO_EXCHANGE_FEE_BPS/);
    expect(() => readVaultSettings({ ETERNO_EXCHANGE_USER_DAY_CAP: '-1' })).toThrow(/ETERNO_EXCHANGE_USER_DAY_CAP/);
    expect(() => readVaultSettings({ ETERNO_EXCHANGE_USER_DAY_CAP: '0' })).toThrow(EnvError);
    expect(() => readVaultSettings({ ETERNO_EXCHANGE_DAY_BUDGET: '1e18' })).toThrow(/ETERNO_EXCHANGE_DAY_BUDGET/);
  });
});
