import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { planRemoveLiquidity } from './planRemoveLiquidity.ts';

const a = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const contracts = { UniswapV2Router02: a(1), USDT: a(2), ETRO: a(3), EUSD: a(4), EULP: a(5), ELP: a(6) };
const to = a(9);
const base = {
  contracts,
  pair: 'ELP' as const,
  liquidity: 70n,
  amountAMin: 9n,
  amountBMin: 4n,
  to,
  deadline: 1_000n,
  balance: 70n,
  allowance: 0n,
};

describe('planRemoveLiquidity', () => {
  it('approves exactly the LP to the router, then removes', () => {
    const steps = planRemoveLiquidity(base);
    expect(steps[0]).toEqual({
      kind: 'approve',
      token: contracts.ELP,
      symbol: 'ELP',
      spender: contracts.UniswapV2Router02,
      amount: 70n,
    });
    const call = steps[1];
    expect(steps).toHaveLength(2);
    expect(call?.kind === 'call' && call.action).toBe('liquidity.remove');
    expect(call?.kind === 'call' && call.call.functionName).toBe('removeLiquidity');
    expect(call?.kind === 'call' && call.call.args).toEqual([contracts.EUSD, contracts.USDT, 70n, 9n, 4n, to, 1_000n]);
  });

  it('skips the approval when the allowance covers the LP; refuses more LP than held', () => {
    expect(planRemoveLiquidity({ ...base, allowance: 70n }).map((s) => s.kind)).toEqual(['call']);
    expect(() => planRemoveLiquidity({ ...base, balance: 69n })).toThrow(InsufficientBalanceError);
    expect(() => planRemoveLiquidity({ ...base, liquidity: 0n })).toThrow(RangeError);
  });
});
