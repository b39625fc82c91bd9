import { ponder } from "ponder:registry";
import { farmEvent } from "ponder:schema";
import type { FarmEventKind } from "@eterno/protocol/indexerApi";
import type { Address, Hash } from "viem";
import type { Context } from "ponder:registry";
import { eventPlace } from "./eventPlace.ts";

type FarmLog = {
  id: string;
  args: { user: Address; pid: bigint; amount: bigint };
  log: { logIndex: number };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: Hash };
};

/** Upserts the `farm_event` row of one farm event, keyed by the event id. */
async function record(db: Context["db"], kind: FarmEventKind, event: FarmLog): Promise<void> {
  const { user, pid, amount } = event.args;
  const row = { kind, user, pid, amount, ...eventPlace(event) };
  await db.insert(farmEvent).values({ id: event.id, ...row }).onConflictDoUpdate(row);
}

ponder.on("EternoFarm:Deposit", ({ event, context }) => record(context.db, "deposit", event));
ponder.on("EternoFarm:Withdraw", ({ event, context }) => record(context.db, "withdraw", event));
ponder.on("EternoFarm:Harvest", ({ event, context }) => record(context.db, "harvest", event));
ponder.on("EternoFarm:EmergencyWithdraw", ({ event, context }) => record(context.db, "emergencyWithdraw", event));
