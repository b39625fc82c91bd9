import { describe, expect, it } from 'vitest';
import { eternoVaultAbi } from '../generated/abis.ts';
import { TxSimulationError } from '../tx/errors.ts';
import type { RevertReason } from '../tx/revert.ts';
import { VaultError, toVaultError, vaultErrorOf } from './vaultErrors.ts';

const custom = (name: string, args: readonly unknown[] = []): RevertReason => ({
  kind: 'custom',
  name,
  args,
  inputs: args.map((_, i) => `arg${i}`),
});
const e18 = (n: bigint) => n * 10n ** 18n;

describe('vault errors', () => {
  it('maps the vault’s payout and pause refusals to their codes, with the figures in whole tokens', () => {
    expect(
      [
        custom('OverTxCap', [e18(150_000n), e18(100_000n)]),
        custom('OverDayCap', [e18(10n), e18(5n) / 2n]),
        custom('OverUserDayCap', [e18(10n), 0n]),
        custom('ExchangeBudgetExceeded', [e18(10n), e18(7n)]),
        custom('VaultPaused'),
        custom('WithdrawalsPaused', [1_795_392_000n]),
        custom('TokenNotAllowed', ['0x0000000000000000000000000000000000000001']),
      ].map((reason) => vaultErrorOf(reason)),
    ).toEqual([
      { code: 'OVER_TX_CAP', params: { cap: '100000' } },
      { code: 'OVER_DAY_CAP', params: { remaining: '2.5' } },
      { code: 'OVER_USER_DAY_CAP', params: { remaining: '0' } },
      { code: 'EXCHANGE_BUDGET_LOW', params: { remaining: '7' } },
      { code: 'VAULT_PAUSED', params: {} },
      { code: 'VAULT_PAUSED', params: {} },
      { code: 'TOKEN_NOT_SUPPORTED', params: {} },
    ]);
  });

  it('names only errors the contract has', () => {
    const names = new Set<string>(eternoVaultAbi.filter((i) => i.type === 'error').map((i) => i.name));
    for (const name of [
      'OverTxCap',
      'OverDayCap',
      'OverUserDayCap',
      'ExchangeBudgetExceeded',
      'VaultPaused',
      'WithdrawalsPaused',
      'TokenNotAllowed',
    ])
      expect(names.has(name), name).toBe(true);
  });

  it('leaves any other revert as it is', () => {
    expect(vaultErrorOf(custom('Expired', [1n]))).toBeNull();
    expect(vaultErrorOf({ kind: 'panic', code: 0x11n })).toBeNull();
    const foreign = new TxSimulationError(0, custom('InvalidSigner', ['0x0000000000000000000000000000000000000002']));
    expect(toVaultError(foreign)).toBe(foreign);
    const plain = new Error('network');
    expect(toVaultError(plain)).toBe(plain);
    const ours = toVaultError(new TxSimulationError(0, custom('OverUserDayCap', [e18(3n), e18(1n)])));
    expect(ours).toBeInstanceOf(VaultError);
    expect(ours).toMatchObject({ code: 'OVER_USER_DAY_CAP', params: { remaining: '1' } });
  });
});
