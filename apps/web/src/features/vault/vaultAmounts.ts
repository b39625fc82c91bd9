import {
  atMost,
  checkAmount,
  type AmountCheck,
  type AmountErrorCodeOrZero,
  type AmountRule,
} from '@eterno/protocol/amountCheck';

export type WithdrawAmountProblem = AmountErrorCodeOrZero | 'INSUFFICIENT_BALANCE' | 'ABOVE_TX_CAP';
export type SpendAmountProblem = AmountErrorCodeOrZero | 'INSUFFICIENT_BALANCE';

/**
 * A withdrawal amount as typed: the text, zero, then the ledger's available balance
 * ('Insufficient balance': nothing is requested) and the vault's per-transaction cap.
 * `available` is null while the ledger is not read yet: the amount is then never ok.
 */
export function checkWithdrawAmount(
  text: string,
  limits: { readonly available: bigint | null; readonly perTxCap: bigint | null },
): AmountCheck<WithdrawAmountProblem> {
  const rules: AmountRule<'INSUFFICIENT_BALANCE' | 'ABOVE_TX_CAP'>[] = [
    atMost(limits.available ?? -1n, 'INSUFFICIENT_BALANCE'),
  ];
  if (limits.perTxCap !== null) rules.push(atMost(limits.perTxCap, 'ABOVE_TX_CAP'));
  return checkAmount(text, rules);
}

/** A deposit or an exchange input: the text, zero, then the wallet balance (null: not read yet, never ok). */
export function checkSpendAmount(text: string, balance: bigint | null): AmountCheck<SpendAmountProblem> {
  return checkAmount(text, [atMost(balance ?? -1n, 'INSUFFICIENT_BALANCE')]);
}
