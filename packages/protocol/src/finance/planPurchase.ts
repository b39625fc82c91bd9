import { GAS_LIMIT } from '../chain.ts';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { planWrite, type TxAction, type TxStep } from '../tx/steps.ts';
import type { DepositAuthorisation } from '../vault/planDeposit.ts';
import { customKind, type CustomKind } from './rules.ts';

/**
 * A signed purchase authorisation, parsed from the server's answer (`PurchaseAuthorisationJson`):
 * a `diveInWithToken` authorisation whose `custom` names the package or regular product and whose
 * `custom1` is the registration type code (0 for a regular order).
 */
export type PurchaseAuthorisation = DepositAuthorisation;

/** The authorisation's deadline has passed (by the chain's clock): the vault would revert; nothing is sent. */
export class PurchaseExpiredError extends EternoError<'PURCHASE_EXPIRED'> {
  constructor(readonly deadline: bigint) {
    super('PURCHASE_EXPIRED');
  }
}

/** What both purchase plans take: the screen's reads of the user's USDT and the latest block's time. */
export type PurchasePlanArgs = {
  contracts: Pick<DeployedContracts, 'EternoVault' | 'USDT'>;
  authorisation: PurchaseAuthorisation;
  /** The user's USDT balance and allowance to the vault, as the screen read them. */
  balance: bigint;
  allowance: bigint;
  /** The latest block's timestamp. */
  now: bigint;
};

/**
 * A purchase: `[approve USDT?, diveInWithToken(custom, custom1, USDT, amount, deadline, r, s, v)]`
 * with the spec's gas limit (§9: 1,000,000), the approval for exactly `amount` and only when the
 * allowance is below it. Throws `PurchaseExpiredError` past the deadline, `InsufficientBalanceError`
 * when the balance is below the amount, and `RangeError` for an authorisation that is not a USDT
 * purchase of `kind` (a server answer the screen must not send).
 */
export function planPurchase(kind: Exclude<CustomKind, 'topup'>, action: TxAction, args: PurchasePlanArgs): TxStep[] {
  const { authorisation: a, contracts } = args;
  if (customKind(a.custom) !== kind) throw new RangeError(`custom ${a.custom} does not name a ${kind} purchase`);
  if (a.token.toLowerCase() !== contracts.USDT.toLowerCase())
    throw new RangeError(`a ${kind} purchase is paid in USDT, not ${a.token}`);
  if (args.now > a.deadline) throw new PurchaseExpiredError(a.deadline);
  return planWrite({
    action,
    call: {
      address: contracts.EternoVault,
      abi: eternoVaultAbi,
      functionName: 'diveInWithToken',
      args: [a.custom, a.custom1, a.token, a.amount, a.deadline, a.signature.r, a.signature.s, a.signature.v],
    },
    spend: {
      token: a.token,
      symbol: 'USDT',
      spender: contracts.EternoVault,
      amount: a.amount,
      balance: args.balance,
      allowance: args.allowance,
    },
    gasLimit: GAS_LIMIT,
  });
}
