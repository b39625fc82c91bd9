import { describe, expect, it } from 'vitest';
import { checkRegularAmount } from './regularAmount.ts';
import { CATALOGUE, E18 } from './testData.ts';

const product = CATALOGUE.regular[0]!;

describe('checkRegularAmount (a fixed-term deposit as typed)', () => {
  it('accepts the bounds themselves when the wallet holds them', () => {
    expect(checkRegularAmount('100', product, 200_000n * E18)).toEqual({ ok: true, amount: 100n * E18 });
    expect(checkRegularAmount('100000', product, 200_000n * E18)).toEqual({ ok: true, amount: 100_000n * E18 });
  });

  it('refuses below the minimum and above the maximum with OUT_OF_RANGE', () => {
    expect(checkRegularAmount('99.999999999999999999', product, 10n ** 30n)).toMatchObject({
      ok: false,
      problem: 'OUT_OF_RANGE',
    });
    expect(checkRegularAmount('100000.000000000000000001', product, 10n ** 30n)).toMatchObject({
      ok: false,
      problem: 'OUT_OF_RANGE',
    });
  });

  it('then the wallet: Insufficient balance; never ok before the balance is read', () => {
    expect(checkRegularAmount('500', product, 499n * E18)).toMatchObject({
      ok: false,
      problem: 'INSUFFICIENT_BALANCE',
    });
    expect(checkRegularAmount('500', product, null)).toMatchObject({ ok: false, problem: 'INSUFFICIENT_BALANCE' });
  });

  it('the text first: empty, not a number, zero', () => {
    expect(checkRegularAmount('', product, E18)).toMatchObject({ problem: 'EMPTY' });
    expect(checkRegularAmount('1,000', product, E18)).toMatchObject({ problem: 'NOT_A_NUMBER' });
    expect(checkRegularAmount('0', product, E18)).toMatchObject({ problem: 'ZERO' });
  });
});
