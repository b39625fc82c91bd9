/**
 * The referral reads over Ponder's tables (ponder.schema.ts: referral_account, referral_upline,
 * referral_leg, referral_leg_day), through Ponder's read-only API database or the PostgreSQL
 * reader's Drizzle. A node's volumes are the Fenwick sums of ./layout.ts (O(log) rows per side);
 * nothing here walks a leg.
 */
import { dayStartOf } from '@eterno/protocol/finance/rules';
import type { ReferralSide, TeamSideJson } from '@eterno/protocol/referralApi';
import { and, count, desc, eq, inArray, lt, or } from 'ponder';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Address, Hex } from 'viem';
import { indexedHead, referralAccount, referralLeg, referralLegDay, referralUpline } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';
import { headOf, volumeKeys, type LegKey, type PlacedAccount, type Side } from './layout.ts';

export type AccountRow = typeof referralAccount.$inferSelect;

const SIDES = [0, 1] as const;

export function placedOf(row: AccountRow): PlacedAccount {
  const side = row.side;
  return {
    id: row.id,
    parentId: row.parentId,
    side: side === 0 || side === 1 ? side : null,
    headLeft: row.headLeft,
    posLeft: row.posLeft,
    headRight: row.headRight,
    posRight: row.posRight,
    depth: row.depth,
  };
}

const childOf = (row: AccountRow, side: Side): Hex | null => (side === 0 ? row.left : row.right) ?? null;

export const sideOf = (row: AccountRow): ReferralSide | null => (row.side === 0 || row.side === 1 ? row.side : null);

export async function accountOf(db: ApiDb, wallet: Address): Promise<AccountRow | null> {
  const [row] = await db.select().from(referralAccount).where(eq(referralAccount.wallet, wallet)).limit(1);
  return row ?? null;
}

export async function accountById(db: ApiDb, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(referralAccount).where(eq(referralAccount.id, id)).limit(1);
  return row ?? null;
}

export async function accountsOf(db: ApiDb, wallets: readonly Hex[]): Promise<AccountRow[]> {
  if (wallets.length === 0) return [];
  return db
    .select()
    .from(referralAccount)
    .where(inArray(referralAccount.wallet, [...wallets]));
}

/** The UTC day (00:00) of the latest indexed block: the day "today" counts. 0 before any block. */
export async function indexedDay(db: ApiDb): Promise<bigint> {
  const [row] = await db
    .select({ t: indexedHead.timestamp })
    .from(indexedHead)
    .where(eq(indexedHead.id, 'head'))
    .limit(1);
  return row === undefined ? 0n : dayStartOf(row.t);
}

const keyText = (k: LegKey): string => `${k.head}:${k.side}:${k.idx}`;

/** One condition per chain: (head, side, idx ∈ …). */
function chainConditions(
  keys: readonly LegKey[],
  cols: { head: PgColumn; side: PgColumn; idx: PgColumn },
): ReturnType<typeof or> {
  const byChain = new Map<string, { head: number; side: Side; idx: number[] }>();
  for (const k of keys) {
    const id = `${k.head}:${k.side}`;
    const chain = byChain.get(id) ?? { head: k.head, side: k.side, idx: [] };
    chain.idx.push(k.idx);
    byChain.set(id, chain);
  }
  return or(
    ...[...byChain.values()].map((c) => and(eq(cols.head, c.head), eq(cols.side, c.side), inArray(cols.idx, c.idx))),
  );
}

/** The end of the chain (head, side): its lowest account, where automatic placement seats. */
async function legEnd(db: ApiDb, head: number, side: Side): Promise<Hex> {
  const [headCol, posCol] =
    side === 0
      ? [referralAccount.headLeft, referralAccount.posLeft]
      : [referralAccount.headRight, referralAccount.posRight];
  const [row] = await db
    .select({ wallet: referralAccount.wallet })
    .from(referralAccount)
    .where(eq(headCol, head))
    .orderBy(desc(posCol))
    .limit(1);
  if (row === undefined) throw new Error(`referral: chain ${head}/${side} has no account`);
  return row.wallet;
}

