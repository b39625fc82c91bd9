import { describe, expect, it } from 'vitest';
import type { VaultConfig } from '../../api/vault.ts';
import { countdownText, exchangePairs, feePercentText, pairKey, quoteMatches, secondsLeft } from './exchangeQuote.ts';

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const;
const EUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as const;
const OTHER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as const;

const config: VaultConfig = {
  chainId: 1,
  vault: OTHER,
  tokens: [
    { token: USDT, symbol: 'USDT', perTxCap: 1n, perDayCap: 1n, perUserDayCap: 1n },
    { token: EUSD, symbol: 'EUSD', perTxCap: 1n, perDayCap: 1n, perUserDayCap: 1n },
  ],
  voucherLifetime: 1800,
  quoteLifetime: 120,
  exchange: [
    { tokenIn: USDT, tokenOut: EUSD, pricing: 'fixed', feeBps: 300, perDayCap: 9n, dayBudget: 90n },
    { tokenIn: USDT, tokenOut: OTHER, pricing: 'twap', feeBps: 300, perDayCap: 9n, dayBudget: 90n },
  ],
  paused: false,
  withdrawalsPaused: false,
  withdrawalsReopenAt: 0,
};

describe('exchangePairs', () => {
  it('names the pairs by symbol and leaves out a pair with a token the vault does not list', () => {
    const pairs = exchangePairs(config);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ symbolIn: 'USDT', symbolOut: 'EUSD', pricing: 'fixed', feeBps: 300 });
    expect(pairKey(pairs[0]!)).toBe('USDT-EUSD');
  });
});

describe('the quote countdown', () => {
  const quote = { deadline: 1_000n };
  it("counts whole seconds down to the deadline on the chain's clock, and stops at 0", () => {
    const clock = (chainTime: bigint, elapsedMs: number) => ({
      chainTime,
      lifetime: 300,
      receivedAtMs: 5_000,
      nowMs: 5_000 + elapsedMs,
    });
    expect(secondsLeft(quote, clock(880n, 0))).toBe(120);
    expect(secondsLeft(quote, clock(880n, 1_999))).toBe(119);
    expect(secondsLeft(quote, clock(880n, 119_000))).toBe(1);
    expect(secondsLeft(quote, clock(880n, 120_000))).toBe(0);
    expect(secondsLeft(quote, clock(2_000n, 0))).toBe(0);
  });

  it('ignores the wall clock being far from the chain time', () => {
    expect(secondsLeft(quote, { chainTime: 900n, lifetime: 300, receivedAtMs: 1e12, nowMs: 1e12 })).toBe(100);
  });

  it("never shows more than the quote's lifetime (an old latest block)", () => {
    expect(secondsLeft(quote, { chainTime: 700n, lifetime: 120, receivedAtMs: 0, nowMs: 10_000 })).toBe(110);
  });

  it('reads as m:ss', () => {
    expect(countdownText(120)).toBe('2:00');
    expect(countdownText(65)).toBe('1:05');
    expect(countdownText(0)).toBe('0:00');
  });
});

describe('feePercentText', () => {
  it('shows basis points as a percentage without floats', () => {
    expect(feePercentText(300)).toBe('3');
    expect(feePercentText(250)).toBe('2.5');
    expect(feePercentText(5)).toBe('0.05');
    expect(feePercentText(0)).toBe('0');
  });
});

describe('quoteMatches', () => {
  const quote = { tokenIn: USDT, tokenOut: EUSD, amountIn: 10n };
  it('is true only for the same pair and amount', () => {
    expect(quoteMatches(quote, { tokenIn: USDT.toLowerCase() as typeof USDT, tokenOut: EUSD, amountIn: 10n })).toBe(
      true,
    );
    expect(quoteMatches(quote, { tokenIn: USDT, tokenOut: EUSD, amountIn: 11n })).toBe(false);
    expect(quoteMatches(quote, { tokenIn: EUSD, tokenOut: USDT, amountIn: 10n })).toBe(false);
  });
});
