import { describe, expect, it } from 'vitest';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import { detailPath, overviewRows, overviewTokens, symbolFromPath } from './overviewTokens.ts';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;

const contracts = {
  UNITS: address(1),
  USDT: address(2),
  ETRO: address(3),
  EUSD: address(4),
  PUSD: address(5),
  WFON: address(6),
  UniswapV2Factory: address(7),
  UniswapV2Router02: address(8),
  EULP: address(9),
  Multicall3: address(10),
  ELP: address(11),
  WFON_USDT: address(12),
  LockLedger: address(13),
  EtroSwap: address(14),
  StakingETRO: address(15),
  StakingEULP: address(16),
  EternoFarm: address(17),
  EternoVault: address(18),
  ReferralRegistry: address(19),
  EusdMarket: address(20),
  EternoNft: address(21),
  EternoNodes: address(22),
} satisfies DeployedContracts;

describe('overviewTokens', () => {
  it('lists the six ERC-20s of the overview with their deployed addresses, in display order, without FON', () => {
    expect(overviewTokens(contracts)).toEqual([
      { symbol: 'UNITS', address: address(1) },
      { symbol: 'EULP', address: address(9) },
      { symbol: 'ETRO', address: address(3) },
      { symbol: 'USDT', address: address(2) },
      { symbol: 'EUSD', address: address(4) },
      { symbol: 'PUSD', address: address(5) },
    ]);
  });
});

describe('overviewRows', () => {
  it('puts the native balance in the FON row and keeps the display order', () => {
    const rows = overviewRows({
      blockNumber: 7n,
      native: 5n,
      balances: { UNITS: 1n, EULP: 2n, ETRO: 3n, USDT: 4n, EUSD: 6n, PUSD: 7n },
    });
    expect(rows).toEqual([
      { symbol: 'UNITS', value: 1n },
      { symbol: 'EULP', value: 2n },
      { symbol: 'ETRO', value: 3n },
      { symbol: 'USDT', value: 4n },
      { symbol: 'EUSD', value: 6n },
      { symbol: 'PUSD', value: 7n },
      { symbol: 'FON', value: 5n },
    ]);
  });

  it('refuses a result without one of the balances instead of showing 0', () => {
    expect(() =>
      overviewRows({ blockNumber: 1n, native: 0n, balances: { UNITS: 1n, EULP: 2n, ETRO: 3n, EUSD: 4n } }),
    ).toThrow(/USDT/);
  });
});

describe('detail paths', () => {
  it('round-trips a symbol through /assets/overview/:type', () => {
    expect(detailPath('EULP')).toBe('/assets/overview/eulp');
    expect(symbolFromPath('eulp')).toBe('EULP');
    expect(symbolFromPath('FON')).toBe('FON');
    expect(symbolFromPath('eusd')).toBe('EUSD');
    expect(symbolFromPath('pusd')).toBe('PUSD');
    expect(symbolFromPath('WFON')).toBeUndefined();
    expect(symbolFromPath(undefined)).toBeUndefined();
  });
});
