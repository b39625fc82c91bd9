/**
 * `GET /finance/rounds`: the last settled allotment round (null before the first) and the next one
 * as a projection: the quota in force on its day applied, strict FIFO, to the queue waiting now
 * (`projectAllotment`, the indexer's own rule). Only the queue's head can be allotted — at most
 * quota ÷ the smallest waiting payment + 1 orders — so only that head is read, whatever the
 * queue's length. With a session, each round also carries the user's place in the queue now
 * (their first waiting order's) and their waiting payments.
 */
import type { FinanceRoundJson, FinanceRoundsJson } from '@eterno/protocol/financeApi';
import { nextSettlementAfter, projectAllotment } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import type { FinanceContext } from './context.ts';
import { settingsAt } from './settings.ts';

/** How many orders at the head of the queue the projection must read: any later one cannot fit. */
export function queueHeadSize(quota: bigint, length: number, minPayment: bigint): number {
  if (length === 0 || minPayment <= 0n) return length;
  const fitting = quota / minPayment + 1n;
  return fitting < BigInt(length) ? Number(fitting) : length;
}

export async function readRounds(ctx: FinanceContext, user: Address | null): Promise<FinanceRoundsJson> {
  const me = user?.toLowerCase() as Address | undefined;
  const [head, last, stats, mine] = await Promise.all([
    ctx.vault.ledger.head(),
    ctx.view.lastRound(),
    ctx.view.queueStats(),
    me === undefined ? null : ctx.view.myQueue(me),
  ]);
  const now = head?.timestamp ?? 0n;
  const my = { myPlace: mine?.place ?? null, myWaiting: (mine?.waiting ?? 0n).toString() };
  const settlesAt = nextSettlementAfter(last !== null && last.settlesAt > now ? last.settlesAt : now);
  const quota = settingsAt(ctx.settings, settlesAt).dailyQuota;
  const queueHead = await ctx.view.queueHead(queueHeadSize(quota, stats.length, stats.minPayment));
  const next: FinanceRoundJson = {
    settlesAt: settlesAt.toString(),
    quota: quota.toString(),
    allotted: projectAllotment(queueHead, quota).amount.toString(),
    queueLength: stats.length,
    queueAmount: stats.amount.toString(),
    ...my,
  };
  const current: FinanceRoundJson | null =
    last === null
      ? null
      : {
          settlesAt: last.settlesAt.toString(),
          quota: last.quota.toString(),
          allotted: last.allotted.toString(),
          queueLength: last.queueLength,
          queueAmount: last.queueAmount.toString(),
          ...my,
        };
  return { current, next, now: now.toString() };
}
