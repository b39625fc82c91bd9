import type { Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { eternoVaultAbi } from '../generated/abis.ts';
import { planWrite, type TxStep } from '../tx/steps.ts';
import type { VaultSignature } from './typedData.ts';

/** A signed deposit authorisation, parsed from the server's answer (`DepositAuthorisationJson`). */
export type DepositAuthorisation = {
  readonly token: Address;
  readonly amount: bigint;
  readonly custom: bigint;
  readonly custom1: bigint;
  readonly deadline: bigint;
  readonly signature: VaultSignature;
};

/**
 * Depositing with an authorisation: `[approve?, diveInWithToken(custom, custom1, token, amount, deadline,
 * r, s, v)]`, the approval for exactly `amount` to the vault and only when the allowance is below it.
 * `balance` and `allowance` are the user's, of `token`, as the screen read them. Throws
 * `InsufficientBalanceError` when the balance is below the amount (nothing is sent).
 */
export function planDeposit(args: {
  contracts: Pick<DeployedContracts, 'EternoVault'>;
  authorisation: DepositAuthorisation;
  symbol: string;
  balance: bigint;
  allowance: bigint;
}): TxStep[] {
  const { authorisation: a, contracts } = args;
  return planWrite({
    action: 'vault.deposit',
    call: {
      address: contracts.EternoVault,
      abi: eternoVaultAbi,
      functionName: 'diveInWithToken',
      args: [a.custom, a.custom1, a.token, a.amount, a.deadline, a.signature.r, a.signature.s, a.signature.v],
    },
    spend: {
      token: a.token,
      symbol: args.symbol,
      spender: contracts.EternoVault,
      amount: a.amount,
      balance: args.balance,
      allowance: args.allowance,
    },
  });
}
