import { WITHDRAW_GAS_LIMIT } from '../chain.ts';
import type { DeployedContracts } from '../deployments.ts';
import { EternoError } from '../errors.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { Address } from 'viem';
import type { VaultSignature } from './typedData.ts';

/** A signed withdrawal voucher, parsed from the server's answer (`WithdrawalJson`). */
export type WithdrawVoucher = {
  readonly token: Address;
  readonly amount: bigint;
  readonly deadline: bigint;
  readonly signature: VaultSignature;
};

/** The voucher's deadline has passed (by the chain's clock): the vault would revert `Expired`; nothing is sent. */
export class VoucherExpiredError extends EternoError<'VOUCHER_EXPIRED'> {
  constructor(readonly deadline: bigint) {
    super('VOUCHER_EXPIRED', `The withdrawal voucher expired at ${deadline}`);
  }
}

/**
 * Withdrawing with a voucher: `[withdraw(token, amount, deadline, r, s, v)]` with the spec's withdraw gas
 * limit (§9: 300,000). Nothing is spent, so no approval. `now` is the latest block's timestamp: a voucher
 * past its deadline throws `VoucherExpiredError`, a non-positive amount `RangeError`.
 */
export function planWithdraw(args: {
  contracts: Pick<DeployedContracts, 'EternoVault'>;
  voucher: WithdrawVoucher;
  now: bigint;
}): TxStep[] {
  const { voucher: v } = args;
  if (v.amount <= 0n) throw new RangeError('planWithdraw: the amount must be positive');
  if (args.now > v.deadline) throw new VoucherExpiredError(v.deadline);
  return planWrite({
    action: 'vault.withdraw',
    call: {
      address: args.contracts.EternoVault,
      abi: eternoVaultAbi,
      functionName: 'withdraw',
      args: [v.token, v.amount, v.deadline, v.signature.r, v.signature.s, v.signature.v],
    },
    gasLimit: WITHDRAW_GAS_LIMIT,
  });
}
