import {
  atMost,
  checkAmount,
  type AmountCheck,
  type AmountErrorCodeOrZero,
  type AmountRule,
} from '@eterno/protocol/amountCheck';

export type WithdrawAmountProblem = AmountErrorCodeOrZero | 'INSUFFICIENT_BALANCE' | 'ABOVE_TX_CAP' | 'ABOVE_DAY_LIMIT';
export type SpendAmountProblem = AmountErrorCodeOrZero | 'INSUFFICIENT_BALANCE';

/**
 * A withdrawal amount as typed: the text, zero, then the ledger's available balance
 * ('Insufficient balance': nothing is requested), the vault's per-transaction cap and what the day caps
 * (the user's own and the vault's) still allow today. `available` is null while the ledger is not read
 * yet: the amount is then never ok; a cap that is null is not known yet and not checked here (the server
 * checks it).
 */
export function checkWithdrawAmount(
  text: string,
  limits: {
    readonly available: bigint | null;
    readonly perTxCap: bigint | null;
    readonly dayRemaining?: bigint | null;
  },
): AmountCheck<WithdrawAmountProblem> {
  const rules: AmountRule<'INSUFFICIENT_BALANCE' | 'ABOVE_TX_CAP' | 'ABOVE_DAY_LIMIT'>[] = [
    atMost(limits.available ?? -1n, 'INSUFFICIENT_BALANCE'),
  ];
  if (limits.perTxCap !== null) rules.push(atMost(limits.perTxCap, 'ABOVE_TX_CAP'));
  if (limits.dayRemaining !== undefined && limits.dayRemaining !== null)
    rules.push(atMost(limits.dayRemaining, 'ABOVE_DAY_LIMIT'));
  return checkAmount(text, rules);
}

/** A deposit or an exchange input: the text, zero, then the wallet balance (null: not read yet, never ok). */
export function checkSpendAmount(text: string, balance: bigint | null): AmountCheck<SpendAmountProblem> {
  return checkAmount(text, [atMost(balance ?? -1n, 'INSUFFICIENT_BALANCE')]);
}
