/**
 * Synthetic referral trees for the referral benches, written straight into Ponder's referral
 * tables (with its reorg triggers off: they stand for accounts indexed long ago). The tree and
 * its Fenwick rows are built by `LegTree` (apps/server/src/referral/legTree.ts), the layout's
 * in-memory form that the property tests check against a brute-force walk.
 */
import { LegTree } from '@eterno/server/referral/legTree';
import { legUpdateKeys, type Side } from '@eterno/server/referral/layout';
import type pg from 'pg';

export const walletOfId = (id: number): `0x${string}` => `0x${id.toString(16).padStart(40, '0')}`;

export type SyntheticTree = {
  tree: LegTree;
  inviter: Map<number, number>;
  own: Map<number, bigint>;
  /** Fenwick rows of `day`'s payments, keyed `head:side:idx`. */
  todayRows: Map<string, bigint>;
  day: bigint;
};

/** A small deterministic generator (mulberry32), so every run builds the same tree. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function emptyTree(day: bigint): SyntheticTree {
  const tree = new LegTree();
  tree.addRoot();
  return { tree, inviter: new Map(), own: new Map(), todayRows: new Map(), day };
}

/** A payment of `amount` by `id`, today when `today`. */
export function pay(t: SyntheticTree, id: number, amount: bigint, today: boolean): void {
  t.tree.add(id, amount, 0);
  t.own.set(id, (t.own.get(id) ?? 0n) + amount);
  if (!today) return;
  for (const k of legUpdateKeys(t.tree.steps(id))) {
    const key = `${k.head}:${k.side}:${k.idx}`;
    t.todayRows.set(key, (t.todayRows.get(key) ?? 0n) + amount);
  }
}

const E18 = 10n ** 18n;

/**
 * `users` accounts under one genesis root: each invited by a random earlier account on a random
 * side, seated automatically (the end of the inviter's leg) or, one in three, manually under a
 * random account whose seat is vacant; each pays 0–5 packages of 100 USDT, a fifth of them today.
 */
export function randomTree(users: number, day: bigint, seed = 10): SyntheticTree {
  const t = emptyTree(day);
  const rnd = random(seed);
  for (let i = 1; i < users; i++) {
    const n = t.tree.accounts.length;
    const inviter = 1 + Math.floor(rnd() * n);
    const side: Side = rnd() < 0.5 ? 0 : 1;
    let contact = t.tree.legEnd(inviter, side);
    if (rnd() < 1 / 3) {
      const pick = 1 + Math.floor(rnd() * n);
      if (t.tree.children.get(pick)![side] === 0) contact = pick;
    }
    const id = t.tree.seatUnder(contact, side);
    t.inviter.set(id, inviter);
    const packages = Math.floor(rnd() * 6);
    if (packages > 0) pay(t, id, BigInt(packages) * 100n * E18, rnd() < 0.2);
  }
  return t;
}

async function insertJson(client: pg.Client, statement: string, rows: unknown[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 20_000)
    await client.query(statement, [JSON.stringify(rows.slice(i, i + 20_000))]);
}

/** Writes the tree into referral_account, referral_leg and referral_leg_day (triggers off), in place of what was there. */
export async function writeTree(client: pg.Client, t: SyntheticTree): Promise<void> {
  const directVolume = new Map<number, bigint>();
  for (const [id, inviter] of t.inviter)
    directVolume.set(inviter, (directVolume.get(inviter) ?? 0n) + (t.own.get(id) ?? 0n));
  const accounts = t.tree.accounts.map((a) => {
    const [left, right] = t.tree.children.get(a.id)!;
    const inviter = t.inviter.get(a.id);
    return {
      wallet: walletOfId(a.id),
      id: a.id,
      inviter: inviter === undefined ? null : walletOfId(inviter),
      inviter_id: inviter ?? null,
      parent: a.parentId === null ? null : walletOfId(a.parentId),
      parent_id: a.parentId,
      side: a.side,
      is_original: a.parentId === null,
      head_left: a.headLeft,
      pos_left: a.posLeft,
      head_right: a.headRight,
      pos_right: a.posRight,
      depth: a.depth,
      left: left === 0 ? null : walletOfId(left),
      right: right === 0 ? null : walletOfId(right),
      own_volume: (t.own.get(a.id) ?? 0n).toString(),
      direct_volume: (directVolume.get(a.id) ?? 0n).toString(),
    };
  });
  const legs = [...t.tree.rows].map(([key, v]) => {
    const [head, side, idx] = key.split(':').map(Number);
    return { head, side, idx, volume: v.volume.toString(), members: v.members };
  });
  const days = [...t.todayRows].map(([key, volume]) => {
    const [head, side, idx] = key.split(':').map(Number);
    return { head, side, idx, volume: volume.toString() };
  });
  await client.query('BEGIN');
  await client.query('SET LOCAL session_replication_role = replica');
  // The synthetic tree replaces the deploy's seeded accounts (the same ids from 1).
  await client.query(
    'DELETE FROM referral_account; DELETE FROM referral_upline; DELETE FROM referral_leg; DELETE FROM referral_leg_day',
  );
  await insertJson(
    client,
    `INSERT INTO referral_account (wallet, id, inviter, inviter_id, parent, parent_id, side, automatic, is_original,
       service_level, head_left, pos_left, head_right, pos_right, depth, "left", "right", own_volume,
       direct_volume, registered_block, registered_at, tx_hash)
     SELECT x.wallet, x.id, x.inviter, x.inviter_id, x.parent, x.parent_id, x.side, true, x.is_original, 0,
       x.head_left, x.pos_left, x.head_right, x.pos_right, x.depth, x."left", x."right", x.own_volume, x.direct_volume, 1, 0,
       '0x' || lpad('', 64, '0')
     FROM json_to_recordset($1::json) AS x(wallet text, id integer, inviter text, inviter_id integer, parent text,
       parent_id integer, side integer, is_original boolean, head_left integer, pos_left integer, head_right integer,
       pos_right integer, depth integer, "left" text, "right" text, own_volume numeric, direct_volume numeric)`,
    accounts,
  );
  await insertJson(
    client,
    `INSERT INTO referral_leg (head, side, idx, volume, members)
     SELECT * FROM json_to_recordset($1::json) AS x(head integer, side integer, idx integer, volume numeric, members integer)`,
    legs,
  );
  await insertJson(
    client,
    `INSERT INTO referral_leg_day (head, side, day, idx, volume)
     SELECT x.head, x.side, ${t.day.toString()}, x.idx, x.volume
     FROM json_to_recordset($1::json) AS x(head integer, side integer, idx integer, volume numeric)`,
    days,
  );
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE referral_account, referral_leg, referral_leg_day');
}
