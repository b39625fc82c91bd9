/** `GET /stakes?account=&pool=&limit=&before=`: one account's orders in one pool, newest first. */
import { STAKE_POOLS, type StakeOrderJson, type StakePool, type StakesResponseJson } from '@eterno/protocol/indexerApi';
import { Hono } from 'hono';
import { and, desc, eq, lt } from 'ponder';
import { stakeOrder } from '../../../ponder.schema.ts';
import type { Address } from 'viem';
import { ApiError } from '../../http/errors.ts';
import { cutPage, known, parseAccount, parseLimit, type ApiDb } from './page.ts';

export type StakesQuery = { account: Address; pool: StakePool; limit: number; before: bigint | undefined };

/**
 * Validates `GET /stakes?account=0x…&pool=ETRO|EULP&limit=&before=`; `before` is an order id
 * (orders with a smaller id). A missing or unknown pool → BAD_REQUEST.
 */
export function parseStakesQuery(query: {
  account?: string;
  pool?: string;
  limit?: string;
  before?: string;
}): StakesQuery {
  const account = parseAccount(query.account);
  const pool = STAKE_POOLS.find((p) => p === query.pool);
  if (pool === undefined) throw new ApiError('BAD_REQUEST');
  let before: bigint | undefined;
  if (query.before !== undefined) {
    if (!/^\d{1,78}$/.test(query.before)) throw new ApiError('BAD_REQUEST');
    before = BigInt(query.before);
  }
  return { account, pool, limit: parseLimit(query.limit), before };
}

export function stakeOrderJson(row: typeof stakeOrder.$inferSelect): StakeOrderJson {
  return {
    pool: known(STAKE_POOLS, row.pool, 'stake_order.pool'),
    orderId: row.orderId.toString(),
    owner: row.owner,
    amount: row.amount.toString(),
    lockDays: row.lockDays,
    rateBps: row.rateBps,
    reward: row.reward.toString(),
    base: row.base.toString(),
    stakingTime: row.stakingTime.toString(),
    lockTime: row.lockTime,
    unstaked: row.unstaked,
    paidReward: row.paidReward === null ? null : row.paidReward.toString(),
    forfeited: row.forfeited === null ? null : row.forfeited.toString(),
    early: row.early,
    enteredTx: row.enteredTx,
    leftTime: row.leftTime === null ? null : row.leftTime.toString(),
    leftTx: row.leftTx,
  };
}

export function stakesRoute(db: ApiDb): Hono {
  return new Hono().get('/stakes', async (c) => {
    const query = parseStakesQuery(c.req.query());
    const rows = await db
      .select()
      .from(stakeOrder)
      .where(
        and(
          eq(stakeOrder.owner, query.account),
          eq(stakeOrder.pool, query.pool),
          query.before === undefined ? undefined : lt(stakeOrder.orderId, query.before),
        ),
      )
      .orderBy(desc(stakeOrder.orderId))
      .limit(query.limit + 1);
    const page = cutPage(rows, query.limit, (r) => r.orderId.toString());
    return c.json({ stakes: page.items.map(stakeOrderJson), nextBefore: page.nextBefore } satisfies StakesResponseJson);
  });
}
