/**
 * `GET /vault/balances` (the user's ledger per vault token, with what the open voucher holds back)
 * and `GET /vault/config` (what the vault accepts, its caps read on chain, the server's limits).
 */
import type { LedgerBalancesResponseJson, VaultConfigJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VaultContext } from './context.ts';
import { EXCHANGE_PAIRS } from './exchange.ts';
import { judgeVouchers, reservedByToken } from './vouchers.ts';

export async function readBalances(ctx: VaultContext, user: Address): Promise<LedgerBalancesResponseJson> {
  const me = user.toLowerCase() as Address;
  const signed = await ctx.store.signedOf(me);
  const { snapshot, judged } = await judgeVouchers(ctx.ledger, me, signed);
  const { head, balances: rows } = snapshot;
  if (head === null) throw new ApiError('INDEXER_BEHIND');
  const reserved = reservedByToken(judged);
  return {
    balances: ctx.tokens.map(({ symbol, address }) => {
      const row = rows.find((r) => r.token === address);
      const held = reserved.get(address) ?? 0n;
      const released = row?.released ?? 0n;
      const withdrawn = row?.withdrawn ?? 0n;
      const available = released - withdrawn - held;
      return {
        token: address,
        symbol,
        credited: (row?.credited ?? 0n).toString(),
        unreleased: (row?.unreleased ?? 0n).toString(),
        released: released.toString(),
        withdrawn: withdrawn.toString(),
        reserved: held.toString(),
        available: (available > 0n ? available : 0n).toString(),
        contributed: (row?.contributed ?? 0n).toString(),
      };
    }),
    blockNumber: head.blockNumber.toString(),
    blockTime: head.timestamp.toString(),
  };
}

export async function readConfig(ctx: VaultContext): Promise<VaultConfigJson> {
  const chain = await ctx.chain.read(
    null,
    'Withdraw',
    ctx.tokens.map((t) => t.address),
  );
  const addressOf = (symbol: string): Address => ctx.tokens.find((t) => t.symbol === symbol)!.address;
  return {
    chainId: ctx.chainId,
    vault: ctx.vault,
    tokens: ctx.tokens.map((t, i) => ({
      token: t.address,
      symbol: t.symbol,
      perTxCap: chain.tokens[i]!.perTxCap.toString(),
      perDayCap: chain.tokens[i]!.perDayCap.toString(),
    })),
    voucherLifetime: ctx.settings.voucherLifetime,
    quoteLifetime: ctx.settings.quoteLifetime,
    exchange: EXCHANGE_PAIRS.map(([tokenIn, tokenOut, pricing]) => ({
      tokenIn: addressOf(tokenIn),
      tokenOut: addressOf(tokenOut),
      pricing,
      feeBps: ctx.settings.exchangeFeeBps,
      perDayCap: ctx.settings.exchangeUserDayCap.toString(),
    })),
    paused: chain.paused,
  };
}
