import type { LockPeriodDays } from '../domain.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import { enterStakeCall, leaveStakeCall, type StakePoolContracts } from './pools.ts';

/** What the plans need from the screen's read (`StakeView`). */
export type StakePlanView = StakePoolContracts & { balance: bigint; allowance: bigint };

/**
 * Staking `amount` for `days`: `[approve?, enterStaking_{days}(amount)]`, the approval for exactly
 * `amount` of the pool's token to its staking contract and only when the allowance is below it.
 * Throws `InsufficientBalanceError` when the balance is below `amount` (nothing is sent).
 */
export function planEnterStake(view: StakePlanView, days: LockPeriodDays, amount: bigint): TxStep[] {
  return planWrite({
    action: 'stake.enter',
    call: enterStakeCall(view.staking, days, amount),
    spend: {
      token: view.token,
      symbol: view.symbol,
      spender: view.staking,
      amount,
      balance: view.balance,
      allowance: view.allowance,
    },
  });
}

/** Leaving order `id`: `[leaveStaking(id)]` (no token is spent). */
export function planLeaveStake(view: Pick<StakePoolContracts, 'staking'>, id: bigint): TxStep[] {
  return planWrite({ action: 'stake.leave', call: leaveStakeCall(view.staking, id) });
}
