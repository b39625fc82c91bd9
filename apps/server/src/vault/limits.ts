/**
 * `GET /vault/limits`: what the caps and budgets leave the user today, per vault token — the vault's
 * per-transaction cap, its day cap (net outflow) and the user's own day cap read on chain, and as an
 * exchange's output the server's per-user exchange cap, the day's exchange budget and the vault's exchange
 * budget less the unexpired quotes (docs/decisions/vouchers.md, "Day caps"). The withdrawal and exchange
 * sheets show them before anything is asked.
 */
import type { VaultLimitsJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import type { VaultContext } from './context.ts';

const DAY = 86_400n;
const left = (cap: bigint, used: bigint): bigint => (cap > used ? cap - used : 0n);

export async function readLimits(ctx: VaultContext, user: Address): Promise<VaultLimitsJson> {
  const me = user.toLowerCase() as Address;
  const addresses = ctx.tokens.map((t) => t.address);
  const [chain, reserve] = await Promise.all([ctx.chain.read(me, 'Withdraw', addresses), ctx.reserve()]);
  const dayStart = reserve.head.timestamp - (reserve.head.timestamp % DAY);
  const perToken = await Promise.all(
    ctx.tokens.map(async ({ address }) => {
      const [mine, all] = await Promise.all([
        ctx.ledger.exchangedOutSince(me, address, dayStart),
        ctx.ledger.vaultExchangedOutSince(address, dayStart),
      ]);
      return { mine, all };
    }),
  );
  return {
    tokens: ctx.tokens.map(({ symbol, address }, i) => {
      const c = chain.tokens[i]!;
      const quotes = reserve.tokens[i]!.unexpiredQuotes;
      const { mine, all } = perToken[i]!;
      return {
        token: address,
        symbol,
        perTxCap: c.perTxCap.toString(),
        vaultDayCap: c.perDayCap.toString(),
        vaultRemainingToday: left(c.perDayCap, c.paidToday).toString(),
        userDayCap: c.perUserDayCap.toString(),
        userRemainingToday: left(c.perUserDayCap, c.userPaidToday).toString(),
        exchangeUserDayCap: ctx.settings.exchangeUserDayCap.toString(),
        exchangeUserRemainingToday: left(ctx.settings.exchangeUserDayCap, mine).toString(),
        exchangeDayBudget: ctx.settings.exchangeDayBudget.toString(),
        exchangeDayRemaining: left(ctx.settings.exchangeDayBudget, all + quotes).toString(),
        exchangeBudgetRemaining: left(c.exchangeBudget, quotes).toString(),
      };
    }),
    blockNumber: reserve.head.blockNumber.toString(),
  };
}
