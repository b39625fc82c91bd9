import type { Hash } from 'viem';
import type { StakeRecord } from '@eterno/protocol/stake/records';
import type { StakeOrder as IndexedOrder } from '../../api/indexer.ts';

/**
 * A chain record with what the indexer adds from the order's events: the transactions that made
 * and ended it, and — for an order that has left — whether it left early and the reward it was
 * paid (the chain state alone cannot tell once the lock has passed: `StakeRecord.revenue` is null).
 */
export type RecordRow = StakeRecord & {
  enteredTx: Hash | null;
  leftTx: Hash | null;
  /** From the `Unstaked` event; null while staked or not indexed yet. */
  leftEarly: boolean | null;
};

/** Joins the chain records with the indexer's orders by id; the chain's figures always win. */
export function recordRows(records: readonly StakeRecord[], indexed: IndexedOrders | undefined): RecordRow[] {
  const byId = new Map((indexed?.orders ?? []).map((order) => [order.orderId, order]));
  return records.map((record) => {
    const order = byId.get(record.id);
    const left = record.status === 'left' && order?.unstaked === true;
    return {
      ...record,
      revenue: record.revenue ?? (left ? order.paidReward : null),
      enteredTx: order?.enteredTx ?? null,
      leftTx: left ? order.leftTx : null,
      leftEarly: left ? order.early : null,
    };
  });
}

/** The indexer's newest orders of the account in one pool; `complete` when there are no older ones. */
export type IndexedOrders = { orders: readonly IndexedOrder[]; complete: boolean };

/**
 * Whether the indexer has not caught up with the chain's records yet: an order it does not have,
 * or a leave it has not seen. Orders older than an incomplete page are not expected in it.
 */
export function indexerBehind(records: readonly StakeRecord[], indexed: IndexedOrders | undefined): boolean {
  if (indexed === undefined) return false;
  const byId = new Map(indexed.orders.map((order) => [order.orderId, order]));
  const oldest = indexed.orders.reduce<bigint | null>(
    (min, order) => (min === null || order.orderId < min ? order.orderId : min),
    null,
  );
  return records.some((record) => {
    if (!indexed.complete && oldest !== null && record.id < oldest) return false;
    const order = byId.get(record.id);
    return order === undefined || (record.status === 'left' && !order.unstaked);
  });
}
