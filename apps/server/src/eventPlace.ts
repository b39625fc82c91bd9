import type { Hex } from 'viem';

/** Where any of the indexed contract events sits (block events have no log nor transaction). */
type PlacedEvent = {
  log: { logIndex: number };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: Hex };
};

/** The columns every event row has: where the event sits on chain. */
export function eventPlace(event: PlacedEvent) {
  return {
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
  };
}
