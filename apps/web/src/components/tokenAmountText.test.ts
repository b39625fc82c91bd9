import { describe, expect, it } from 'vitest';
import { tokenAmountText } from './tokenAmountText.ts';

describe('tokenAmountText', () => {
  it('uses the token’s display digits and groups thousands', () => {
    expect(tokenAmountText(1_234_567_891_234_567_891_234n, 'USDT')).toBe('1,234.567891');
    expect(tokenAmountText(1_234_567_891_234_567_891_234n, 'ETRO')).toBe('1,234.56789123');
  });

  it('shows 8 digits for a symbol the app does not know', () => {
    expect(tokenAmountText(1_500_000_000_000_000_000n, 'XYZ')).toBe('1.5');
  });
});
