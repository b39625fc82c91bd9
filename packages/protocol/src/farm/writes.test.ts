import { describe, expect, it } from 'vitest';
import { getAddress, parseEther } from 'viem';
import { eternoFarmAbi } from '../generated/abis.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import {
  ExceedsStakedError,
  NothingToHarvestError,
  planFarmDeposit,
  planFarmHarvest,
  planFarmWithdraw,
} from './writes.ts';

const farm = getAddress('0x00000000000000000000000000000000000fa4a1');
const lpToken = getAddress('0x00000000000000000000000000000000000e01b0');
const pool = {
  pid: 1,
  lpToken,
  symbol: 'ELP',
  lpBalance: parseEther('10'),
  allowance: parseEther('2'),
  staked: parseEther('3'),
  pending: parseEther('0.25'),
};

describe('planFarmDeposit', () => {
  it('approves exactly the amount, then deposits, when the allowance is short', () => {
    expect(planFarmDeposit(farm, pool, parseEther('5'))).toEqual([
      { kind: 'approve', token: lpToken, symbol: 'ELP', spender: farm, amount: parseEther('5') },
      {
        kind: 'call',
        action: 'farm.deposit',
        call: { address: farm, abi: eternoFarmAbi, functionName: 'deposit', args: [1n, parseEther('5')] },
      },
    ]);
  });

  it('only deposits when the allowance covers the amount', () => {
    const steps = planFarmDeposit(farm, pool, parseEther('2'));
    expect(steps.map((s) => s.kind)).toEqual(['call']);
  });

  it('throws InsufficientBalanceError above the LP balance', () => {
    expect(() => planFarmDeposit(farm, pool, parseEther('10.000000000000000001'))).toThrow(InsufficientBalanceError);
  });
});

describe('planFarmWithdraw', () => {
  it('withdraws the amount from the pool', () => {
    expect(planFarmWithdraw(farm, pool, parseEther('3'))).toEqual([
      {
        kind: 'call',
        action: 'farm.withdraw',
        call: { address: farm, abi: eternoFarmAbi, functionName: 'withdraw', args: [1n, parseEther('3')] },
      },
    ]);
  });

  it('refuses more than is staked, and nothing', () => {
    expect(() => planFarmWithdraw(farm, pool, parseEther('3.000000000000000001'))).toThrow(ExceedsStakedError);
    expect(() => planFarmWithdraw(farm, pool, 0n)).toThrow(RangeError);
  });
});

describe('planFarmHarvest', () => {
  it('harvests with deposit(pid, 0)', () => {
    expect(planFarmHarvest(farm, pool)).toEqual([
      {
        kind: 'call',
        action: 'farm.harvest',
        call: { address: farm, abi: eternoFarmAbi, functionName: 'deposit', args: [1n, 0n] },
      },
    ]);
  });

  it('refuses when nothing is pending', () => {
    expect(() => planFarmHarvest(farm, { ...pool, pending: 0n })).toThrow(NothingToHarvestError);
  });
});
