import type { Context, Event } from 'ponder:registry';
import { transfer } from 'ponder:schema';

/** An ERC-20 `Transfer` of one of the five tokens or of the EULP pair token. */
type TransferEvent = Event<'Token:Transfer' | 'EulpPair:Transfer'>;

/** Upserts the `transfer` row of one ERC-20 `Transfer` event, keyed by the event id. */
export async function recordTransfer(db: Context['db'], event: TransferEvent): Promise<void> {
  const row = {
    token: event.log.address,
    from: event.args.from,
    to: event.args.to,
    value: event.args.value,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  };
  await db
    .insert(transfer)
    .values({ id: event.id, ...row })
    .onConflictDoUpdate(row);
}
