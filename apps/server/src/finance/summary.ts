/**
 * `GET /finance/summary`: the package figures of Mine (ECONOMY §4) over the user's current orders
 * (waiting and in progress): units, payments (current value), Σ reward limits, what they gained
 * (static and dynamic incomes: finance/orderGains.ts `gainsOf`) and
 * what is left of their limits (rewardLimit = rewardGained + rewardRemaining), and the cycles left
 * summed over the packages in force.
 */
import type { FinanceSummaryJson } from '@eterno/protocol/financeApi';
import type { Address } from 'viem';
import { financeNow } from './catalogue.ts';
import type { FinanceContext } from './context.ts';
import { settingsAt } from './settings.ts';

export async function readSummary(ctx: FinanceContext, user: Address): Promise<FinanceSummaryJson> {
  const me = user.toLowerCase() as Address;
  const [time, current, counts] = await Promise.all([
    financeNow(ctx),
    ctx.view.currentOrdersOf(me),
    ctx.view.packageOrderCounts(me),
  ]);
  const sum = (f: (o: (typeof current)[number]) => bigint) => current.reduce((s, o) => s + f(o), 0n);
  const limit = sum((o) => o.rewardLimit);
  const gained = sum((o) => o.gained);
  const version = settingsAt(ctx.settings, time);
  return {
    units: current.reduce((s, o) => s + o.units, 0),
    currentValue: sum((o) => o.payment).toString(),
    rewardLimit: limit.toString(),
    rewardGained: gained.toString(),
    rewardRemaining: (limit - gained).toString(),
    cyclesRemaining: version.packages.reduce((s, p) => s + Math.max(0, p.cyclesMax - (counts.get(p.id) ?? 0)), 0),
  };
}
