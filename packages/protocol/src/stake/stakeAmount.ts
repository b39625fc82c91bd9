import { AmountError, parseAmount, type AmountErrorCode } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';
import { rewardAtMaturity } from './records.ts';

/**
 * Validation of the amount typed on the stake screen, before anything is simulated or signed, in
 * the order a user fixes them: the text (empty, not a number, too many decimals), zero, the pool's
 * minimum, the balance ('Insufficient balance'), then the free reward reserve (the contract refuses
 * a stake whose full-term reward the reserve cannot cover).
 */
export type StakeAmountProblem =
  | AmountErrorCode
  | 'ZERO'
  | 'BELOW_MINIMUM'
  | 'INSUFFICIENT_BALANCE'
  | 'RESERVE_EXCEEDED';

export type StakeAmountCheck =
  | { ok: true; amount: bigint; reward: bigint }
  | { ok: false; problem: StakeAmountProblem; amount: bigint | null; reward: bigint | null };

export type StakeLimits = {
  balance: bigint;
  minStakeAmount: bigint;
  availableRewards: bigint;
};

export function checkStakeAmount(input: string, limits: StakeLimits, rateBps: number): StakeAmountCheck {
  let amount: bigint;
  try {
    amount = parseAmount(input, TOKEN_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, problem: error.code, amount: null, reward: null };
    throw error;
  }
  const reward = rewardAtMaturity(amount, rateBps);
  const fail = (problem: StakeAmountProblem): StakeAmountCheck => ({ ok: false, problem, amount, reward });
  if (amount === 0n) return fail('ZERO');
  if (amount < limits.minStakeAmount) return fail('BELOW_MINIMUM');
  if (amount > limits.balance) return fail('INSUFFICIENT_BALANCE');
  if (reward > limits.availableRewards) return fail('RESERVE_EXCEEDED');
  return { ok: true, amount, reward };
}