/** Both sides' figures of each account, in few statements whatever the number of accounts. */
export async function sideFigures(
  db: ApiDb,
  accounts: readonly AccountRow[],
  day: bigint,
): Promise<Map<Hex, Record<Side, TeamSideJson>>> {
  const perNode = accounts.map((row) => {
    const placed = placedOf(row);
    return { row, placed, keys: SIDES.map((s) => volumeKeys(placed, s)) };
  });
  const keys = perNode.flatMap((n) => n.keys.flat());
  const chains = new Map<string, { head: number; side: Side }>();
  // The leg's end is the account itself when its seat is vacant; else the bottom of its chain.
  for (const n of perNode)
    for (const s of SIDES)
      if (childOf(n.row, s) !== null) chains.set(`${headOf(n.placed, s)}:${s}`, { head: headOf(n.placed, s), side: s });
  const [legRows, dayRows, ends] = await Promise.all([
    keys.length === 0
      ? []
      : db
          .select({
            head: referralLeg.head,
            side: referralLeg.side,
            idx: referralLeg.idx,
            volume: referralLeg.volume,
            members: referralLeg.members,
          })
          .from(referralLeg)
          .where(chainConditions(keys, referralLeg)),
    keys.length === 0
      ? []
      : db
          .select({
            head: referralLegDay.head,
            side: referralLegDay.side,
            idx: referralLegDay.idx,
            volume: referralLegDay.volume,
          })
          .from(referralLegDay)
          .where(and(eq(referralLegDay.day, day), chainConditions(keys, referralLegDay))),
    Promise.all([...chains.entries()].map(async ([id, c]) => [id, await legEnd(db, c.head, c.side)] as const)),
  ]);
  const total = new Map(legRows.map((r) => [`${r.head}:${r.side}:${r.idx}`, r]));
  const today = new Map(dayRows.map((r) => [`${r.head}:${r.side}:${r.idx}`, r.volume]));
  const endOf = new Map(ends);
  const out = new Map<Hex, Record<Side, TeamSideJson>>();
  for (const n of perNode) {
    const figures = SIDES.map((s): TeamSideJson => {
      let volume = 0n;
      let members = 0;
      let todayVolume = 0n;
      for (const k of n.keys[s]!) {
        const t = total.get(keyText(k));
        if (t !== undefined) {
          volume += t.volume;
          members += t.members;
        }
        todayVolume += today.get(keyText(k)) ?? 0n;
      }
      const child = childOf(n.row, s);
      return {
        volume: volume.toString(),
        today: todayVolume.toString(),
        members,
        child,
        legEnd: child === null ? n.row.wallet : endOf.get(`${headOf(n.placed, s)}:${s}`)!,
      };
    });
    out.set(n.row.wallet, { 0: figures[0]!, 1: figures[1]! });
  }
  return out;
}

export async function directCount(db: ApiDb, wallet: Address): Promise<number> {
  const [row] = await db.select({ n: count() }).from(referralAccount).where(eq(referralAccount.inviter, wallet));
  return Number(row?.n ?? 0);
}

export type MemberRow = { wallet: Hex; id: number; level: number; registeredAt: bigint; ownVolume: bigint };

/** The accounts `ancestor` invited at `levels` (inclusive), newest first by id, before id `before`. */
export async function teamMembers(
  db: ApiDb,
  ancestor: Address,
  levels: { min: number; max: number },
  { limit, before }: { limit: number; before: number | undefined },
): Promise<MemberRow[]> {
  const rows = await db
    .select({
      wallet: referralAccount.wallet,
      id: referralAccount.id,
      level: referralUpline.level,
      registeredAt: referralAccount.registeredAt,
      ownVolume: referralAccount.ownVolume,
    })
    .from(referralUpline)
    .innerJoin(referralAccount, eq(referralAccount.wallet, referralUpline.descendant))
    .where(
      and(
        eq(referralUpline.ancestor, ancestor),
        before === undefined ? undefined : lt(referralUpline.descendantId, before),
        levels.min === levels.max
          ? eq(referralUpline.level, levels.min)
          : inArray(
              referralUpline.level,
              Array.from({ length: levels.max - levels.min + 1 }, (_, i) => levels.min + i),
            ),
      ),
    )
    .orderBy(desc(referralUpline.descendantId))
    .limit(limit);
  return rows;
}
