/**
 * `POST /vault/deposits`: a signed `diveInWithToken` authorisation for a plain top-up (custom = 0,
 * custom1 = 0; the finance issue gives package ids their meaning). The nonce is the chain's
 * `nonces(user, DiveIn)`: a deposit pays into the vault, so a stale authorisation is only refused
 * by the contract, never a loss. Nothing is stored.
 */
import type { DepositAuthorisationJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import { tokenOf, type VaultContext } from './context.ts';

export async function authoriseDeposit(
  ctx: VaultContext,
  user: Address,
  tokenAddress: Address,
  amount: bigint,
): Promise<DepositAuthorisationJson> {
  const token = tokenOf(ctx, tokenAddress);
  if (token === undefined) throw new ApiError('TOKEN_NOT_SUPPORTED');
  const me = user.toLowerCase() as Address;
  const [{ head }, chain] = await Promise.all([ctx.ledger.snapshot(me), ctx.chain.read(me, 'DiveIn', [token.address])]);
  if (!chain.tokens[0]!.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
  if (chain.paused) throw new ApiError('VAULT_PAUSED');
  const now = ctx.now();
  const base = head !== null && head.timestamp > now ? head.timestamp : now;
  const deadline = base + BigInt(ctx.settings.voucherLifetime);
  const custom = 0n;
  const custom1 = 0n;
  const signature = await ctx.signer.signDiveIn({
    user: me,
    custom,
    custom1,
    token: token.address,
    amount,
    nonce: chain.nonce,
    deadline,
  });
  return {
    user: me,
    token: token.address,
    amount: amount.toString(),
    custom: custom.toString(),
    custom1: custom1.toString(),
    nonce: chain.nonce.toString(),
    deadline: deadline.toString(),
    signature,
  };
}
