import { ponder } from 'ponder:registry';
import { trade } from 'ponder:schema';
import { eventPlace } from './eventPlace.ts';

/** One `trade` row per EtroSwap `Trade` event, upserted by the event id. */
ponder.on('EtroSwap:Trade', async ({ event, context }) => {
  const { trader, isBuy, amountIn, amountOut, fee } = event.args;
  const row = { trader, isBuy, amountIn, amountOut, fee, ...eventPlace(event) };
  await context.db
    .insert(trade)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
});
