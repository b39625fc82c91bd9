/**
 * The withdrawal vouchers the server signed, in the off-chain store (schema `eterno_offchain`, the
 * same `Sql` adapter as the sign-in store; never Ponder's tables, which are rebuilt on redeploy).
 *
 * The stored `state` is only what the server decides: `signed` or `cancelled`. Whether a voucher
 * is settled or expired is read from the indexed chain at read time (src/vault/vouchers.ts).
 * A voucher is requested in ONE transaction that holds the user's lock, shared with the requests
 * of other users that arrive together (`request`, the group commit): the checks, the signature and
 * the insert commit together or not at all (docs/decisions/vouchers.md). A cancel takes the user's
 * lock alone (`withUserLock`).
 */
import type { Address, Hex } from 'viem';
import type { Sql, SqlTx } from './sql.ts';
import { SCHEMA } from './authStore.ts';
import { addressLiteral, uintLiteral, vLiteral, wordLiteral } from './literals.ts';

/** Serialised like the sign-in migrations (the same lock key), so concurrent starts don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.withdrawal_voucher (
  id bigserial PRIMARY KEY,
  "user" text NOT NULL,
  token text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  nonce numeric(78, 0) NOT NULL,
  deadline bigint NOT NULL,
  signed_at bigint NOT NULL,
  r text NOT NULL,
  s text NOT NULL,
  v smallint NOT NULL,
  state text NOT NULL CHECK (state IN ('signed', 'cancelled')),
  cancelled_at bigint
);
CREATE INDEX IF NOT EXISTS withdrawal_voucher_user ON ${SCHEMA}.withdrawal_voucher ("user", id);
CREATE INDEX IF NOT EXISTS withdrawal_voucher_signed ON ${SCHEMA}.withdrawal_voucher (deadline) WHERE state = 'signed';
CREATE INDEX IF NOT EXISTS withdrawal_voucher_deadline ON ${SCHEMA}.withdrawal_voucher (deadline);
`;

/** The advisory-lock namespace of per-user voucher requests (the second key is the user's hash). */
const USER_LOCK_SPACE = 201023;

export type StoredVoucherState = 'signed' | 'cancelled';

export type VoucherRow = {
  id: bigint;
  user: Address;
  token: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
  signedAt: bigint;
  r: Hex;
  s: Hex;
  v: number;
  state: StoredVoucherState;
};

export type NewVoucher = Omit<VoucherRow, 'id' | 'state'>;

/** The statements a voucher request runs inside its locked transaction. */
export type VoucherTx = {
  /** The user's vouchers still `signed` in the store, newest first (settled/expired are judged by the caller). */
  signedOf(user: Address): Promise<VoucherRow[]>;
  insert(voucher: NewVoucher): Promise<VoucherRow>;
  /** Marks the user's `signed` voucher cancelled; null when it is not the user's or not `signed`. */
  cancel(user: Address, id: bigint, at: bigint): Promise<VoucherRow | null>;
};

/**
 * One user's voucher request in a group (`VoucherStore.request`): `decide` gets the user's vouchers
 * still `signed` and those with a deadline at or after the request's `liveFrom` (cancelled ones too:
 * their signatures exist, so they hold their amounts until their deadlines pass on final state), newest
 * first, read once the user's lock is held, and returns the voucher to insert, or throws (a refusal:
 * nothing is written for this request).
 */
export type VoucherDecision = (rows: VoucherRow[]) => Promise<NewVoucher>;

/** `liveFrom`: the cancelled vouchers with a deadline before it are not read (0: all of them). */
export type GroupRequest = { user: Address; decide: VoucherDecision; liveFrom?: bigint };

