import type { Address, Hash } from 'viem';
import type { Withdrawal } from '../../api/vault.ts';
import type { TxOutcome } from '../../tx/useTransaction.ts';

/**
 * What the asset detail says about the user's latest voucher of a token:
 * - `open`: signed, not sent from this page (or its transaction failed): send it, or cancel it;
 * - `sending`: this page is sending it right now (the wallet is open or the transaction is on its
 *   way): neither Send nor Cancel is offered;
 * - `pending`: this page's withdraw transaction was mined, the indexer has not recorded it yet;
 * - `settled`: its `Withdrawn` is indexed (the transaction is linked);
 * - `expired`: its deadline passed unused: the amount is back in the ledger ("timeout return");
 * - `cancelled`: released without a transaction (e.g. the wallet refused).
 */
export type VoucherStatus =
  | { readonly kind: 'open'; readonly voucher: Withdrawal }
  | { readonly kind: 'sending'; readonly voucher: Withdrawal }
  | { readonly kind: 'pending'; readonly voucher: Withdrawal; readonly hash: Hash }
  | { readonly kind: 'settled'; readonly voucher: Withdrawal; readonly hash: Hash }
  | { readonly kind: 'expired'; readonly voucher: Withdrawal }
  | { readonly kind: 'cancelled'; readonly voucher: Withdrawal };

/** The newest voucher of `token` in a newest-first list, or null. */
export function latestVoucher(withdrawals: readonly Withdrawal[], token: Address): Withdrawal | null {
  const lower = token.toLowerCase();
  return withdrawals.find((w) => w.token.toLowerCase() === lower) ?? null;
}

/**
 * The status of `voucher` as the API states it, with `sent` the hash of a withdraw transaction this
 * page saw mined for that voucher: the API stays the judge (settled, expired, cancelled); a still
 * `signed` voucher whose transaction was mined is pending, not open; one while this page is
 * withdrawing (`sending`: asking for it, in the wallet, waiting for its receipt) is sending.
 */
export function voucherStatus(
  voucher: Withdrawal,
  sent: { id: string; hash: Hash } | null,
  sending = false,
): VoucherStatus {
  switch (voucher.state) {
    case 'settled':
      if (voucher.settledTx === null) throw new Error('a settled voucher has its transaction');
      return { kind: 'settled', voucher, hash: voucher.settledTx };
    case 'expired':
      return { kind: 'expired', voucher };
    case 'cancelled':
      return { kind: 'cancelled', voucher };
    case 'signed':
      if (sent !== null && sent.id === voucher.id) return { kind: 'pending', voucher, hash: sent.hash };
      return sending ? { kind: 'sending', voucher } : { kind: 'open', voucher };
  }
}

/** Whether the asset detail should look for news of the voucher often (it is waiting for the indexer or its expiry). */
export function voucherIsOpen(voucher: Withdrawal | null): boolean {
  return voucher?.state === 'signed';
}

export type WithdrawResult =
  /** The server refused the voucher (INSUFFICIENT_BALANCE, VOUCHER_OPEN, caps, pause…): nothing was signed or sent. */
  | { readonly kind: 'refused'; readonly error: unknown }
  /** The withdrawal was mined; the API settles the voucher once the indexer has it. */
  | { readonly kind: 'sent'; readonly voucher: Withdrawal }
  /** The wallet refused: the voucher was cancelled, its reservation released. */
  | { readonly kind: 'cancelled'; readonly voucher: Withdrawal }
  /** Sending failed or the cancel did not go through: the voucher stays open (send it again, cancel it, or it expires). */
  | { readonly kind: 'open'; readonly voucher: Withdrawal; readonly error?: unknown };

export type WithdrawDeps = {
  /** POST /vault/withdrawals. */
  readonly request: (args: { token: Address; amount: bigint }) => Promise<Withdrawal>;
  /** Runs the withdraw transaction with the voucher (simulate → wallet → receipt). */
  readonly send: (voucher: Withdrawal) => Promise<TxOutcome>;
  /** POST /vault/withdrawals/:id/cancel. */
  readonly cancel: (id: string) => Promise<unknown>;
};

/**
 * Withdraw: ask the server for a voucher (it reserves the amount), send it through the wallet; a
 * refusal in the wallet cancels the voucher so the reservation is released at once (safe: a later
 * voucher reuses the same nonce, so at most one of them can ever pay).
 */
export async function runWithdraw(
  deps: WithdrawDeps,
  args: { token: Address; amount: bigint },
): Promise<WithdrawResult> {
  let voucher: Withdrawal;
  try {
    voucher = await deps.request(args);
  } catch (error) {
    return { kind: 'refused', error };
  }
  return sendVoucher(deps, voucher);
}

/** Sends an open voucher (again); a wallet refusal cancels it. */
export async function sendVoucher(
  deps: Pick<WithdrawDeps, 'send' | 'cancel'>,
  voucher: Withdrawal,
): Promise<WithdrawResult> {
  const outcome = await deps.send(voucher);
  if (outcome === 'confirmed') return { kind: 'sent', voucher };
  if (outcome === 'failed') return { kind: 'open', voucher };
  try {
    await deps.cancel(voucher.id);
    return { kind: 'cancelled', voucher };
  } catch (error) {
    return { kind: 'open', voucher, error };
  }
}
