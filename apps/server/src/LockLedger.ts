import { ponder } from "ponder:registry";
import { lockClaim, lockEntry } from "ponder:schema";
import { eventPlace } from "./eventPlace.ts";
import { lockSourceOf } from "./sources.ts";

/** One `lock_entry` row per `Credited`, naming its writer's role (swap release or stake revenue). */
ponder.on("LockLedger:Credited", async ({ event, context }) => {
  const { user, writer, index, amount, start, duration } = event.args;
  const source = lockSourceOf(writer, context.contracts.EtroSwap.address, context.contracts.Staking.address);
  const row = { user, writer, source, index, amount, start, duration, ...eventPlace(event) };
  await context.db.insert(lockEntry).values({ id: event.id, ...row }).onConflictDoUpdate(row);
});

/** One `lock_claim` row per `Claimed`. */
ponder.on("LockLedger:Claimed", async ({ event, context }) => {
  const row = { user: event.args.user, amount: event.args.amount, ...eventPlace(event) };
  await context.db.insert(lockClaim).values({ id: event.id, ...row }).onConflictDoUpdate(row);
});