export type VoucherStore = {
  /**
   * Group commit: the requests of DISTINCT users in ONE transaction. BEGIN, the users' locks (in
   * the order of their lock keys, so two groups never wait on each other in a cycle) and their
   * `signed` vouchers and those with a deadline at or after the group's lowest `liveFrom` go in one round trip; every `decide` runs on its user's rows (at the same
   * time); the vouchers decided go in one multi-row INSERT sent with COMMIT (one round trip).
   * Per request, in order: its inserted row, or what its `decide` threw (nothing written for it).
   * When the transaction itself fails, every request gets that failure and nothing is written.
   */
  insertGroup(requests: readonly GroupRequest[]): Promise<Array<PromiseSettledResult<VoucherRow>>>;
  /**
   * One request through the group commit: requests that arrive while a group is in its transaction
   * wait and go together in the next one (one request per user in a group; a user's second request
   * waits for the group after). Resolves with the inserted row, or rejects with what `decide`
   * threw or the transaction's failure.
   */
  request(user: Address, decide: VoucherDecision, liveFrom?: bigint): Promise<VoucherRow>;
  /**
   * Runs `fn` in one transaction holding `user`'s lock: one request per user at a time. `fn` gets
   * the user's vouchers still `signed`, read once the lock is held (the same round trip as BEGIN
   * and the lock: `tx.signedOf` reads them again).
   */
  withUserLock<T>(user: Address, fn: (tx: VoucherTx, signed: VoucherRow[]) => Promise<T>): Promise<T>;
  /** The user's vouchers, newest first, `limit` of them with an id below `before`. */
  listOf(user: Address, limit: number, before?: bigint): Promise<VoucherRow[]>;
  /** The user's vouchers still `signed` in the store, newest first. */
  signedOf(user: Address): Promise<VoucherRow[]>;
  /** The user's vouchers still `signed` or with a deadline at or after `liveFrom` (cancelled ones too), newest first. */
  liveOf(user: Address, liveFrom: bigint): Promise<VoucherRow[]>;
  /** Every user's vouchers, signed or cancelled, with a deadline at or after `deadlineFrom` (for the vault's totals). */
  liveSince(deadlineFrom: bigint): Promise<VoucherRow[]>;
};

type RawRow = {
  id: unknown;
  user: string;
  token: string;
  amount: string;
  nonce: string;
  deadline: unknown;
  signed_at: unknown;
  r: string;
  s: string;
  v: unknown;
  state: string;
};

const COLUMNS = `id::text AS id, "user", token, amount::text AS amount, nonce::text AS nonce,
  deadline::text AS deadline, signed_at::text AS signed_at, r, s, v, state`;

function toRow(raw: RawRow): VoucherRow {
  if (raw.state !== 'signed' && raw.state !== 'cancelled') throw new Error(`withdrawal_voucher.state: "${raw.state}"`);
  return {
    id: BigInt(String(raw.id)),
    user: raw.user as Address,
    token: raw.token as Address,
    amount: BigInt(raw.amount),
    nonce: BigInt(raw.nonce),
    deadline: BigInt(String(raw.deadline)),
    signedAt: BigInt(String(raw.signed_at)),
    r: raw.r as Hex,
    s: raw.s as Hex,
    v: Number(raw.v),
    state: raw.state,
  };
}

const signedOfWhere = (user: string) => `SELECT ${COLUMNS} FROM ${SCHEMA}.withdrawal_voucher
  WHERE "user" = ${user} AND state = 'signed' ORDER BY withdrawal_voucher.id DESC`;
const SIGNED_OF = signedOfWhere('$1');

const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * The multi-row INSERT of `vouchers` as plain SQL text (for `commitWith`, which takes no bind
 * parameters): each value is checked by `valuesOf`.
 */
function insertManyText(vouchers: readonly NewVoucher[]): string {
  return `INSERT INTO ${SCHEMA}.withdrawal_voucher ("user", token, amount, nonce, deadline, signed_at, r, s, v, state)
  VALUES ${vouchers.map((v) => `(${valuesOf(v)}, 'signed')`).join(',\n  ')} RETURNING ${COLUMNS}`;
}

/** A voucher's values as SQL literals, each checked to be what its column holds (./literals.ts). */
function valuesOf(v: NewVoucher): string {
  const store = 'voucher store';
  return [
    addressLiteral(store, 'user', v.user.toLowerCase()),
    addressLiteral(store, 'token', v.token.toLowerCase()),
    uintLiteral(store, 'amount', v.amount),
    uintLiteral(store, 'nonce', v.nonce),
    uintLiteral(store, 'deadline', v.deadline),
    uintLiteral(store, 'signedAt', v.signedAt),
    wordLiteral(store, 'r', v.r),
    wordLiteral(store, 's', v.s),
    vLiteral(store, v.v),
  ].join(', ');
}

