import type { Context } from "ponder:registry";
import { transfer } from "ponder:schema";
import type { Address, Hash } from "viem";

type TransferEvent = {
  id: string;
  args: { from: Address; to: Address; value: bigint };
  log: { address: Address };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: Hash };
};

/** Upserts the `transfer` row of one ERC-20 `Transfer` event, keyed by the event id. */
export async function recordTransfer(db: Context["db"], event: TransferEvent): Promise<void> {
  const row = {
    token: event.log.address,
    from: event.args.from,
    to: event.args.to,
    value: event.args.value,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  };
  await db.insert(transfer).values({ id: event.id, ...row }).onConflictDoUpdate(row);
}
