import { describe, expect, it } from 'vitest';
import { erc20Abi, getAddress } from 'viem';
import { InsufficientBalanceError, planWrite, type ContractCall } from './steps.ts';

const token = getAddress('0x00000000000000000000000000000000000000a1');
const spender = getAddress('0x00000000000000000000000000000000000000b2');
const call: ContractCall = { address: spender, abi: erc20Abi, functionName: 'totalSupply', args: [] };
const spend = (amount: bigint, balance: bigint, allowance: bigint) => ({
  token,
  symbol: 'USDT',
  spender,
  amount,
  balance,
  allowance,
});

describe('planWrite', () => {
  it('is the call alone when nothing is spent', () => {
    expect(planWrite({ action: 'lock.claim', call })).toEqual([{ kind: 'call', action: 'lock.claim', call }]);
  });

  it('approves exactly the amount when the allowance is below it, then calls', () => {
    const steps = planWrite({ action: 'swap.buy', call, spend: spend(150n, 1_000n, 149n) });
    expect(steps).toEqual([
      { kind: 'approve', token, symbol: 'USDT', spender, amount: 150n },
      { kind: 'call', action: 'swap.buy', call },
    ]);
  });

  it('skips the approval when the allowance covers the amount', () => {
    expect(planWrite({ action: 'swap.buy', call, spend: spend(150n, 150n, 150n) })).toHaveLength(1);
  });

  it('refuses a spend above the balance before any step', () => {
    const plan = () => planWrite({ action: 'stake.enter', call, spend: spend(151n, 150n, 0n) });
    expect(plan).toThrow(InsufficientBalanceError);
    try {
      plan();
    } catch (error) {
      expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', symbol: 'USDT', needed: 151n, balance: 150n });
    }
  });

  it('refuses a zero spend', () => {
    expect(() => planWrite({ action: 'farm.deposit', call, spend: spend(0n, 10n, 0n) })).toThrow(RangeError);
  });

  it('approves each of two spends exactly, only where the allowance is short, then calls', () => {
    const other = getAddress('0x00000000000000000000000000000000000000c3');
    const second = { ...spend(40n, 40n, 0n), token: other, symbol: 'ETRO' };
    expect(planWrite({ action: 'liquidity.add', call, spends: [spend(150n, 1_000n, 149n), second] })).toEqual([
      { kind: 'approve', token, symbol: 'USDT', spender, amount: 150n },
      { kind: 'approve', token: other, symbol: 'ETRO', spender, amount: 40n },
      { kind: 'call', action: 'liquidity.add', call },
    ]);
    expect(
      planWrite({ action: 'liquidity.add', call, spends: [spend(150n, 1_000n, 150n), second] }).map((s) => s.kind),
    ).toEqual(['approve', 'call']);
  });

  it('refuses the whole plan when either of two spends is above its balance', () => {
    const plan = () =>
      planWrite({
        action: 'liquidity.add',
        call,
        spends: [spend(1n, 1n, 0n), { ...spend(41n, 40n, 0n), symbol: 'ETRO' }],
      });
    expect(plan).toThrow(InsufficientBalanceError);
    expect(() => planWrite({ action: 'liquidity.add', call, spend: spend(1n, 1n, 0n), spends: [] })).toThrow(
      RangeError,
    );
  });
});
