/**
 * `POST /vault/deposits`: a signed `diveInWithToken` authorisation for a plain top-up (custom = 0,
 * custom1 = 0). The nonce is the chain's `nonces(user, DiveIn)`: a deposit pays into the vault, so
 * a stale authorisation is only refused by the contract, never a loss. Nothing is stored.
 *
 * The DiveIn path (the chain's checks and the signature) is shared with the finance purchases
 * (src/finance/purchases.ts), which give `custom` its meaning and store what they sign.
 */
import type { DepositAuthorisationJson } from '@eterno/protocol/vaultApi';
import type { DiveInMessage } from '@eterno/protocol/vault/typedData';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VaultState } from './chain.ts';
import { tokenOf, type VaultContext } from './context.ts';

/** Refuses a DiveIn the vault would refuse: the token not allowed, or the vault paused (read on chain). */
export function checkDiveIn(chain: VaultState): void {
  if (!chain.tokens[0]!.allowed) throw new ApiError('TOKEN_NOT_SUPPORTED');
  if (chain.paused) throw new ApiError('VAULT_PAUSED');
}

/** Signs `message` with the vault's signer and writes it in the wire format of an authorisation. */
export async function signDiveIn(
  ctx: Pick<VaultContext, 'signer'>,
  message: DiveInMessage,
): Promise<DepositAuthorisationJson> {
  const signature = await ctx.signer.signDiveIn(message);
  return {
    user: message.user,
    token: message.token,
    amount: message.amount.toString(),
    custom: message.custom.toString(),
    custom1: message.custom1.toString(),
    nonce: message.nonce.toString(),
    deadline: message.deadline.toString(),
    signature,
  };
}

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
  checkDiveIn(chain);
  const now = ctx.now();
  const base = head !== null && head.timestamp > now ? head.timestamp : now;
  const deadline = base + BigInt(ctx.settings.voucherLifetime);
  return signDiveIn(ctx, {
    user: me,
    custom: 0n,
    custom1: 0n,
    token: token.address,
    amount,
    nonce: chain.nonce,
    deadline,
  });
}
