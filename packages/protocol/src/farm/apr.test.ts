import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import {
  APR_CAP_BPS,
  APR_MIN_TVL_USDT,
  aprFigure,
  FARM_BLOCKS_PER_YEAR,
  lpValueUsdt,
  poolAprBps,
  poolEtroPerBlock,
  type LpPair,
} from './apr.ts';

// The local seed's ETRO/USDT pool: 1,002,000 ETRO + 501,000 USDT (1 ETRO = 0.5 USDT).
const eulp: LpPair = {
  reserves: { usdt: parseEther('501000'), other: parseEther('1002000') },
  totalSupply: parseEther('708520'),
};
const etroUsdt = eulp.reserves;
const empty: LpPair = { reserves: { usdt: 0n, other: 0n }, totalSupply: 0n };

describe('blocks per year', () => {
  it('is a 365-day year at 3 s a block', () => {
    expect(FARM_BLOCKS_PER_YEAR).toBe(10_512_000n);
  });
});

describe('lpValueUsdt', () => {
  it('is twice the USDT share of the LP', () => {
    // 1 % of the LP holds 5,010 USDT + 10,020 ETRO (worth 5,010 USDT): 10,020 USDT.
    expect(lpValueUsdt(parseEther('7085.2'), eulp)).toBe(parseEther('10020'));
    expect(lpValueUsdt(0n, eulp)).toBe(0n);
  });

  it('is null without liquidity', () => {
    expect(lpValueUsdt(parseEther('1'), empty)).toBeNull();
    expect(lpValueUsdt(parseEther('1'), { ...eulp, totalSupply: 0n })).toBeNull();
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
      pair: eulp,
      etroUsdt,
    });
    expect(bps).toBe((12_614_400n * 10_000n) / 10_020n);
    expect(bps).toBe(12_589_221n);
  });

  it('values a pool of another pair by that pair', () => {
    // ELP: 100,000 EUSD + 100,000 USDT, 100,000 LP, all staked: TVL 200,000 USDT.
    // 1.6 ETRO a block × 10,512,000 × 0.5 = 8,409,600 USDT a year: 42.048× = 420,480 bps.
    const elp: LpPair = {
      reserves: { usdt: parseEther('100000'), other: parseEther('100000') },
      totalSupply: parseEther('100000'),
    };
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
      pair: eulp,
      etroUsdt,
    };
    // 1,000 blocks × 1 ETRO × 0.5 = 500 USDT over 10,020 USDT: 4.99 % = 499 bps (truncated).
    expect(poolAprBps({ ...args, blocksPerYear: 1000n })).toBe(499n);
  });

  it('is 0 once the emission has ended', () => {
    expect(
      poolAprBps({ etroPerBlock: 0n, allocPoint: 60n, totalAllocPoint: 100n, stakedLp: 1n, pair: eulp, etroUsdt }),
    ).toBe(0n);
  });

  it('is null ("—") when nothing is staked or nothing prices it', () => {
    const base = { etroPerBlock: parseEther('4'), allocPoint: 60n, totalAllocPoint: 100n, pair: eulp, etroUsdt };
    expect(poolAprBps({ ...base, stakedLp: 0n })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, pair: empty })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, etroUsdt: empty.reserves })).toBeNull();
    expect(poolAprBps({ ...base, stakedLp: 1n, totalAllocPoint: 0n })).toBeNull();
  });
});

describe('aprFigure', () => {
  it('says why there is no APR when nothing is staked or nothing prices it', () => {
    expect(aprFigure(null, 0n, 0n)).toEqual({ kind: 'none', reason: 'nothingStaked' });
    expect(aprFigure(null, null, parseEther('1'))).toEqual({ kind: 'none', reason: 'noPrice' });
  });

  it('shows no figure for a pool with under 1,000 USDT staked (the review’s 1,784,279 %)', () => {
    // The review's pool: 707.239451 USDT staked in stage 1 read 1,784,279.26 %.
    const thin = poolAprBps({
      etroPerBlock: parseEther('4'),
      allocPoint: 60n,
      totalAllocPoint: 100n,
      stakedLp: parseEther('500'),
      pair: eulp,
      etroUsdt,
    })!;
    expect(thin).toBeGreaterThan(APR_CAP_BPS);
    const tvl = lpValueUsdt(parseEther('500'), eulp)!;
    expect(tvl).toBeLessThan(APR_MIN_TVL_USDT);
    expect(aprFigure(thin, tvl, parseEther('500'))).toEqual({ kind: 'thin', minTvlUsdt: APR_MIN_TVL_USDT });
    expect(aprFigure(1_000n, APR_MIN_TVL_USDT - 1n, 1n).kind).toBe('thin');
  });

  it('caps an APR above 10,000 % and shows the rest as it is', () => {
    expect(aprFigure(APR_CAP_BPS + 1n, APR_MIN_TVL_USDT, 1n)).toEqual({ kind: 'capped', capBps: APR_CAP_BPS });
    expect(aprFigure(APR_CAP_BPS, APR_MIN_TVL_USDT, 1n)).toEqual({ kind: 'value', bps: APR_CAP_BPS });
    expect(aprFigure(0n, parseEther('5000'), 1n)).toEqual({ kind: 'value', bps: 0n });
  });
});
