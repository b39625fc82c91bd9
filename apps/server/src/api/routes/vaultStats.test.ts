import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { VaultStats } from '../../ledger/readVaultStats.ts';
import { vaultStatsJson } from './vaultStats.ts';

const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const OTHER = '0x0000000000000000000000000000000000000abc' as Address;

const stats: VaultStats = {
  users: 3n,
  tokens: [
    {
      token: USDT,
      deposited: 10n ** 30n + 1n,
      withdrawn: 7n,
      exchangedIn: 0n,
      exchangedOut: 0n,
      funded: 5n,
      liabilities: 10n ** 30n - 6n,
    },
    { token: OTHER, deposited: 1n, withdrawn: 0n, exchangedIn: 0n, exchangedOut: 0n, funded: 0n, liabilities: 1n },
  ],
  head: { blockNumber: 42n, timestamp: 1_700_000_000n },
};
const symbolOf = (token: Address) => (token === USDT ? 'USDT' : undefined);

describe('vaultStatsJson', () => {
  it('writes exact decimal strings, the symbol and the reserved amount per token', () => {
    expect(vaultStatsJson(stats, symbolOf, new Map([[USDT, 3n]]))).toEqual({
      users: '3',
      tokens: [
        {
          token: USDT,
          symbol: 'USDT',
          deposited: '1000000000000000000000000000001',
          withdrawn: '7',
          liabilities: '999999999999999999999999999994',
          reserved: '3',
        },
        { token: OTHER, symbol: OTHER, deposited: '1', withdrawn: '0', liabilities: '1', reserved: '0' },
      ],
      blockNumber: '42',
    });
  });

  it('answers block 0 and no tokens before anything is indexed', () => {
    expect(vaultStatsJson({ users: 0n, tokens: [], head: null }, symbolOf, new Map())).toEqual({
      users: '0',
      tokens: [],
      blockNumber: '0',
    });
  });
});
