/**
 * The finance purchase authorisations the server signed (unpaid orders), in the off-chain store
 * (schema `eterno_offchain`, the same `Sql` adapter as the sign-in and voucher stores; never
 * Ponder's tables, which are a pure function of the chain).
 *
 * A row is only what the server signed. Whether it is still unpaid, paid or dead (expired, or its
 * DiveIn nonce used by another deposit) is judged from the indexed chain at read time
 * (src/finance/unpaid.ts). A purchase is requested in ONE transaction holding the user's lock
 * (`withUserLock`): the checks, the signature and the insert commit together or not at all
 * (docs/decisions/finance.md).
 */
import type { Address, Hex } from 'viem';
import type { Sql, SqlTx } from './sql.ts';
import { SCHEMA } from './authStore.ts';

/** Serialised like the sign-in migrations (the same lock key), so concurrent starts don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.purchase_authorisation (
  id bigserial PRIMARY KEY,
  "user" text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('package', 'regular')),
  product_id integer NOT NULL,
  token text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  custom numeric(78, 0) NOT NULL,
  custom1 numeric(78, 0) NOT NULL,
  nonce numeric(78, 0) NOT NULL,
  deadline bigint NOT NULL,
  signed_at bigint NOT NULL,
  r text NOT NULL,
  s text NOT NULL,
  v smallint NOT NULL
);
CREATE INDEX IF NOT EXISTS purchase_authorisation_user ON ${SCHEMA}.purchase_authorisation ("user", deadline);
`;

/** The advisory-lock namespace of per-user purchase requests (the second key is the user's hash). */
const USER_LOCK_SPACE = 201024;

export const PURCHASE_KINDS = ['package', 'regular'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export type PurchaseRow = {
  id: bigint;
  user: Address;
  kind: PurchaseKind;
  /** The package id or the regular product id (= `custom`). */
  productId: number;
  token: Address;
  amount: bigint;
  custom: bigint;
  custom1: bigint;
  nonce: bigint;
  deadline: bigint;
  signedAt: bigint;
  r: Hex;
  s: Hex;
  v: number;
};

export type NewPurchase = Omit<PurchaseRow, 'id'>;

/** The statements a purchase request runs inside its locked transaction. */
export type PurchaseTx = {
  /** The user's authorisations with a deadline at or after `deadlineFrom`, newest first. */
  liveOf(user: Address, deadlineFrom: bigint): Promise<PurchaseRow[]>;
  insert(purchase: NewPurchase): Promise<PurchaseRow>;
};

export type PurchaseStore = {
  /** Runs `fn` in one transaction holding `user`'s lock: one request per user at a time. */
  withUserLock<T>(user: Address, fn: (tx: PurchaseTx) => Promise<T>): Promise<T>;
  /** The user's authorisations with a deadline at or after `deadlineFrom`, newest first. */
  liveOf(user: Address, deadlineFrom: bigint): Promise<PurchaseRow[]>;
};

type RawRow = {
  id: unknown;
  user: string;
  kind: string;
  product_id: unknown;
  token: string;
  amount: string;
  custom: string;
  custom1: string;
  nonce: string;
  deadline: unknown;
  signed_at: unknown;
  r: string;
  s: string;
  v: unknown;
};

const COLUMNS = `id::text AS id, "user", kind, product_id, token, amount::text AS amount, custom::text AS custom,
  custom1::text AS custom1, nonce::text AS nonce, deadline::text AS deadline, signed_at::text AS signed_at, r, s, v`;

function toRow(raw: RawRow): PurchaseRow {
  const kind = PURCHASE_KINDS.find((k) => k === raw.kind);
  if (kind === undefined) throw new Error(`purchase_authorisation.kind: "${raw.kind}"`);
  return {
    id: BigInt(String(raw.id)),
    user: raw.user as Address,
    kind,
    productId: Number(raw.product_id),
    token: raw.token as Address,
    amount: BigInt(raw.amount),
    custom: BigInt(raw.custom),
    custom1: BigInt(raw.custom1),
    nonce: BigInt(raw.nonce),
    deadline: BigInt(String(raw.deadline)),
    signedAt: BigInt(String(raw.signed_at)),
    r: raw.r as Hex,
    s: raw.s as Hex,
    v: Number(raw.v),
  };
}

const LIVE_OF = `SELECT ${COLUMNS} FROM ${SCHEMA}.purchase_authorisation
  WHERE "user" = $1 AND deadline >= $2 ORDER BY purchase_authorisation.id DESC`;

/**
 * Runs the idempotent migrations, then returns the store. Addresses are stored lower-case. The
 * store shares `sql` with the sign-in store, whose owner closes it.
 */
export async function createPurchaseStore(sql: Sql): Promise<PurchaseStore> {
  await sql.query(MIGRATION);
  const lower = (a: Address) => a.toLowerCase() as Address;
  const liveOf = async (q: SqlTx['query'], user: Address, deadlineFrom: bigint) =>
    (await q<RawRow>(LIVE_OF, [lower(user), deadlineFrom.toString()])).rows.map(toRow);

  const txOf = (tx: SqlTx): PurchaseTx => ({
    liveOf: (user, deadlineFrom) => liveOf(tx.query, user, deadlineFrom),
    async insert(p) {
      const { rows } = await tx.query<RawRow>(
        `INSERT INTO ${SCHEMA}.purchase_authorisation
           ("user", kind, product_id, token, amount, custom, custom1, nonce, deadline, signed_at, r, s, v)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
        [
          lower(p.user),
          p.kind,
          p.productId,
          lower(p.token),
          p.amount.toString(),
          p.custom.toString(),
          p.custom1.toString(),
          p.nonce.toString(),
          p.deadline.toString(),
          p.signedAt.toString(),
          p.r,
          p.s,
          p.v,
        ],
      );
      return toRow(rows[0]!);
    },
  });

  return {
    withUserLock: (user, fn) =>
      sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USER_LOCK_SPACE, lower(user)]);
        return fn(txOf(tx));
      }),
    liveOf: (user, deadlineFrom) => liveOf((text, params) => sql.query(text, params), user, deadlineFrom),
  };
}