/**
 * BEGIN, the user's lock, then the user's `signed` vouchers, sent as ONE simple-protocol query
 * (no bind parameters there, so the address is written in as a literal: only after it matched
 * `ADDRESS`, which leaves nothing to escape). Each statement takes its own snapshot, so the select
 * runs after the lock is granted and sees every voucher committed by the holder before.
 */
function lockAndSignedOf(user: Address): string {
  if (!ADDRESS.test(user)) throw new Error(`voucher store: "${user}" is not a lower-case address`);
  return `SELECT pg_advisory_xact_lock(${USER_LOCK_SPACE}, hashtext('${user}'));
${signedOfWhere(`'${user}'`)}`;
}

/**
 * BEGIN's companion for a group: the users' locks in the order of their keys, then their `signed`
 * vouchers, as one simple-protocol query (addresses written in as literals, only after they
 * matched `ADDRESS`). The select runs after every lock is granted (a snapshot of its own).
 */
function lockGroupAndSignedOf(users: readonly Address[], liveFrom: bigint): string {
  for (const user of users)
    if (!ADDRESS.test(user)) throw new Error(`voucher store: "${user}" is not a lower-case address`);
  const list = users.map((u) => `('${u}')`).join(', ');
  return `SELECT pg_advisory_xact_lock(${USER_LOCK_SPACE}, k)
  FROM (SELECT DISTINCT hashtext(u) AS k FROM (VALUES ${list}) AS users(u) ORDER BY k) AS locks;
SELECT ${COLUMNS} FROM ${SCHEMA}.withdrawal_voucher
  WHERE "user" IN (${users.map((u) => `'${u}'`).join(', ')})
    AND (state = 'signed' OR deadline >= ${uintLiteral('voucher store', 'liveFrom', liveFrom)})
  ORDER BY withdrawal_voucher.id DESC`;
}

/**
 * How long the first request of a burst waits for others to share its group (later groups form
 * while the one before is in its transaction). A voucher request waits as long for its chain and
 * ledger reads (src/vault/open.ts `MULTICALL_WAIT_MS`), which run meanwhile, so this adds about
 * one round trip (its BEGIN) at most.
 */
export const GROUP_WAIT_MS = 2;

/** A queued `request`: its user, its decision and how to answer it. */
type Queued = GroupRequest & { resolve(row: VoucherRow): void; reject(error: unknown): void };

/**
 * Runs the idempotent migrations, then returns the store. Addresses are stored lower-case. The
 * store shares `sql` with the sign-in store, whose owner closes it.
 */
