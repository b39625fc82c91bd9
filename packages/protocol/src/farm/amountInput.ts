import { atMost, checkAmount, type AmountCheck, type AmountErrorCodeOrZero } from '../amountCheck.ts';

/**
 * The farm's Stake LP / Retrieve amount, checked by the one amount checker (`checkAmount`): the
 * text, `ZERO` (the farm has no other minimum), then `INSUFFICIENT_BALANCE` (staking more LP than
 * the wallet holds) or `EXCEEDS_STAKED` (retrieving more than is staked).
 */
export type FarmAmountProblem = AmountErrorCodeOrZero | 'INSUFFICIENT_BALANCE' | 'EXCEEDS_STAKED';

export type FarmAmountCheck = AmountCheck<FarmAmountProblem>;

/**
 * Checks `text` for `action`: 'stake' against the wallet's LP balance, 'retrieve' against the LP the
 * user has staked. Nothing is sent unless this says ok.
 */
export function checkFarmAmount(text: string, action: 'stake' | 'retrieve', available: bigint): FarmAmountCheck {
  return checkAmount(text, [atMost(available, action === 'stake' ? 'INSUFFICIENT_BALANCE' : 'EXCEEDS_STAKED')]);
}
