import type { Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { VaultSignature } from './typedData.ts';

/** A signed exchange quote, parsed from the server's answer (`ExchangeQuoteJson`). */
export type ExchangeQuote = {
  readonly tokenIn: Address;
  readonly amountIn: bigint;
  readonly tokenOut: Address;
  readonly amountOut: bigint;
  readonly deadline: bigint;
  readonly signature: VaultSignature;
};

/** The quote's deadline has passed (by the chain's clock): ask for a new one; nothing is sent. */
export class QuoteExpiredError extends EternoError<'QUOTE_EXPIRED'> {
  constructor(readonly deadline: bigint) {
    super('QUOTE_EXPIRED');
  }
}

/**
 * Exchanging at a signed quote: `[approve?, pureTransfer(amountIn, amountOut, tokenIn, tokenOut, deadline,
 * r, s, v)]`, the approval for exactly `amountIn` of `tokenIn` to the vault and only when the allowance is
 * below it. `balance`/`allowance` are the user's, of `tokenIn`; `now` the latest block's timestamp.
 * Throws `QuoteExpiredError` past the deadline and `InsufficientBalanceError` when the balance is below
 * `amountIn` (nothing is sent).
 */
export function planExchange(args: {
  contracts: Pick<DeployedContracts, 'EternoVault'>;
  quote: ExchangeQuote;
  symbolIn: string;
  balance: bigint;
  allowance: bigint;
  now: bigint;
}): TxStep[] {
  const { quote: q, contracts } = args;
  if (args.now > q.deadline) throw new QuoteExpiredError(q.deadline);
  return planWrite({
    action: 'vault.exchange',
    call: {
      address: contracts.EternoVault,
      abi: eternoVaultAbi,
      functionName: 'pureTransfer',
      args: [q.amountIn, q.amountOut, q.tokenIn, q.tokenOut, q.deadline, q.signature.r, q.signature.s, q.signature.v],
    },
    spend: {
      token: q.tokenIn,
      symbol: args.symbolIn,
      spender: contracts.EternoVault,
      amount: q.amountIn,
      balance: args.balance,
      allowance: args.allowance,
    },
  });
}
