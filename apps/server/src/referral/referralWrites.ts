/**
 * The indexer's referral writes, set-based through the indexing transaction's Drizzle
 * (`context.db.sql`), like the finance settlement (docs/decisions/finance.md): Ponder's reorg
 * triggers record every row these statements change, so a reorg rolls them back with the block.
 *
 * - `recordRegistration`: the account row (its chain fields from its parent, ./layout.ts
 *   `seatOf`), the parent's seat, the inviter tree's first 10 levels, and one member added up the
 *   new account's turns.
 * - `recordTeamVolume`: a package payment added to the buyer's own volume, to its inviter's direct
 *   volume (one row: the "recommend volume") and, up the buyer's turns, to the side chains' Fenwick
 *   rows (total and the payment's UTC day).
 * - `recordServiceLevel`.
 * Rules: docs/decisions/referral.md ("Team figures and indexing").
 */
import { dayStartOf } from '@eterno/protocol/finance/rules';
import { sql } from 'ponder';
import type { Address, Hex } from 'viem';
import { referralAccount, referralLeg, referralLegDay, referralUpline } from '../../ponder.schema.ts';
import { legUpdateKeys, seatOf, type LegStep, type PlacedAccount, type Side } from './layout.ts';
import { int, low, readSteps, rows, sideOf, type ReferralSql, type Row } from './referralSql.ts';

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** Adds `volume` (to the total and to `day`'s rows when given) and `members` up `steps`. */
async function addUp(
  db: ReferralSql,
  wallet: Address,
  steps: readonly LegStep[],
  change: { volume: bigint; members: number; day: bigint | null },
): Promise<void> {
  const keys = legUpdateKeys(steps);
  const v = sql`${change.volume.toString()}::numeric`;
  await db.execute(sql`
    WITH k AS (
      SELECT * FROM json_to_recordset(${json(keys)}) AS k(head integer, side integer, idx integer)
    ), leg AS (
      INSERT INTO ${referralLeg} AS l (head, side, idx, volume, members)
      SELECT k.head, k.side, k.idx, ${v}, ${change.members}::integer FROM k
      ON CONFLICT (head, side, idx) DO UPDATE SET volume = l.volume + excluded.volume, members = l.members + excluded.members
    ), today AS (
      INSERT INTO ${referralLegDay} AS d (head, side, day, idx, volume)
      SELECT k.head, k.side, ${change.day === null ? null : change.day.toString()}::numeric, k.idx, ${v} FROM k
      WHERE ${change.day !== null}::boolean
      ON CONFLICT (head, side, day, idx) DO UPDATE SET volume = d.volume + excluded.volume
    ), own AS (
      UPDATE ${referralAccount} SET own_volume = own_volume + ${v} WHERE wallet = ${low(wallet)} RETURNING inviter
    )
    UPDATE ${referralAccount} SET direct_volume = direct_volume + ${v}
    WHERE ${change.volume !== 0n}::boolean AND wallet = (SELECT inviter FROM own)`);
}

export type Registration = {
  user: Address;
  id: number;
  /** null for a genesis account (and then `parent` and `side` are null too). */
  inviter: Address | null;
  parent: Address | null;
  side: Side | null;
  automatic: boolean;
  place: { blockNumber: bigint; timestamp: bigint; txHash: Hex };
};

function placed(r: Row): PlacedAccount {
  return {
    id: int(r.id),
    parentId: r.parent_id === null ? null : int(r.parent_id),
    side: r.side === null ? null : sideOf(r.side),
    headLeft: int(r.head_left),
    posLeft: int(r.pos_left),
    headRight: int(r.head_right),
    posRight: int(r.pos_right),
    depth: int(r.depth),
  };
}

export async function recordRegistration(db: ReferralSql, reg: Registration): Promise<void> {
  const wanted = [reg.parent, reg.inviter].filter((a): a is Address => a !== null).map(low);
  const found =
    wanted.length === 0
      ? []
      : await rows(
          db,
          sql`SELECT wallet, id, parent_id, side, head_left, pos_left, head_right, pos_right, depth
              FROM ${referralAccount} WHERE wallet IN (${sql.join(
                wanted.map((w) => sql`${w}`),
                sql`, `,
              )})`,
        );
  const byWallet = new Map(found.map((r) => [String(r.wallet), placed(r)]));
  const parent = reg.parent === null ? null : (byWallet.get(low(reg.parent)) ?? null);
  const inviter = reg.inviter === null ? null : (byWallet.get(low(reg.inviter)) ?? null);
  if ((reg.parent !== null && parent === null) || (reg.inviter !== null && inviter === null))
    throw new Error(`referral: ${reg.user} registered under an account the indexer does not have`);
  const seat = seatOf(reg.id, parent, reg.side);
  const user = low(reg.user);
  const { blockNumber, timestamp, txHash } = reg.place;
  await db.execute(sql`
    WITH acc AS (
      INSERT INTO ${referralAccount} (wallet, id, inviter, inviter_id, parent, parent_id, side, automatic, is_original,
        service_level, head_left, pos_left, head_right, pos_right, depth, "left", "right", own_volume,
        direct_volume, registered_block, registered_at, tx_hash)
      VALUES (${user}, ${reg.id}, ${reg.inviter === null ? null : low(reg.inviter)}, ${inviter?.id ?? null},
        ${reg.parent === null ? null : low(reg.parent)}, ${parent?.id ?? null}, ${reg.side}, ${reg.automatic},
        ${reg.inviter === null}, 0, ${seat.headLeft}, ${seat.posLeft}, ${seat.headRight}, ${seat.posRight},
        ${seat.depth}, NULL, NULL, 0, 0, ${blockNumber.toString()}::numeric, ${timestamp.toString()}::numeric, ${txHash})
    ), seat AS (
      UPDATE ${referralAccount} SET "left" = CASE WHEN ${reg.side}::integer = 0 THEN ${user} ELSE "left" END,
        "right" = CASE WHEN ${reg.side}::integer = 1 THEN ${user} ELSE "right" END
      WHERE wallet = ${reg.parent === null ? null : low(reg.parent)}::text
    ), direct AS (
      INSERT INTO ${referralUpline} (descendant, level, ancestor, descendant_id)
      SELECT ${user}::text, 1, ${reg.inviter === null ? null : low(reg.inviter)}::text, ${reg.id}::integer
      WHERE ${reg.inviter !== null}::boolean
    )
    INSERT INTO ${referralUpline} (descendant, level, ancestor, descendant_id)
    SELECT ${user}::text, u.level + 1, u.ancestor, ${reg.id}::integer FROM ${referralUpline} AS u
    WHERE u.descendant = ${reg.inviter === null ? null : low(reg.inviter)}::text AND u.level < 10`);
  if (parent === null) return;
  // The new row is visible to the rest of the transaction: climb from it.
  await addUp(db, user, await readSteps(db, user), { volume: 0n, members: 1, day: null });
}

/** A package payment of `amount` by `buyer` at `timestamp`: nothing when the buyer is not registered. */
export async function recordTeamVolume(
  db: ReferralSql,
  buyer: Address,
  amount: bigint,
  timestamp: bigint,
): Promise<void> {
  const steps = await readSteps(db, buyer);
  await addUp(db, buyer, steps, { volume: amount, members: 0, day: dayStartOf(timestamp) });
}

export async function recordServiceLevel(db: ReferralSql, user: Address, level: number): Promise<void> {
  await db.execute(sql`UPDATE ${referralAccount} SET service_level = ${level} WHERE wallet = ${low(user)}`);
}
