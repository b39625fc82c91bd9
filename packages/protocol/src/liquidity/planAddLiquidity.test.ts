import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { planAddLiquidity } from './planAddLiquidity.ts';

const a = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const contracts = { UniswapV2Router02: a(1), USDT: a(2), ETRO: a(3), EUSD: a(4) };
const to = a(9);
const base = {
  contracts,
  pair: 'EULP' as const,
  amountA: 100n,
  amountB: 50n,
  amountAMin: 99n,
  amountBMin: 49n,
  to,
  deadline: 1_000n,
  balances: { A: 100n, B: 50n },
  allowances: { A: 0n, B: 0n },
};

describe('planAddLiquidity', () => {
  it('approves token A and token B exactly, then adds through the router', () => {
    const steps = planAddLiquidity(base);
    expect(steps.map((s) => s.kind)).toEqual(['approve', 'approve', 'call']);
    expect(steps[0]).toEqual({
      kind: 'approve',
      token: contracts.ETRO,
      symbol: 'ETRO',
      spender: contracts.UniswapV2Router02,
      amount: 100n,
    });
    expect(steps[1]).toEqual({
      kind: 'approve',
      token: contracts.USDT,
      symbol: 'USDT',
      spender: contracts.UniswapV2Router02,
      amount: 50n,
    });
    const call = steps[2];
    expect(call?.kind === 'call' && call.action).toBe('liquidity.add');
    expect(call?.kind === 'call' && call.call.functionName).toBe('addLiquidity');
    expect(call?.kind === 'call' && call.call.address).toBe(contracts.UniswapV2Router02);
    expect(call?.kind === 'call' && call.call.args).toEqual([
      contracts.ETRO,
      contracts.USDT,
      100n,
      50n,
      99n,
      49n,
      to,
      1_000n,
    ]);
  });

  it('ELP spends EUSD and USDT; an allowance that covers a side skips its approval', () => {
    const steps = planAddLiquidity({ ...base, pair: 'ELP', allowances: { A: 100n, B: 0n } });
    expect(steps.map((s) => (s.kind === 'approve' ? s.symbol : s.kind))).toEqual(['USDT', 'call']);
    const call = steps[1];
    expect(call?.kind === 'call' && call.call.args.slice(0, 2)).toEqual([contracts.EUSD, contracts.USDT]);
  });

  it('refuses an amount above its balance, a minimum above its amount and a missing deadline', () => {
    expect(() => planAddLiquidity({ ...base, balances: { A: 100n, B: 49n } })).toThrow(InsufficientBalanceError);
    expect(() => planAddLiquidity({ ...base, amountBMin: 51n })).toThrow(RangeError);
    expect(() => planAddLiquidity({ ...base, deadline: 0n })).toThrow(RangeError);
  });
});
