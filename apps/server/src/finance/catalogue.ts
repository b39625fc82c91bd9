/**
 * `GET /finance/catalogue`: the finance settings in force now (by the later of the server's clock
 * and the latest indexed block's time), each package with its price and reward limit; with a
 * session also the user's cycles left per package and whether the user is registered.
 */
import type { FinanceCatalogueJson } from '@eterno/protocol/financeApi';
import { rewardLimit } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import type { FinanceContext } from './context.ts';
import { packagePrice, settingsAt } from './settings.ts';

/** The later of the server's clock and the indexed head's time: "now" for the settings in force. */
export async function financeNow(ctx: Pick<FinanceContext, 'vault'>): Promise<bigint> {
  const head = await ctx.vault.ledger.head();
  const now = ctx.vault.now();
  return head !== null && head.timestamp > now ? head.timestamp : now;
}

export async function readCatalogue(ctx: FinanceContext, user: Address | null): Promise<FinanceCatalogueJson> {
  const me = user?.toLowerCase() as Address | undefined;
  const [time, counts, registered] = await Promise.all([
    financeNow(ctx),
    me === undefined ? null : ctx.view.packageOrderCounts(me),
    me === undefined ? null : ctx.registration.isRegistered(me),
  ]);
  const version = settingsAt(ctx.settings, time);
  const symbol = (s: string) => ctx.vault.tokens.find((t) => t.symbol === s)!.address;
  return {
    effectiveFrom: version.effectiveFrom.toString(),
    usdt: symbol('USDT'),
    etro: symbol('ETRO'),
    unitPrice: version.unitPrice.toString(),
    packages: version.packages.map((p) => {
      const price = packagePrice(version, p);
      return {
        id: p.id,
        units: p.units,
        price: price.toString(),
        multiple01Bps: p.multiple01Bps,
        multiple02Bps: p.multiple02Bps,
        allocation01Bps: p.allocation01Bps,
        rewardLimit: rewardLimit(price, p).toString(),
        dailyRateBps: p.dailyRateBps,
        cyclesMax: p.cyclesMax,
        cyclesLeft: counts === null ? null : Math.max(0, p.cyclesMax - (counts.get(p.id) ?? 0)),
      };
    }),
    regular: version.regular.map((r) => ({
      id: r.id,
      days: r.days,
      dailyRateBps: r.dailyRateBps,
      minAmount: r.minAmount.toString(),
      maxAmount: r.maxAmount.toString(),
    })),
    dailyQuota: version.dailyQuota.toString(),
    purchaseLifetime: version.purchaseLifetime,
    registered,
  };
}
