import { describe, expect, it } from 'vitest';
import { exchangePrice, pricingOf, quoteAmounts } from './exchange.ts';

const e18 = (n: bigint) => n * 10n ** 18n;

describe('exchange pricing', () => {
  it('offers USDT ↔ EUSD at 1:1 and the ETRO pairs at the TWAP, nothing else', () => {
    expect(pricingOf('USDT', 'EUSD')).toBe('fixed');
    expect(pricingOf('EUSD', 'USDT')).toBe('fixed');
    expect(pricingOf('ETRO', 'EUSD')).toBe('twap');
    expect(pricingOf('USDT', 'ETRO')).toBe('twap');
    expect(pricingOf('USDT', 'USDT')).toBeNull();
  });

  it('prices ETRO out as the inverse of the ETRO price', () => {
    expect(exchangePrice('ETRO', 'USDT', e18(1n) / 2n)).toBe(e18(1n) / 2n);
    expect(exchangePrice('USDT', 'ETRO', e18(1n) / 2n)).toBe(e18(2n));
    expect(exchangePrice('USDT', 'EUSD', e18(7n))).toBe(e18(1n));
  });

  it('takes the fee from the output, rounded up in the vault’s favour', () => {
    expect(quoteAmounts(e18(100n), e18(1n), 300)).toEqual({ gross: e18(100n), fee: e18(3n), amountOut: e18(97n) });
    expect(quoteAmounts(1n, e18(1n), 300)).toEqual({ gross: 1n, fee: 1n, amountOut: 0n });
    expect(quoteAmounts(e18(10n), e18(1n) / 2n, 0)).toEqual({ gross: e18(5n), fee: 0n, amountOut: e18(5n) });
  });
});
