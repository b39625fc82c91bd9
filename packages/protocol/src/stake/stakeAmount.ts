import { atLeast, atMost, checkAmount, type AmountErrorCodeOrZero } from '../amountCheck.ts';
import { rewardAtMaturity } from './records.ts';

/**
 * Validation of the amount typed on the stake screen, before anything is simulated or signed, by
 * the one amount checker (`checkAmount`), in the order a user fixes them: the text (empty, not a
 * number, too many decimals), zero, the pool's minimum, the balance ('Insufficient balance'), then
 * the free reward reserve (the contract refuses a stake whose full-term reward the reserve cannot
 * cover).
 */
export type StakeAmountProblem = AmountErrorCodeOrZero | 'BELOW_MINIMUM' | 'INSUFFICIENT_BALANCE' | 'RESERVE_EXCEEDED';

export type StakeAmountCheck =
  | { ok: true; amount: bigint; reward: bigint }
  | { ok: false; problem: StakeAmountProblem; amount: bigint | null; reward: bigint | null };

export type StakeLimits = {
  balance: bigint;
  minStakeAmount: bigint;
  availableRewards: bigint;
};

export function checkStakeAmount(input: string, limits: StakeLimits, rateBps: number): StakeAmountCheck {
  const check = checkAmount(input, [
    atLeast(limits.minStakeAmount),
    atMost(limits.balance, 'INSUFFICIENT_BALANCE'),
    { problem: 'RESERVE_EXCEEDED', fails: (amount) => rewardAtMaturity(amount, rateBps) > limits.availableRewards },
  ]);
  const reward = check.amount === null ? null : rewardAtMaturity(check.amount, rateBps);
  if (check.ok) return { ok: true, amount: check.amount, reward: rewardAtMaturity(check.amount, rateBps) };
  return { ok: false, problem: check.problem, amount: check.amount, reward };
}
