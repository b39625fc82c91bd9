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
  | 'liquidity.add'
  | 'liquidity.remove'
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
 * The steps of one write: `[approve?, call]`, or `[approve?, approve?, call]` with two `spends` (adding
 * liquidity spends both tokens of a pair). Throws `InsufficientBalanceError` when a spend is above its
 * balance, and `RangeError` for a non-positive spend (a screen validates amounts first). Each approval
 * is for exactly its spend's amount and only when the allowance is below it.
 */
export function planWrite(args: {
  action: TxAction;
  call: ContractCall;
  spend?: Spend;
  spends?: readonly Spend[];
  gasLimit?: bigint;
}): TxStep[] {
  if (args.spend && args.spends) throw new RangeError('planWrite: give spend or spends, not both');
  const spends = args.spends ?? (args.spend ? [args.spend] : []);
  const call: CallStep = {
    kind: 'call',
    action: args.action,
    call: args.call,
    ...(args.gasLimit !== undefined ? { gasLimit: args.gasLimit } : {}),
  };
  for (const spend of spends) {
    if (spend.amount <= 0n) throw new RangeError('planWrite: the spend must be positive');
    if (spend.balance < spend.amount) throw new InsufficientBalanceError(spend);
  }
  const approvals: ApproveStep[] = spends
    .filter((spend) => spend.allowance < spend.amount)
    .map((spend) => ({
      kind: 'approve',
      token: spend.token,
      symbol: spend.symbol,
      spender: spend.spender,
      amount: spend.amount,
    }));
  return [...approvals, call];
}
