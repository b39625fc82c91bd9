import { ponder } from 'ponder:registry';
import { indexedHead } from 'ponder:schema';

/** Every block: the latest indexed block, its time and hash (the vouchers' expiry clock, the ledger's "as of"). */
ponder.on('IndexedHead:block', async ({ event, context }) => {
  const row = { blockNumber: event.block.number, timestamp: event.block.timestamp, hash: event.block.hash };
  await context.db
    .insert(indexedHead)
    .values({ id: 'head', ...row })
    .onConflictDoUpdate(row);
});
