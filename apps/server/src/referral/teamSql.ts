/**
 * The team figures of a few accounts in ONE statement (the team route answers with one database
 * round trip): for each account and side the Fenwick rows of ./layout.ts `volumeKeys` with the
 * chain's last position (computed here in SQL: the indices of the prefix walk from
 * j = CAP − 1 − pos are j with its lowest set bits cleared one by one, i.e. (j >> b) << b for every
 * set bit b of j, kept while the positions they start at, CAP − index, exist), summed from `referral_leg`
 * (volume, members) and `referral_leg_day` (the indexed day's volume); the leg's end (where
 * automatic placement on that side seats: the account itself when its seat is vacant, else the
 * bottom of its chain); the direct count and volume; the UTC day of the latest indexed block.
 * The layout's property tests pin `volumeKeys`; the referral bench compares 200 answers of this
 * statement with the in-memory tree.
 */
import type { TeamSideJson } from '@eterno/protocol/referralApi';
import { sql } from 'ponder';
import type { Hex } from 'viem';
import { indexedHead, referralAccount, referralLeg, referralLegDay } from '../../ponder.schema.ts';
import { LEG_CAPACITY, type Side } from './layout.ts';
import { int, rows, type ReferralSql, type Row, type Sql } from './referralSql.ts';

export type TeamRow = {
  wallet: Hex;
  id: number;
  ownVolume: bigint;
  directCount: number;
  directVolume: bigint;
  sides: Record<Side, TeamSideJson>;
  /** The UTC day (00:00) `today` counts. */
  day: bigint;
};

const BITS = Math.log2(LEG_CAPACITY);
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  throw new Error(`referral team: unexpected value ${String(value)}`);
};

/**
 * The team figures of `wallets`; `today` counts the UTC day of the latest indexed block, or `day`
 * when given (the settlement's binary income reads the day it settles).
 */
export async function teamRows(db: ReferralSql, wallets: readonly Hex[], day?: bigint): Promise<TeamRow[]> {
  if (wallets.length === 0) return [];
  const found = await rows(db, teamStatement(wallets, day));
  return found.map(teamRowOf);
}

/** The statement of `teamRows` (the referral bench explains it). */
export function teamStatement(wallets: readonly Hex[], day?: bigint): Sql {
  // Joined into one text parameter: only addresses (never a comma).
  const bad = wallets.find((w) => !ADDRESS.test(w));
  if (bad !== undefined) throw new Error(`referral team: "${bad}" is not an address`);
  const cap = sql.raw(String(LEG_CAPACITY));
  /** The chain's end (`e`: wallet and last position) when the seat is taken, and the side's sums. */
  const sideJoins = (s: Side, e: string, x: string) => {
    const name = sql.raw(s === 0 ? 'left' : 'right');
    const [E, X] = [sql.raw(e), sql.raw(x)];
    return sql`
    LEFT JOIN LATERAL (SELECT c.wallet, c.pos_${name} AS pos FROM ${referralAccount} AS c
      WHERE c.head_${name} = a.head_${name} ORDER BY c.pos_${name} DESC LIMIT 1) AS ${E} ON a."${name}" IS NOT NULL
    LEFT JOIN LATERAL (
      SELECT coalesce(sum(l.volume), 0) AS volume, coalesce(sum(l.members), 0) AS members,
        coalesce(sum(d.volume), 0) AS today
      FROM (SELECT (${cap} - 1 - a.pos_${name}) AS j) AS jj
      CROSS JOIN generate_series(0, ${sql.raw(String(BITS - 1))}) AS b
      LEFT JOIN ${referralLeg} AS l ON l.head = a.head_${name} AND l.side = ${sql.raw(String(s))}
        AND l.idx = (jj.j >> b) << b
      LEFT JOIN ${referralLegDay} AS d ON d.head = a.head_${name} AND d.side = ${sql.raw(String(s))}
        AND d.day = hd.day AND d.idx = (jj.j >> b) << b
      WHERE (jj.j >> b) & 1 = 1 AND ${cap} - ((jj.j >> b) << b) <= ${E}.pos) AS ${X} ON true`;
  };
  return sql`WITH hd AS (
      SELECT ${
        day === undefined
          ? sql`coalesce((SELECT h.timestamp - mod(h.timestamp, 86400) FROM ${indexedHead} AS h WHERE h.id = 'head'), 0)`
          : sql`${day.toString()}::numeric`
      } AS day
    )
    SELECT a.wallet, a.id, a.own_volume::text AS own, a.direct_volume::text AS dv, a."left" AS lc, a."right" AS rc, hd.day::text AS day,
      (SELECT count(*) FROM ${referralAccount} AS i WHERE i.inviter = a.wallet)::text AS direct,
      coalesce(le.wallet, a.wallet) AS le, coalesce(re.wallet, a.wallet) AS re,
      lx.volume::text AS lv, lx.members::text AS lm, lx.today::text AS lt,
      rx.volume::text AS rv, rx.members::text AS rm, rx.today::text AS rt
    FROM ${referralAccount} AS a CROSS JOIN hd
    ${sideJoins(0, 'le', 'lx')}
    ${sideJoins(1, 're', 'rx')}
    WHERE a.wallet = ANY(string_to_array(${wallets.join(',')}, ','))`;
}

function teamRowOf(r: Row): TeamRow {
  const side = (volume: unknown, members: unknown, today: unknown, child: unknown, end: unknown): TeamSideJson => ({
    volume: text(volume),
    today: text(today),
    members: int(members),
    child: child === null ? null : (text(child) as Hex),
    legEnd: text(end) as Hex,
  });
  return {
    wallet: text(r.wallet) as Hex,
    id: int(r.id),
    ownVolume: BigInt(text(r.own)),
    directCount: int(r.direct),
    directVolume: BigInt(text(r.dv)),
    sides: { 0: side(r.lv, r.lm, r.lt, r.lc, r.le), 1: side(r.rv, r.rm, r.rt, r.rc, r.re) },
    day: BigInt(text(r.day)),
  };
}
