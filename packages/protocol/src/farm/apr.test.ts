import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import {
  FARM_BLOCKS_PER_YEAR,
  etroPriceUsdt,
  hasLiquidity,
  lpValueUsdt,
  poolAprBps,
  poolEtroPerBlock,
  type UsdtPair,
} from './apr.ts';

// The local seed's ETRO/USDT pool: 1,002,000 ETRO + 501,000 USDT (1 ETRO = 0.5 USDT).
const etroUsdt: UsdtPair = {
  usdtReserve: parseEther('501000'),
  otherReserve: parseEther('1002000'),
  totalSupply: parseEther('708520'),
};
const empty: UsdtPair = { usdtReserve: 0n, otherReserve: 0n, totalSupply: 0n };

describe('blocks per year', () => {
  it('is a 365-day year at 3 s a block', () => {
    expect(FARM_BLOCKS_PER_YEAR).toBe(10_512_000n);
  });
});

describe('etroPriceUsdt', () => {
  it('is the USDT reserve over the ETRO reserve, 18 decimals', () => {
    expect(etroPriceUsdt(etroUsdt)).toBe(parseEther('0.5'));
  });

  it('truncates', () => {
    // 1 USDT for 3 ETRO: 0.333… USDT
    expect(etroPriceUsdt({ usdtReserve: 1n, otherReserve: 3n, totalSupply: 1n })).toBe(333_333_333_333_333_333n);
  });

  it('is null without liquidity', () => {
    expect(etroPriceUsdt(empty)).toBeNull();
    expect(hasLiquidity(empty)).toBe(false);
    expect(hasLiquidity(etroUsdt)).toBe(true);
  });
});

describe('lpValueUsdt', () => {
  it('is twice the USDT share of the LP', () => {
    // 1 % of the LP holds 5,010 USDT + 10,020 ETRO (worth 5,010 USDT): 10,020 USDT.
    expect(lpValueUsdt(parseEther('7085.2'), etroUsdt)).toBe(parseEther('10020'));
    expect(lpValueUsdt(0n, etroUsdt)).toBe(0n);
  });

  it('is null without liquidity', () => {
    expect(lpValueUsdt(parseEther('1'), empty)).toBeNull();
  });
});

describe('poolEtroPerBlock', () => {
  it('is the pool share of the emission', () => {
    expect(poolEtroPerBlock(parseEther('4'), 60n, 100n)).toBe(parseEther('2.4'));
    expect(poolEtroPerBlock(parseEther('4'), 40n, 100n)).toBe(parseEther('1.6'));
  });

  it('is 0 without allocation points', () => {
    expect(poolEtroPerBlock(parseEther('4'), 0n, 0n)).toBe(0n);
  });
});

describe('poolAprBps', () => {
  it('is the yearly ETRO value over the USDT value staked', () => {
    // Pool 0 in stage 1: 2.4 ETRO a block × 10,512,000 blocks = 25,228,800 ETRO a year, worth
    // 12,614,400 USDT at 0.5. Staked: 1 % of the LP = 10,020 USDT. APR = 1,258.9221…× = 125,892.21 %.
    const bps = poolAprBps({
      etroPerBlock: parseEther('4'),
      allocPoint: 60n,
      totalAllocPoint: 100n,
      stakedLp: parseEther('7085.2'),
      pair: etroUsdt,
      etroUsdt,
    });
    expect(bps).toBe((12_614_400n * 10_000n) / 10_020n);
    expect(bps).toBe(12_589_221n);
  });

  it('values a pool of another pair by that pair', () => {
    // ELP: 100,000 EUSD + 100,000 USDT, 100,000 LP, all staked: TVL 200,000 USDT.
    // 1.6 ETRO a block × 10,512,000 × 0.5 = 8,409,600 USDT a year: 42.048× = 420,480 bps.
    const elp: UsdtPair = { usdtReserve: parseEther('100000'), otherReserve: parseEther('100000'), totalSupply: parseEther('100000') };
    expect(
      poolAprBps({
        etroPerBlock: parseEther('4'),
        allocPoint: 40n,
        totalAllocPoint: 100n,
        stakedLp: parseEther('100000'),
        pair: elp,
        etroUsdt,
      }),
    ).toBe(420_480n);
  });

  it('follows the blocks per year it is given', () => {
    const args = {
      etroPerBlock: parseEther('1'),
      allocPoint: 1n,
      totalAllocPoint: 1n,
      stakedLp: parseEther('7085.2'),
      pair: etroUsdt,
      etroUsdt,
    };
    // 1,000 blocks × 1 ETRO × 0.5 = 500 USDT over 10,020 USDT: 4.99 % = 499 bps (truncated).
    expect(poolAprBps({ ...args, blocksPerYear: 1000n })).toBe(499n);
  });

  it('is 0 once the emission has ended', () => {
    expect(
      poolAprBps({ etroPerBlock: 0n, allocPoint: 60n, totalAllocPoint: 100n, stakedLp: 1n, pair: etroUsdt, etroUsdt }),
    ).toBe(0n);
  });

  it('is null ("—") when nothing is staked or nothing prices it', () => {
    const base = { etroPerBlock: parseEther('4'), allocPoint: 60n, totalAllocPoint: 100n, pair: etroUsdt, etroUsdt };
    expect(poolAprBps({ ...base, stakedLp: 0n })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, pair: empty })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, etroUsdt: empty })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, totalAllocPoint: 0n })).toBeNull();
  });
});
