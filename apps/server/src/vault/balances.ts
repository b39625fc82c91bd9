/**
 * `GET /vault/balances` (the user's ledger per vault token, with what the open voucher holds back)
 * and `GET /vault/config` (what the vault accepts, its caps read on chain, the server's limits).
 */
import type { LedgerBalancesResponseJson, VaultConfigJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VaultContext } from './context.ts';
import { EXCHANGE_PAIRS } from './exchange.ts';
import { balanceOf, judgeVouchers } from './vouchers.ts';

export async function readBalances(ctx: VaultContext, user: Address): Promise<LedgerBalancesResponseJson> {
  const me = user.toLowerCase() as Address;
  const rows = await ctx.store.liveOf(me, ctx.finality.watermark());
  const j = await judgeVouchers(ctx, me, rows);
  const { head, balances: ledgerRows } = j.snapshot;
  if (head === null) throw new ApiError('INDEXER_BEHIND');
  return {
    balances: ctx.tokens.map(({ symbol, address }) => {
      const row = ledgerRows.find((r) => r.token === address);
      const { reserved, available } = balanceOf(row, j, address);
      return {
        token: address,
        symbol,
        credited: (row?.credited ?? 0n).toString(),
        unreleased: (row?.unreleased ?? 0n).toString(),
        released: (row?.released ?? 0n).toString(),
        withdrawn: (row?.withdrawn ?? 0n).toString(),
        reserved: reserved.toString(),
        available: available.toString(),
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
      perUserDayCap: chain.tokens[i]!.perUserDayCap.toString(),
    })),
    voucherLifetime: ctx.settings.voucherLifetime,
    quoteLifetime: ctx.settings.quoteLifetime,
    exchange: EXCHANGE_PAIRS.map(([tokenIn, tokenOut, pricing]) => ({
      tokenIn: addressOf(tokenIn),
      tokenOut: addressOf(tokenOut),
      pricing,
      feeBps: ctx.settings.exchangeFeeBps,
      perDayCap: ctx.settings.exchangeUserDayCap.toString(),
      dayBudget: ctx.settings.exchangeDayBudget.toString(),
    })),
    paused: chain.paused,
    withdrawalsPaused: chain.withdrawalsPaused,
    withdrawalsReopenAt: chain.withdrawalsReopenAt.toString(),
  };
}
