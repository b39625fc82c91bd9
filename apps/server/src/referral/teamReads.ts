/**
 * The answers of the referral routes (wire format: @eterno/protocol/referralApi), from the indexed
 * tables (./referralView.ts). Rules: docs/decisions/referral.md ("Team figures and indexing").
 */
import {
  TREE_LEVELS,
  type ReferralAccountJson,
  type TeamFiguresJson,
  type TeamMembersPageJson,
  type TreeJson,
  type TreeNodeJson,
} from '@eterno/protocol/referralApi';
import type { Address, Hex } from 'viem';
import type { ApiDb } from '../api/routes/page.ts';
import { ApiError } from '../http/errors.ts';
import { energyOf } from './incomeReads.ts';
import { insideTeam } from './layout.ts';
import { readSteps, type ReferralSql } from './referralSql.ts';
import type { TeamReader } from './teamBatch.ts';
import { teamRows } from './teamSql.ts';
import {
  accountById,
  accountOf,
  accountsOf,
  indexedDay,
  packagesBoughtOf,
  placedOf,
  sideOf,
  teamMembers,
  type AccountRow,
} from './referralView.ts';

/** The registry figures of a registered wallet (`GET /account` and `/auth/verify` answer them too). */
export type RegistryAccount = Pick<
  ReferralAccountJson,
  'id' | 'isOriginal' | 'serviceLevel' | 'inviterId' | 'inviter' | 'ep'
>;

/** `readAccountInfo` for a registered wallet, else null. */
export async function readRegistryAccount(db: ApiDb, wallet: Address): Promise<RegistryAccount | null> {
  const info = await readAccountInfo(db, wallet);
  return info.registered ? info : null;
}

export async function readAccountInfo(db: ApiDb, wallet: Address): Promise<ReferralAccountJson> {
  const row = await accountOf(db, wallet);
  if (row === null)
    return {
      wallet,
      registered: false,
      id: null,
      isOriginal: null,
      serviceLevel: null,
      inviterId: null,
      inviter: null,
      parent: null,
      side: null,
      ep: null,
      registeredAt: null,
    };
  return {
    wallet,
    registered: true,
    id: String(row.id),
    isOriginal: row.isOriginal,
    serviceLevel: row.serviceLevel,
    inviterId: row.inviterId === null ? null : String(row.inviterId),
    inviter: row.inviter,
    parent: row.parent,
    side: sideOf(row),
    // What the account can still earn (ECONOMY §4): its active orders' limits less their gains.
    ep: (await energyOf(db, wallet)).toString(),
    registeredAt: row.registeredAt.toString(),
  };
}

export async function readTeamFigures(db: ApiDb, team: TeamReader, wallet: Address): Promise<TeamFiguresJson> {
  const row = await team(wallet);
  if (row === undefined) return { wallet, team: null, day: (await indexedDay(db)).toString() };
  return {
    wallet,
    team: {
      id: String(row.id),
      ownVolume: row.ownVolume.toString(),
      left: row.sides[0],
      right: row.sides[1],
      directCount: row.directCount,
      directVolume: row.directVolume.toString(),
    },
    day: row.day.toString(),
  };
}

/** Whether `node` is in `viewer`'s placement subtree (the viewer included): O(turns). */
export async function insideTeamOf(sql: ReferralSql, viewer: AccountRow, node: AccountRow): Promise<boolean> {
  if (viewer.id === node.id) return true;
  if (viewer.depth >= node.depth) return false;
  return insideTeam(placedOf(viewer), placedOf(node), await readSteps(sql, node.wallet as Address));
}

/**
 * The tree view: `root` (default the viewer) and `TREE_LEVELS` levels below it. The viewer must be
 * registered (NOT_REGISTERED) and `root` inside the viewer's team: a node outside it, or no
 * account at all, is NOT_FOUND (the view does not say which).
 */
export async function readTree(db: ApiDb, sql: ReferralSql, viewer: Address, root: Address): Promise<TreeJson> {
  const [me, top] = await Promise.all([accountOf(db, viewer), accountOf(db, root)]);
  if (me === null) throw new ApiError('NOT_REGISTERED');
  if (top === null || !(await insideTeamOf(sql, me, top))) throw new ApiError('NOT_FOUND');
  const rows: AccountRow[] = [top];
  let level: AccountRow[] = [top];
  for (let l = 0; l < TREE_LEVELS; l++) {
    const children = level.flatMap((r) => [r.left, r.right]).filter((w): w is Hex => w !== null);
    level = await accountsOf(db, children);
    rows.push(...level);
  }
  const figures = new Map(
    (
      await teamRows(
        db,
        rows.map((r) => r.wallet),
      )
    ).map((f) => [f.wallet, f]),
  );
  const nodes = rows.map(
    (r): TreeNodeJson => ({
      wallet: r.wallet,
      id: String(r.id),
      level: r.depth - me.depth,
      parent: r.id === top.id ? null : r.parent,
      side: sideOf(r),
      ownVolume: r.ownVolume.toString(),
      left: figures.get(r.wallet)!.sides[0],
      right: figures.get(r.wallet)!.sides[1],
    }),
  );
  const up = top.id === me.id || top.parentId === null ? null : await accountById(db, top.parentId);
  const day = figures.get(top.wallet)!.day;
  return { root: top.wallet, up: up === null ? null : up.wallet, nodes, day: day.toString() };
}

/** The viewer's direct (level 1) or indirect (levels 2–10) list page. */
export async function readMembers(
  db: ApiDb,
  viewer: Address,
  levels: { min: number; max: number },
  page: { limit: number; before: number | undefined },
): Promise<TeamMembersPageJson> {
  const found = await teamMembers(db, viewer, levels, { limit: page.limit + 1, before: page.before });
  const items = found.slice(0, page.limit);
  const bought = await packagesBoughtOf(
    db,
    items.map((m) => m.wallet),
  );
  return {
    items: items.map((m) => ({
      wallet: m.wallet,
      id: String(m.id),
      level: m.level,
      registeredAt: m.registeredAt.toString(),
      ownVolume: m.ownVolume.toString(),
      packages: bought.get(m.wallet.toLowerCase()) ?? null,
    })),
    nextBefore: found.length > page.limit ? String(items[items.length - 1]!.id) : null,
  };
}
