import { describe, expect, it } from 'vitest';
import { decodeFunctionData, getAddress, parseEther, toFunctionSelector } from 'viem';
import { LOCK_PERIODS_DAYS } from '../domain.ts';
import { eternoStakingAbi } from '../generated/abis.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { planEnterStake, planLeaveStake, type StakePlanView } from './planStake.ts';
import { enterStakingFunction, stakePoolContracts } from './pools.ts';

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const view: StakePlanView = {
  pool: 'ETRO',
  symbol: 'ETRO',
  token: address(1),
  staking: address(2),
  balance: parseEther('1000'),
  allowance: 0n,
};

describe('enterStakingFunction', () => {
  it('names a function of the contract for each of the eight periods', () => {
    const names = eternoStakingAbi.flatMap((item) => (item.type === 'function' ? [item.name] : []));
    for (const days of LOCK_PERIODS_DAYS) expect(names).toContain(enterStakingFunction(days));
    expect(enterStakingFunction(360)).toBe('enterStaking_360');
  });
});

describe('stakePoolContracts', () => {
  const contracts = { ETRO: address(1), EULP: address(3), StakingETRO: address(2), StakingEULP: address(4) };

  it('gives each pool its token and staking contract', () => {
    expect(stakePoolContracts(contracts, 'ETRO')).toEqual({
      pool: 'ETRO',
      symbol: 'ETRO',
      token: address(1),
      staking: address(2),
    });
    expect(stakePoolContracts(contracts, 'EULP')).toEqual({
      pool: 'EULP',
      symbol: 'EULP',
      token: address(3),
      staking: address(4),
    });
  });
});

describe('planEnterStake', () => {
  it('approves exactly the amount to the staking contract, then calls enterStaking_{days}', () => {
    const steps = planEnterStake(view, 90, parseEther('250'));
    expect(steps).toHaveLength(2);
    expect(steps[0]).toEqual({
      kind: 'approve',
      token: address(1),
      symbol: 'ETRO',
      spender: address(2),
      amount: parseEther('250'),
    });
    const call = steps[1];
    if (call?.kind !== 'call') throw new Error('expected a call step');
    expect(call.action).toBe('stake.enter');
    expect(call.call).toMatchObject({
      address: address(2),
      functionName: 'enterStaking_90',
      args: [parseEther('250')],
    });
  });

  it('skips the approval when the allowance covers the amount', () => {
    const steps = planEnterStake({ ...view, allowance: parseEther('250') }, 30, parseEther('250'));
    expect(steps.map((step) => step.kind)).toEqual(['call']);
  });

  it('throws Insufficient balance before anything is sent', () => {
    expect(() => planEnterStake(view, 30, parseEther('1000') + 1n)).toThrow(InsufficientBalanceError);
  });

  it('encodes to the enterStaking_{days} selector', () => {
    const [, step] = planEnterStake(view, 210, 5n);
    if (step?.kind !== 'call') throw new Error('expected a call step');
    const { functionName, args } = decodeFunctionData({
      abi: eternoStakingAbi,
      data: `${toFunctionSelector('enterStaking_210(uint256)')}${5n.toString(16).padStart(64, '0')}`,
    });
    expect([functionName, args]).toEqual([step.call.functionName, step.call.args]);
  });
});

describe('planLeaveStake', () => {
  it('is one leaveStaking(id) call with no approval', () => {
    expect(planLeaveStake(view, 12n)).toEqual([
      {
        kind: 'call',
        action: 'stake.leave',
        call: expect.objectContaining({ address: address(2), functionName: 'leaveStaking', args: [12n] }),
      },
    ]);
  });
});
