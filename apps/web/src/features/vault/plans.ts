/**
 * The vault's write steps for the screens, from what the server signed and what the screen read.
 * TEMPORARY home until `@eterno/protocol/vault` has the plans (i8-contracts); then this re-exports them.
 */
import type { Address } from 'viem';
import { eternoVaultAbi } from '@eterno/protocol/generated/abis';
import { planWrite, type TxStep } from '@eterno/protocol/tx/steps';
import type { DepositAuthorisation, ExchangeQuote, Withdrawal } from '../../api/vault.ts';

export function planWithdraw(vault: Address, voucher: Withdrawal): TxStep[] {
  if (!voucher.signature) throw new Error('the voucher has no signature');
  const { r, s, v } = voucher.signature;
  return planWrite({
    action: 'vault.withdraw',
    call: {
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'withdraw',
      args: [voucher.token, voucher.amount, voucher.deadline, r, s, v],
    },
  });
}

export function planDeposit(
  vault: Address,
  auth: DepositAuthorisation,
  wallet: { symbol: string; balance: bigint; allowance: bigint },
): TxStep[] {
  const { r, s, v } = auth.signature;
  return planWrite({
    action: 'vault.deposit',
    call: {
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'diveInWithToken',
      args: [auth.custom, auth.custom1, auth.token, auth.amount, auth.deadline, r, s, v],
    },
    spend: { token: auth.token, spender: vault, amount: auth.amount, ...wallet },
  });
}

export function planExchange(
  vault: Address,
  quote: ExchangeQuote,
  wallet: { symbol: string; balance: bigint; allowance: bigint },
): TxStep[] {
  const { r, s, v } = quote.signature;
  return planWrite({
    action: 'vault.exchange',
    call: {
      address: vault,
      abi: eternoVaultAbi,
      functionName: 'pureTransfer',
      args: [quote.amountIn, quote.amountOut, quote.tokenIn, quote.tokenOut, quote.deadline, r, s, v],
    },
    spend: { token: quote.tokenIn, spender: vault, amount: quote.amountIn, ...wallet },
  });
}
