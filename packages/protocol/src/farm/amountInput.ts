import { AmountError, parseAmount, type AmountErrorCode } from '../amount.ts';
import { TOKEN_DECIMALS } from '../domain.ts';

/**
 * What is wrong with an amount typed into the farm's Stake LP / Retrieve forms. The amount codes of
 * `parseAmount`, plus: `ZERO` (the farm has no other minimum), `INSUFFICIENT_BALANCE` (staking more
 * LP than the wallet holds) and `EXCEEDS_STAKED` (retrieving more than is staked).
 */
export type FarmAmountProblem = AmountErrorCode | 'ZERO' | 'INSUFFICIENT_BALANCE' | 'EXCEEDS_STAKED';

export type FarmAmountCheck = { ok: true; amount: bigint } | { ok: false; problem: FarmAmountProblem };

/**
 * Checks `text` for `action`: 'stake' against the wallet's LP balance, 'retrieve' against the LP the
 * user has staked. Nothing is sent unless this says ok.
 */
export function checkFarmAmount(text: string, action: 'stake' | 'retrieve', available: bigint): FarmAmountCheck {
  let amount: bigint;
  try {
    amount = parseAmount(text, TOKEN_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, problem: error.code };
    throw error;
  }
  if (amount === 0n) return { ok: false, problem: 'ZERO' };
  if (amount > available) return { ok: false, problem: action === 'stake' ? 'INSUFFICIENT_BALANCE' : 'EXCEEDS_STAKED' };
  return { ok: true, amount };
}
