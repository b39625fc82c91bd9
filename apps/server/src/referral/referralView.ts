/**
 * The referral reads over Ponder's tables (ponder.schema.ts: referral_account, referral_upline),
 * through Ponder's read-only API database or the PostgreSQL reader's Drizzle: accounts and the
 * member lists. The team figures are one statement of ./teamSql.ts.
 */
import { dayStartOf } from '@eterno/protocol/finance/rules';
import type { PackagesBoughtJson, ReferralSide } from '@eterno/protocol/referralApi';
import { and, asc, desc, eq, inArray, lt, ne } from 'ponder';
import type { Address, Hex } from 'viem';
import { financeOrder, indexedHead, referralAccount, referralUpline } from '../../ponder.schema.ts';
import type { ApiDb } from '../api/routes/page.ts';
import type { PlacedAccount } from './layout.ts';

export type AccountRow = typeof referralAccount.$inferSelect;

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

/**
 * The packages each of `wallets` bought (its paid finance orders, loop orders left out): the first by
 * order number and the count; a wallet with none is absent. One statement for a page of accounts;
 * an account's paid orders are bounded by the packages' cycles.
 */
export async function packagesBoughtOf(db: ApiDb, wallets: readonly Hex[]): Promise<Map<string, PackagesBoughtJson>> {
  const out = new Map<string, PackagesBoughtJson>();
  if (wallets.length === 0) return out;
  const rows = await db
    .select({
      user: financeOrder.user,
      packageId: financeOrder.packageId,
      units: financeOrder.units,
      payment: financeOrder.payment,
    })
    .from(financeOrder)
    .where(
      and(
        inArray(
          financeOrder.user,
          wallets.map((w) => w.toLowerCase() as Hex),
        ),
        ne(financeOrder.registrationType, 'loop'),
      ),
    )
    .orderBy(asc(financeOrder.seq));
  for (const r of rows) {
    const key = r.user.toLowerCase();
    const seen = out.get(key);
    if (seen === undefined)
      out.set(key, { first: { packageId: r.packageId, units: r.units, payment: r.payment.toString() }, count: 1 });
    else seen.count += 1;
  }
  return out;
}
