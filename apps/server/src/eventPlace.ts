import type { Event } from 'ponder:registry';

/** Where any of the indexed contract events sits. */
type PlacedEvent = Pick<Event, 'log' | 'block' | 'transaction'>;

/** The columns every event row has: where the event sits on chain. */
export function eventPlace(event: PlacedEvent) {
  return {
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
  };
}
