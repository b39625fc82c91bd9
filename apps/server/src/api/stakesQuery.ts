import { STAKE_POOLS, type StakeOrderJson, type StakePool } from "@eterno/protocol/indexerApi";
import type { Address } from "viem";
import type { stakeOrder } from "../../ponder.schema.ts";
import { ApiError } from "../auth/errors.ts";
import { known, parseAccount, parseLimit } from "./page.ts";

export type StakesQuery = { account: Address; pool: StakePool; limit: number; before: bigint | undefined };

/**
 * Validates `GET /stakes?account=0x…&pool=ETRO|EULP&limit=&before=`; `before` is an order id
 * (orders with a smaller id). A missing or unknown pool → BAD_REQUEST.
 */
export function parseStakesQuery(query: { account?: string; pool?: string; limit?: string; before?: string }): StakesQuery {
  const account = parseAccount(query.account);
  const pool = STAKE_POOLS.find((p) => p === query.pool);
  if (pool === undefined) throw new ApiError("BAD_REQUEST");
  let before: bigint | undefined;
  if (query.before !== undefined) {
    if (!/^\d{1,78}$/.test(query.before)) throw new ApiError("BAD_REQUEST");
    before = BigInt(query.before);
  }
  return { account, pool, limit: parseLimit(query.limit), before };
}

export function stakeOrderJson(row: typeof stakeOrder.$inferSelect): StakeOrderJson {
  return {
    pool: known(STAKE_POOLS, row.pool, "stake_order.pool"),
    orderId: row.orderId.toString(),
    owner: row.owner,
    amount: row.amount.toString(),
    lockDays: row.lockDays,
    rateBps: row.rateBps,
    reward: row.reward.toString(),
    stakingTime: row.stakingTime.toString(),
    lockTime: row.lockTime,
    unstaked: row.unstaked,
    paidReward: row.paidReward === null ? null : row.paidReward.toString(),
    early: row.early,
    enteredTx: row.enteredTx,
    leftTime: row.leftTime === null ? null : row.leftTime.toString(),
    leftTx: row.leftTx,
  };
}