export async function createVoucherStore(sql: Sql): Promise<VoucherStore> {
  await sql.query(MIGRATION);
  const lower = (a: Address) => a.toLowerCase() as Address;

  const txOf = (tx: SqlTx): VoucherTx => ({
    async signedOf(user) {
      const { rows } = await tx.query<RawRow>(SIGNED_OF, [lower(user)]);
      return rows.map(toRow);
    },
    async insert(v) {
      const { rows } = await tx.query<RawRow>(
        `INSERT INTO ${SCHEMA}.withdrawal_voucher ("user", token, amount, nonce, deadline, signed_at, r, s, v, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'signed') RETURNING ${COLUMNS}`,
        [
          lower(v.user),
          lower(v.token),
          v.amount.toString(),
          v.nonce.toString(),
          v.deadline.toString(),
          v.signedAt.toString(),
          v.r,
          v.s,
          v.v,
        ],
      );
      return toRow(rows[0]!);
    },
    async cancel(user, id, at) {
      const { rows } = await tx.query<RawRow>(
        `UPDATE ${SCHEMA}.withdrawal_voucher SET state = 'cancelled', cancelled_at = $3
         WHERE id = $1 AND "user" = $2 AND state = 'signed' RETURNING ${COLUMNS}`,
        [id.toString(), lower(user), at.toString()],
      );
      const row = rows[0];
      return row ? toRow(row) : null;
    },
  });

  async function insertGroup(requests: readonly GroupRequest[]): Promise<Array<PromiseSettledResult<VoucherRow>>> {
    const users = requests.map((r) => lower(r.user));
    if (new Set(users).size !== users.length) throw new Error('voucher store: a group holds one request per user');
    if (users.length === 0) return [];
    try {
      return await sql.transaction<Array<PromiseSettledResult<VoucherRow>>, RawRow>(
        async (tx, signedRows) => {
          const signed = signedRows.map(toRow);
          const decided = await Promise.allSettled(
            requests.map(async (r, i) => {
              const voucher = await r.decide(signed.filter((row) => row.user === users[i]));
              if (voucher.user.toLowerCase() !== users[i])
                throw new Error(`voucher store: a voucher of ${voucher.user} decided in ${users[i]}'s request`);
              // Checked here, so a bad value refuses only its own request, never the group's INSERT.
              valuesOf(voucher);
              if (voucher.amount === 0n) throw new Error('voucher store: amount 0');
              return voucher;
            }),
          );
          const inserting = decided.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []));
          const inserted =
            inserting.length === 0 ? [] : (await tx.commitWith<RawRow>(insertManyText(inserting))).rows.map(toRow);
          // One row per user: matched by user, whatever order RETURNING gives them in.
          const byUser = new Map(inserted.map((row) => [row.user, row]));
          return decided.map((d, i): PromiseSettledResult<VoucherRow> => {
            if (d.status === 'rejected') return d;
            const row = byUser.get(users[i]!);
            return row === undefined
              ? { status: 'rejected', reason: new Error(`voucher store: no row returned for ${users[i]}`) }
              : { status: 'fulfilled', value: row };
          });
        },
        lockGroupAndSignedOf(
          users,
          requests.reduce(
            (min, r) => (r.liveFrom !== undefined && r.liveFrom < min ? r.liveFrom : min),
            requests[0]?.liveFrom ?? 0n,
          ),
        ),
      );
    } catch (error) {
      return requests.map(() => ({ status: 'rejected', reason: error }));
    }
  }

  // The group commit's queue: one group in its transaction at a time; what arrives meanwhile waits.
  let queue: Queued[] = [];
  let running = false;
  const runGroups = async () => {
    running = true;
    try {
      // The first group waits `GROUP_WAIT_MS` for the requests arriving with the first one.
      await new Promise((res) => setTimeout(res, GROUP_WAIT_MS));
      while (queue.length > 0) {
        const group: Queued[] = [];
        const later: Queued[] = [];
        const inGroup = new Set<string>();
        for (const q of queue) {
          const user = lower(q.user);
          if (inGroup.has(user)) later.push(q);
          else {
            inGroup.add(user);
            group.push(q);
          }
        }
        queue = later;
        const results = await insertGroup(group);
        for (const [i, result] of results.entries())
          if (result.status === 'fulfilled') group[i]!.resolve(result.value);
          else group[i]!.reject(result.reason);
      }
    } finally {
      running = false;
    }
  };

  return {
    insertGroup,

    request(user, decide, liveFrom = 0n) {
      return new Promise<VoucherRow>((resolve, reject) => {
        queue.push({ user, decide, liveFrom, resolve, reject });
        if (!running) void runGroups();
      });
    },

    async withUserLock<T>(user: Address, fn: (tx: VoucherTx, signed: VoucherRow[]) => Promise<T>) {
      return sql.transaction<T, RawRow>((tx, signed) => fn(txOf(tx), signed.map(toRow)), lockAndSignedOf(lower(user)));
    },

    async listOf(user, limit, before) {
      const { rows } = await sql.query<RawRow>(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.withdrawal_voucher
         WHERE "user" = $1 AND ($2::bigint IS NULL OR id < $2::bigint) ORDER BY withdrawal_voucher.id DESC LIMIT $3`,
        [lower(user), before === undefined ? null : before.toString(), limit],
      );
      return rows.map(toRow);
    },

    async signedOf(user) {
      const { rows } = await sql.query<RawRow>(SIGNED_OF, [lower(user)]);
      return rows.map(toRow);
    },

    async liveOf(user, liveFrom) {
      const { rows } = await sql.query<RawRow>(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.withdrawal_voucher
         WHERE "user" = $1 AND (state = 'signed' OR deadline >= $2) ORDER BY withdrawal_voucher.id DESC`,
        [lower(user), liveFrom.toString()],
      );
      return rows.map(toRow);
    },

    async liveSince(deadlineFrom) {
      const { rows } = await sql.query<RawRow>(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.withdrawal_voucher WHERE deadline >= $1 ORDER BY withdrawal_voucher.id`,
        [deadlineFrom.toString()],
      );
      return rows.map(toRow);
    },
  };
}
