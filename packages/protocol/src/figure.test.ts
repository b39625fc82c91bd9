import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';
import { compactAmount, figureAmount, figurePrice } from './figure.ts';

const e18 = (text: string) => parseAmount(text, 18);

describe('compactAmount', () => {
  it('leaves amounts under a million alone', () => {
    expect(compactAmount(e18('999999.99'), 18, 'en')).toBeNull();
    expect(compactAmount(e18('999999.99'), 18, 'zh')).toBeNull();
  });

  it('uses M, B and T in English, truncated to 2 decimals', () => {
    expect(compactAmount(e18('1000000'), 18, 'en')).toBe('1 M');
    expect(compactAmount(e18('50018736.086209'), 18, 'en')).toBe('50.01 M');
    expect(compactAmount(e18('1999999999.99'), 18, 'en')).toBe('1.99 B');
    expect(compactAmount(e18('1234567000000000'), 18, 'en')).toBe('1,234.56 T');
    expect(compactAmount(-e18('2500000'), 18, 'en')).toBe('-2.5 M');
  });

  it('uses 万, 亿 and 万亿 in Chinese', () => {
    expect(compactAmount(e18('1000000'), 18, 'zh')).toBe('100万');
    expect(compactAmount(e18('50018736.086209'), 18, 'zh')).toBe('5001.87万');
    expect(compactAmount(e18('100000000'), 18, 'zh')).toBe('1亿');
    expect(compactAmount(e18('123456789012'), 18, 'zh')).toBe('1234.56亿');
    expect(compactAmount(e18('3000000000000'), 18, 'zh')).toBe('3万亿');
  });

  it('works on other decimals', () => {
    expect(compactAmount(1_500_000_000_000n, 6, 'en')).toBe('1.5 M');
  });
});

describe('figureAmount', () => {
  it('shows a small amount exactly', () => {
    expect(figureAmount(e18('187.36123456'), 'en', { digits: 8 })).toEqual({
      text: '187.36123456',
      exact: '187.36123456',
      shortened: false,
    });
  });

  it('keeps 2 decimals from 1,000 on, the exact value on tap', () => {
    expect(figureAmount(e18('708520.99474892'), 'en', { digits: 8 })).toEqual({
      text: '708,520.99',
      exact: '708,520.99474892',
      shortened: true,
    });
    expect(figureAmount(e18('501094'), 'zh', { digits: 6 })).toEqual({
      text: '501,094',
      exact: '501,094',
      shortened: false,
    });
  });

  it('compacts from a million', () => {
    const value = e18('50018736.086209');
    expect(figureAmount(value, 'en', { digits: 6 })).toEqual({
      text: '50.01 M',
      exact: '50,018,736.086209',
      shortened: true,
    });
    expect(figureAmount(value, 'zh', { digits: 6 }).text).toBe('5001.87万');
  });

  it('takes the short digits asked for', () => {
    expect(figureAmount(e18('707.239451'), 'en', { digits: 6, shortDigits: 2 }).text).toBe('707.23');
  });
});

describe('figurePrice', () => {
  it('keeps 4 significant digits below 1, rounded to nearest', () => {
    expect(figurePrice(e18('0.500187360862'))).toEqual({
      text: '0.5002',
      exact: '0.500187360862',
      shortened: true,
    });
    expect(figurePrice(e18('0.000123456'))).toMatchObject({ text: '0.0001235', exact: '0.000123456' });
    expect(figurePrice(e18('0.5'))).toMatchObject({ text: '0.5', shortened: false });
    expect(figurePrice(e18('0.99996'))).toMatchObject({ text: '1' });
  });

  it('keeps 4 decimals from 1 on', () => {
    expect(figurePrice(e18('2'))).toMatchObject({ text: '2', shortened: false });
    expect(figurePrice(e18('1.413949066407'))).toMatchObject({ text: '1.4139' });
    expect(figurePrice(e18('1234.56789'))).toMatchObject({ text: '1,234.5679', exact: '1,234.56789' });
  });

  it('shows 0 and tiny values without inventing digits', () => {
    expect(figurePrice(0n)).toMatchObject({ text: '0', shortened: false });
    expect(figurePrice(1n)).toMatchObject({ text: '0.000000000000000001', shortened: false });
  });
});
