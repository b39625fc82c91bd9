import type { Address } from 'viem';
import { InsufficientBalanceError, type TxStep } from '@eterno/protocol/tx/steps';
import type { PurchaseAuthorisation } from '../../api/finance.ts';
import type { TxOutcome } from '../../tx/useTransaction.ts';

/** The wallet's USDT as the screen read it, at the latest block. */
export type PurchaseWallet = {
  readonly balance: bigint;
  readonly allowance: bigint;
  /** The latest block's time: an authorisation past its deadline is not sent. */
  readonly timestamp: bigint;
};

export type PurchasePlan = (args: {
  contracts: { EternoVault: Address; USDT: Address };
  authorisation: PurchaseAuthorisation;
  balance: bigint;
  allowance: bigint;
  now: bigint;
}) => TxStep[];

export type PurchaseOutcome =
  /** Nothing was sent: the wallet cannot pay, or the server refused (NOT_REGISTERED, CYCLES_USED_UP, …). */
  | { readonly kind: 'refused'; readonly error: unknown }
  | { readonly kind: 'sent'; readonly outcome: TxOutcome; readonly authorisation: PurchaseAuthorisation };

/**
 * One purchase (a package or a fixed-term deposit), in the order that spends nothing on a refusal:
 * the wallet must hold the amount (else INSUFFICIENT_BALANCE, nothing asked), then the server's
 * authorisation (its refusals end the flow with nothing sent), then the plan's steps
 * (`planBuy`/`planRegularBuy`: approve exactly the amount if the allowance is short →
 * `diveInWithToken`, gas 1,000,000) run as "Step n of m".
 */
export async function runPurchase(deps: {
  amount: bigint;
  wallet: PurchaseWallet;
  contracts: { EternoVault: Address; USDT: Address };
  request: () => Promise<PurchaseAuthorisation>;
  plan: PurchasePlan;
  run: (plan: () => readonly TxStep[]) => Promise<TxOutcome>;
}): Promise<PurchaseOutcome> {
  const { wallet } = deps;
  if (wallet.balance < deps.amount) {
    return {
      kind: 'refused',
      error: new InsufficientBalanceError({ symbol: 'USDT', amount: deps.amount, balance: wallet.balance }),
    };
  }
  let authorisation: PurchaseAuthorisation;
  try {
    authorisation = await deps.request();
  } catch (error) {
    return { kind: 'refused', error };
  }
  const outcome = await deps.run(() =>
    deps.plan({
      contracts: deps.contracts,
      authorisation,
      balance: wallet.balance,
      allowance: wallet.allowance,
      now: wallet.timestamp,
    }),
  );
  return { kind: 'sent', outcome, authorisation };
}
