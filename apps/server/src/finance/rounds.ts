/**
 * `GET /finance/rounds`: the last settled allotment round (null before the first) and the next
 * one as a projection: the quota in force on its day applied, strict FIFO, to the queue waiting
 * now (`projectAllotment`, the indexer's own rule). With a session, each round also carries the
 * user's place in the queue now (their first waiting order's) and their waiting payments.
 */
import type { FinanceRoundJson, FinanceRoundsJson } from '@eterno/protocol/financeApi';
import { nextSettlementAfter, projectAllotment } from '@eterno/protocol/finance/rules';
import type { Address } from 'viem';
import type { FinanceContext } from './context.ts';
import type { QueueEntry } from './financeView.ts';
import { settingsAt } from './settings.ts';

/** The user's place (1-based, their first waiting order) and waiting payments in `queue` (seq order). */
export function myQueue(
  queue: readonly QueueEntry[],
  me: Address | undefined,
): { myPlace: number | null; myWaiting: string } {
  if (me === undefined) return { myPlace: null, myWaiting: '0' };
  const first = queue.findIndex((q) => q.user === me);
  const waiting = queue.filter((q) => q.user === me).reduce((sum, q) => sum + q.payment, 0n);
  return { myPlace: first === -1 ? null : first + 1, myWaiting: waiting.toString() };
}

export async function readRounds(ctx: FinanceContext, user: Address | null): Promise<FinanceRoundsJson> {
  const me = user?.toLowerCase() as Address | undefined;
  const [head, last, queue] = await Promise.all([
    ctx.vault.ledger.head(),
    ctx.view.lastRound(),
    ctx.view.waitingQueue(),
  ]);
  const now = head?.timestamp ?? 0n;
  const mine = myQueue(queue, me);
  const settlesAt = nextSettlementAfter(last !== null && last.settlesAt > now ? last.settlesAt : now);
  const quota = settingsAt(ctx.settings, settlesAt).dailyQuota;
  const projected = projectAllotment(queue, quota);
  const next: FinanceRoundJson = {
    settlesAt: settlesAt.toString(),
    quota: quota.toString(),
    allotted: projected.amount.toString(),
    queueLength: queue.length,
    queueAmount: queue.reduce((sum, q) => sum + q.payment, 0n).toString(),
    ...mine,
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
          ...mine,
        };
  return { current, next, now: now.toString() };
}
