import { describe, expect, it } from 'vitest';
import { eusdBelowVaultPrice, exchangePrice, priceMoving, pricingOf, quoteAmounts } from './exchange.ts';

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

  it('breaks the circuit when the spot is more than the fee away from the average, only in the direction that pays', () => {
    const twap = e18(1n) / 2n; // 0.5 USDT per ETRO
    // Selling ETRO to the vault at the average: refused once the spot is below 0.485 (0.5 × 0.97).
    expect(priceMoving('ETRO', 485n * 10n ** 15n, twap, 300)).toBe(false);
    expect(priceMoving('ETRO', 485n * 10n ** 15n - 1n, twap, 300)).toBe(true);
    // ... while buying ETRO stays open then (the vault sells dear).
    expect(priceMoving('USDT', 485n * 10n ** 15n - 1n, twap, 300)).toBe(false);
    // Buying ETRO from the vault: refused once the spot is above 0.515 (0.5 × 1.03).
    expect(priceMoving('EUSD', 515n * 10n ** 15n, twap, 300)).toBe(false);
    expect(priceMoving('USDT', 515n * 10n ** 15n + 1n, twap, 300)).toBe(true);
    expect(priceMoving('ETRO', 515n * 10n ** 15n + 1n, twap, 300)).toBe(false);
  });

  it('refuses EUSD in while the EUSD market sells it below what the vault pays, buyer reward included', () => {
    // 0.97 × 1.01 = 0.9797 USDT per EUSD at a 3 % fee and a 1 % buyer reward.
    expect(eusdBelowVaultPrice(9797n * 10n ** 14n, 300, 100n)).toBe(false);
    expect(eusdBelowVaultPrice(9797n * 10n ** 14n - 1n, 300, 100n)).toBe(true);
    expect(eusdBelowVaultPrice(e18(1n), 300, 100n)).toBe(false);
    // Without a reward the bound is the vault's own price.
    expect(eusdBelowVaultPrice(97n * 10n ** 16n, 300, 0n)).toBe(false);
    expect(eusdBelowVaultPrice(97n * 10n ** 16n - 1n, 300, 0n)).toBe(true);
  });
});
