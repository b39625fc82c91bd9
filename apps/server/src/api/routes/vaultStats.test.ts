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
const ETRO = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as Address;

describe('vaultStatsJson', () => {
  it('writes exact decimal strings per vault token: in and out, and the solvency figures of one block', () => {
    const solvency = {
      head: { blockNumber: 42n },
      tokens: [
        {
          token: USDT,
          holdings: 10n ** 30n + 10n,
          owed: 10n ** 30n - 6n,
          openVouchers: 3n,
          liabilities: 10n ** 30n - 9n,
          unexpiredQuotes: 4n,
          free: 12n,
          exchangeBudget: 20n,
        },
        {
          token: ETRO,
          holdings: 1n,
          owed: 5n,
          openVouchers: 0n,
          liabilities: 5n,
          unexpiredQuotes: 0n,
          free: -4n,
          exchangeBudget: 0n,
        },
      ],
    };
    expect(vaultStatsJson(stats, symbolOf, solvency)).toEqual({
      users: '3',
      tokens: [
        {
          token: USDT,
          symbol: 'USDT',
          deposited: '1000000000000000000000000000001',
          withdrawn: '7',
          holdings: '1000000000000000000000000000010',
          liabilities: '999999999999999999999999999991',
          openVouchers: '3',
          unexpiredQuotes: '4',
          freeReserve: '12',
          exchangeBudget: '20',
        },
        {
          token: ETRO,
          symbol: ETRO,
          deposited: '0',
          withdrawn: '0',
          holdings: '1',
          liabilities: '5',
          openVouchers: '0',
          unexpiredQuotes: '0',
          freeReserve: '-4',
          exchangeBudget: '0',
        },
      ],
      blockNumber: '42',
    });
  });
});
