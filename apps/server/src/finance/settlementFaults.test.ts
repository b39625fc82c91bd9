import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { SETTLEMENT_HALT_ENV, settlementFaultsFrom } from './settlementFaults.ts';

describe('settlementFaultsFrom', () => {
  it('injects nothing unless the test sets the halt day', () => {
    expect(settlementFaultsFrom({}, 'local')).toBeUndefined();
    expect(settlementFaultsFrom({ [SETTLEMENT_HALT_ENV]: '' }, 'mainnet')).toBeUndefined();
  });

  it('refuses the fault on any network but local, and a value that is no unix time', () => {
    expect(() => settlementFaultsFrom({ [SETTLEMENT_HALT_ENV]: '86400' }, 'eterno-mainnet')).toThrow(EnvError);
    expect(() => settlementFaultsFrom({ [SETTLEMENT_HALT_ENV]: 'tomorrow' }, 'local')).toThrow(EnvError);
  });

  it('lets a settlement that does not settle the halt day run on', async () => {
    const faults = settlementFaultsFrom({ [SETTLEMENT_HALT_ENV]: '172800' }, 'local');
    await expect(faults?.midSettlement?.([86_400n], 10n)).resolves.toBeUndefined();
  });
});
