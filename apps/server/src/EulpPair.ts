import { ponder } from 'ponder:registry';
import { pairSync } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';

/** One `pair_sync` row per `Sync`: the pair's reserves from this event on (the exchange quotes' TWAP). */
ponder.on('EulpPair:Sync', async ({ event, context }) => {
  const { blockNumber, timestamp, logIndex } = eventPlace(event);
  const row = { reserve0: event.args.reserve0, reserve1: event.args.reserve1, blockNumber, timestamp, logIndex };
  await context.db
    .insert(pairSync)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});
