/**
 * The server's vault settings, read once from the environment (defaults in brackets):
 *   ETERNO_VOUCHER_LIFETIME_S      seconds a withdrawal voucher / deposit authorisation is valid [1800]
 *   ETERNO_QUOTE_LIFETIME_S        seconds an exchange quote is valid [120]
 *   ETERNO_EXCHANGE_FEE_BPS        the exchange fee in basis points, taken from the output [300 = 3 %]
 *   ETERNO_EXCHANGE_TWAP_S         the window of the EULP pair's time-weighted price [1800]
 *   ETERNO_EXCHANGE_USER_DAY_CAP   most of one output token a user may receive per UTC day, in wei [10000e18]
 *   ETERNO_EXCHANGE_DAY_BUDGET     most of one output token ALL exchanges may pay per UTC day (signed quotes
 *                                  included), in wei [100000e18]
 * Rules: docs/decisions/vouchers.md.
 */
import { EnvError, envInteger } from '../api/env.ts';

export type VaultSettings = {
  voucherLifetime: number;
  quoteLifetime: number;
  exchangeFeeBps: number;
  twapWindow: number;
  exchangeUserDayCap: bigint;
  exchangeDayBudget: bigint;
};

export const DEFAULT_VAULT_SETTINGS: VaultSettings = {
  voucherLifetime: 1_800,
  quoteLifetime: 120,
  exchangeFeeBps: 300,
  twapWindow: 1_800,
  exchangeUserDayCap: 10_000n * 10n ** 18n,
  exchangeDayBudget: 100_000n * 10n ** 18n,
};

/** A positive amount in wei from `env[name]`, else `fallback`. */
function wei(env: NodeJS.ProcessEnv, name: string, fallback: bigint): bigint {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9]\d{0,77}$/.test(text)) throw new EnvError(`${name}: "${text}" is not a positive integer (wei)`);
  return BigInt(text);
}

export function readVaultSettings(env: NodeJS.ProcessEnv): VaultSettings {
  return {
    voucherLifetime: envInteger(env, 'ETERNO_VOUCHER_LIFETIME_S', DEFAULT_VAULT_SETTINGS.voucherLifetime, 60, 86_400),
    quoteLifetime: envInteger(env, 'ETERNO_QUOTE_LIFETIME_S', DEFAULT_VAULT_SETTINGS.quoteLifetime, 10, 3_600),
    exchangeFeeBps: envInteger(env, 'ETERNO_EXCHANGE_FEE_BPS', DEFAULT_VAULT_SETTINGS.exchangeFeeBps, 0, 5_000),
    twapWindow: envInteger(env, 'ETERNO_EXCHANGE_TWAP_S', DEFAULT_VAULT_SETTINGS.twapWindow, 60, 86_400),
    exchangeUserDayCap: wei(env, 'ETERNO_EXCHANGE_USER_DAY_CAP', DEFAULT_VAULT_SETTINGS.exchangeUserDayCap),
    exchangeDayBudget: wei(env, 'ETERNO_EXCHANGE_DAY_BUDGET', DEFAULT_VAULT_SETTINGS.exchangeDayBudget),
  };
}
