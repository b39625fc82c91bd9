import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { checkSwapAmount, withQuote } from './swapAmount.ts';

describe('checkSwapAmount', () => {
  const balance = parseEther('100');

  it('accepts a positive amount up to the balance, to the last base unit', () => {
    expect(checkSwapAmount('12.5', balance)).toEqual({ ok: true, amount: parseEther('12.5') });
    expect(checkSwapAmount('100', balance)).toEqual({ ok: true, amount: balance });
    expect(checkSwapAmount('0.000000000000000001', balance)).toEqual({ ok: true, amount: 1n });
  });

  it.each([
    ['', 'EMPTY'],
    ['  ', 'EMPTY'],
    ['abc', 'NOT_A_NUMBER'],
    ['1e3', 'NOT_A_NUMBER'],
    ['1,000', 'NOT_A_NUMBER'],
    ['-1', 'NEGATIVE'],
    ['0.0000000000000000001', 'TOO_MANY_DECIMALS'],
  ] as const)('%j → %s, no amount', (text, problem) => {
    expect(checkSwapAmount(text, balance)).toEqual({ ok: false, problem, amount: null });
  });

  it('refuses zero', () => {
    expect(checkSwapAmount('0.000', balance)).toEqual({ ok: false, problem: 'ZERO', amount: 0n });
  });

  it("says 'Insufficient balance' above the balance, keeping the amount", () => {
    expect(checkSwapAmount('100.000000000000000001', balance)).toEqual({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
      amount: balance + 1n,
    });
  });

  it('checks only the text while the balance is unknown', () => {
    expect(checkSwapAmount('1000000', null)).toEqual({ ok: true, amount: parseEther('1000000') });
  });
});

describe('withQuote', () => {
  it('turns an amount the pool pays nothing for into TOO_SMALL', () => {
    expect(withQuote({ ok: true, amount: 1n }, 0n)).toEqual({ ok: false, problem: 'TOO_SMALL', amount: 1n });
  });

  it('keeps everything else as it is', () => {
    expect(withQuote({ ok: true, amount: 5n }, 3n)).toEqual({ ok: true, amount: 5n });
    expect(withQuote({ ok: true, amount: 5n }, null)).toEqual({ ok: true, amount: 5n });
    const refused = { ok: false, problem: 'ZERO', amount: 0n } as const;
    expect(withQuote(refused, 0n)).toBe(refused);
  });
});
