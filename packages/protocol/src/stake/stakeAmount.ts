import { atLeast, atMost, checkAmount, type AmountErrorCodeOrZero } from '../amountCheck.ts';
import { rewardAtMaturity } from './records.ts';

/**
 * Validation of the amount typed on the stake screen, before anything is simulated or signed, by
 * the one amount checker (`checkAmount`), in the order a user fixes them: the text (empty, not a
 * number, too many decimals), zero, the pool's minimum, the balance ('Insufficient balance'), then
 * the free reward reserve (the contract refuses a stake whose full-term reward the reserve cannot
 * cover). Before any of them: in the EULP pool, an account with the most orders running at once
 * (`TOO_MANY_RUNNING_ORDERS`: the contract refuses `TooManyRunningOrders`; no amount fixes it, leaving an
 * order does).
 */
export type StakeAmountProblem =
  | AmountErrorCodeOrZero
  | 'BELOW_MINIMUM'
  | 'INSUFFICIENT_BALANCE'
  | 'RESERVE_EXCEEDED'
  | 'TOO_MANY_RUNNING_ORDERS';

export type StakeAmountCheck =
  | { ok: true; amount: bigint; reward: bigint }
  | { ok: false; problem: StakeAmountProblem; amount: bigint | null; reward: bigint | null };

export type StakeLimits = {
  balance: bigint;
  minStakeAmount: bigint;
  availableRewards: bigint;
  /** EULP pool: the account's orders running and the most it may have (the ETRO pool counts none). */
  runningOrders: bigint;
  maxRunningOrders: bigint;
};

export function checkStakeAmount(input: string, limits: StakeLimits, rateBps: number): StakeAmountCheck {
  if (limits.runningOrders >= limits.maxRunningOrders) {
    const amount = checkAmount(input).amount;
    return {
      ok: false,
      problem: 'TOO_MANY_RUNNING_ORDERS',
      amount,
      reward: amount === null ? null : rewardAtMaturity(amount, rateBps),
    };
  }
  const check = checkAmount(input, [
    atLeast(limits.minStakeAmount),
    atMost(limits.balance, 'INSUFFICIENT_BALANCE'),
    { problem: 'RESERVE_EXCEEDED', fails: (amount) => rewardAtMaturity(amount, rateBps) > limits.availableRewards },
  ]);
  const reward = check.amount === null ? null : rewardAtMaturity(check.amount, rateBps);
  if (check.ok) return { ok: true, amount: check.amount, reward: rewardAtMaturity(check.amount, rateBps) };
  return { ok: false, problem: check.problem, amount: check.amount, reward };
}
