import type { Hash } from "viem";

type PlacedEvent = {
  log: { logIndex: number };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: Hash };
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
