import type { Abi, Address } from 'viem';
import { EternoError } from '../errors.ts';

/**
 * A write as a typed list of steps (Uniswap interface style): an optional exact-amount approval,
 * then the action. `planWrite` builds it from what the screen already read (balance, allowance);
 * `executeSteps` (./execute.ts) runs it: simulate → send → wait for the receipt, step by step.
 */

/** What a write does, as shown to the user ("Step 2 of 2: Stake"). A key of the web's `tx` namespace. */
export type TxAction =
  | 'swap.buy'
  | 'swap.sell'
  | 'lock.claim'
  | 'stake.enter'
  | 'stake.leave'
  | 'farm.deposit'
  | 'farm.withdraw'
  | 'farm.harvest'
  | 'vault.deposit'
  | 'vault.withdraw'
  | 'vault.exchange'
  | 'finance.buy'
  | 'finance.regular'
  | 'referral.register'
  | 'market.list'
  | 'market.buy'
  | 'market.cancel'
  | 'nft.buy'
  | 'nft.reveal'
  | 'node.approveNft'
  | 'node.create'
  | 'node.join'
  | 'node.edit'
  | 'node.quit'
  | 'node.announceClose'
  | 'node.cancelClose'
  | 'node.vote'
  | 'node.unvote';

/** One contract call, in viem's `simulateContract`/`writeContract` shape. */
export type ContractCall = {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args: readonly unknown[];
};

export type ApproveStep = {
  readonly kind: 'approve';
  readonly token: Address;
  readonly symbol: string;
  readonly spender: Address;
  /** Exactly what the action spends: never an unlimited approval. */
  readonly amount: bigint;
};

export type CallStep = {
  readonly kind: 'call';
  readonly action: TxAction;
  readonly call: ContractCall;
  /** This call's own gas limit, instead of the chain's (spec §9: a vault withdrawal sends 300,000). */
  readonly gasLimit?: bigint;
};

export type TxStep = ApproveStep | CallStep;

/** What the action spends of the user's tokens, with the figures the screen read for the check. */
export type Spend = {
  readonly token: Address;
  readonly symbol: string;
  readonly spender: Address;
  readonly amount: bigint;
  readonly balance: bigint;
  readonly allowance: bigint;
};

/** The user's balance is below what the write spends: nothing is simulated, signed or sent. */
export class InsufficientBalanceError extends EternoError<'INSUFFICIENT_BALANCE'> {
  readonly symbol: string;
  readonly needed: bigint;
  readonly balance: bigint;

  constructor(spend: Pick<Spend, 'symbol' | 'amount' | 'balance'>) {
    super('INSUFFICIENT_BALANCE');
    this.symbol = spend.symbol;
    this.needed = spend.amount;
    this.balance = spend.balance;
  }
}

/**
 * The steps of one write: `[approve?, call]`. Throws `InsufficientBalanceError` when the spend is
 * above the balance, and `RangeError` for a non-positive spend (a screen validates amounts first).
 * The approval is for exactly `spend.amount` and only when the allowance is below it.
 */
export function planWrite(args: { action: TxAction; call: ContractCall; spend?: Spend; gasLimit?: bigint }): TxStep[] {
  const { spend } = args;
  const call: CallStep = {
    kind: 'call',
    action: args.action,
    call: args.call,
    ...(args.gasLimit !== undefined ? { gasLimit: args.gasLimit } : {}),
  };
  if (!spend) return [call];
  if (spend.amount <= 0n) throw new RangeError('planWrite: the spend must be positive');
  if (spend.balance < spend.amount) throw new InsufficientBalanceError(spend);
  if (spend.allowance >= spend.amount) return [call];
  return [
    { kind: 'approve', token: spend.token, symbol: spend.symbol, spender: spend.spender, amount: spend.amount },
    call,
  ];
}
