import { describe, expect, it } from 'vitest';
import { symbolOfIn } from './deployedTokens.ts';

const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const;
const ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as const;

describe('symbolOfIn', () => {
  const symbolOf = symbolOfIn({ USDT, ETRO, EternoVault: '0x0000000000000000000000000000000000000001' });

  it('names a deployed token whatever the case of the address', () => {
    expect(symbolOf(USDT.toLowerCase() as `0x${string}`)).toBe('USDT');
    expect(symbolOf(ETRO)).toBe('ETRO');
  });

  it('names no contract that is not a token, nor an unknown address', () => {
    expect(symbolOf('0x0000000000000000000000000000000000000001')).toBeUndefined();
    expect(symbolOf('0x0000000000000000000000000000000000000002')).toBeUndefined();
  });
});
