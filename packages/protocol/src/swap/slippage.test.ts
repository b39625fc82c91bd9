import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLIPPAGE_BPS,
  parseSlippagePercent,
  SLIPPAGE_PRESETS_BPS,
  SlippageError,
  slippageLevel,
  tradePolicy,
} from './slippage.ts';

describe('slippageLevel', () => {
  it.each([
    [0n, 'ok'],
    [50n, 'ok'],
    [499n, 'ok'],
    [500n, 'warn'],
    [999n, 'warn'],
    [1_000n, 'confirm'],
    [1_499n, 'confirm'],
    [1_500n, 'refuse'],
    [9_999n, 'refuse'],
  ] as const)('%s bps → %s', (bps, level) => {
    expect(slippageLevel(bps)).toBe(level);
  });

  it('the presets and the default are all ok', () => {
    expect(SLIPPAGE_PRESETS_BPS).toEqual([50n, 100n, 300n]);
    for (const preset of SLIPPAGE_PRESETS_BPS) expect(slippageLevel(preset)).toBe('ok');
    expect(SLIPPAGE_PRESETS_BPS).toContain(DEFAULT_SLIPPAGE_BPS);
  });

  it('refuses a negative tolerance', () => {
    expect(() => slippageLevel(-1n)).toThrow(RangeError);
  });
});

describe('tradePolicy', () => {
  it('follows the slippage tolerance when the price impact is below 15 %', () => {
    expect(tradePolicy({ slippageBps: 50n, priceImpactBps: 1_499n })).toEqual({ level: 'ok', reason: null });
    expect(tradePolicy({ slippageBps: 500n, priceImpactBps: 30n })).toEqual({ level: 'warn', reason: 'slippage' });
    expect(tradePolicy({ slippageBps: 1_000n, priceImpactBps: null })).toEqual({
      level: 'confirm',
      reason: 'slippage',
    });
    expect(tradePolicy({ slippageBps: 1_500n, priceImpactBps: 0n })).toEqual({ level: 'refuse', reason: 'slippage' });
  });

  it('refuses a trade whose price impact is 15 % or more, whatever the tolerance', () => {
    expect(tradePolicy({ slippageBps: 50n, priceImpactBps: 1_500n })).toEqual({
      level: 'refuse',
      reason: 'priceImpact',
    });
    expect(tradePolicy({ slippageBps: 1_000n, priceImpactBps: 4_000n })).toEqual({
      level: 'refuse',
      reason: 'priceImpact',
    });
    expect(tradePolicy({ slippageBps: 2_000n, priceImpactBps: 1_500n })).toEqual({
      level: 'refuse',
      reason: 'priceImpact',
    });
  });
});

describe('parseSlippagePercent', () => {
  it('reads a percentage with up to 2 decimals into basis points', () => {
    expect(parseSlippagePercent('0.5')).toBe(50n);
    expect(parseSlippagePercent(' 3 ')).toBe(300n);
    expect(parseSlippagePercent('12.25')).toBe(1_225n);
    expect(parseSlippagePercent('0')).toBe(0n);
    expect(parseSlippagePercent('.1')).toBe(10n);
  });

  it('refuses what is not such a percentage', () => {
    for (const text of ['', 'abc', '-1', '0.125', '1e2', '1,5']) {
      expect(() => parseSlippagePercent(text), text).toThrow(SlippageError);
      expect(() => parseSlippagePercent(text)).toThrow(expect.objectContaining({ code: 'SLIPPAGE_INVALID' }));
    }
  });

  it('refuses 100 % and more', () => {
    expect(() => parseSlippagePercent('100')).toThrow(expect.objectContaining({ code: 'SLIPPAGE_TOO_HIGH' }));
    expect(parseSlippagePercent('99.99')).toBe(9_999n);
  });
});
