/**
 * The exchange quotes the server signed, in the off-chain store (`eterno_offchain.exchange_quote`, the same
 * `Sql` adapter as the vouchers). A signed quote is a reservation of its output: it counts against the
 * vault's free reserve, the token's exchange budget and its daily exchange budget until its deadline has
 * passed on final indexed state or its nonce was used on final state (docs/decisions/vouchers.md).
 *
 * A quote is signed in ONE transaction holding its OUTPUT token's lock (`pg_advisory_xact_lock(201024,
 * hashtext(token))`; PGlite runs one transaction at a time): the token's live quotes are read once the lock
 * is held, the caller checks and signs, and the INSERT goes to the database with COMMIT in one round trip.
 * So two quotes of one token are never judged against the same reservations; quotes of different tokens do
 * not wait on each other. A refusal throws before the insert: nothing is written.
 */
import type { Address, Hex } from 'viem';
import { SCHEMA } from './authStore.ts';
import { addressLiteral, uintLiteral, vLiteral, wordLiteral } from './literals.ts';
import type { Sql } from './sql.ts';

/** Serialised like the other migrations (the same lock key), so concurrent starts don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.exchange_quote (
  id bigserial PRIMARY KEY,
  "user" text NOT NULL,
  token_in text NOT NULL,
  amount_in numeric(78, 0) NOT NULL CHECK (amount_in > 0),
  token_out text NOT NULL,
  amount_out numeric(78, 0) NOT NULL CHECK (amount_out > 0),
  nonce numeric(78, 0) NOT NULL,
  deadline bigint NOT NULL,
  signed_at bigint NOT NULL,
  r text NOT NULL,
  s text NOT NULL,
  v smallint NOT NULL
);
CREATE INDEX IF NOT EXISTS exchange_quote_live ON ${SCHEMA}.exchange_quote (token_out, deadline);
CREATE INDEX IF NOT EXISTS exchange_quote_deadline ON ${SCHEMA}.exchange_quote (deadline);
`;

/** The advisory-lock namespace of quotes (the second key is the output token's hash). */
const TOKEN_LOCK_SPACE = 201024;

const STORE = 'quote store';

export type QuoteRow = {
  id: bigint;
  user: Address;
  tokenIn: Address;
  amountIn: bigint;
  tokenOut: Address;
  amountOut: bigint;
  nonce: bigint;
  deadline: bigint;
  signedAt: bigint;
  r: Hex;
  s: Hex;
  v: number;
};

export type NewQuote = Omit<QuoteRow, 'id'>;

/** What a quote's decision can read inside the token's locked transaction. */
export type QuoteLock = {
  /** The token's quotes with a deadline at or after `deadlineFrom`, oldest first. */
  live(deadlineFrom: bigint): Promise<QuoteRow[]>;
};

export type QuoteStore = {
  /**
   * Runs `decide` in ONE transaction holding `tokenOut`'s lock; the quote it returns is inserted with the
   * COMMIT (one round trip) and returned. A throw of `decide` rolls back: nothing is written.
   */
  signWithTokenLock(tokenOut: Address, decide: (lock: QuoteLock) => Promise<NewQuote>): Promise<QuoteRow>;
  /** Every token's quotes with a deadline at or after `deadlineFrom` (for the vault's totals), oldest first. */
  liveSince(deadlineFrom: bigint): Promise<QuoteRow[]>;
};

type RawRow = {
  id: unknown;
  user: string;
  token_in: string;
  amount_in: string;
  token_out: string;
  amount_out: string;
  nonce: string;
  deadline: unknown;
  signed_at: unknown;
  r: string;
  s: string;
  v: unknown;
};

const COLUMNS = `id::text AS id, "user", token_in, amount_in::text AS amount_in, token_out,
  amount_out::text AS amount_out, nonce::text AS nonce, deadline::text AS deadline,
  signed_at::text AS signed_at, r, s, v`;

function toRow(raw: RawRow): QuoteRow {
  return {
    id: BigInt(String(raw.id)),
    user: raw.user as Address,
    tokenIn: raw.token_in as Address,
    amountIn: BigInt(raw.amount_in),
    tokenOut: raw.token_out as Address,
    amountOut: BigInt(raw.amount_out),
    nonce: BigInt(raw.nonce),
    deadline: BigInt(String(raw.deadline)),
    signedAt: BigInt(String(raw.signed_at)),
    r: raw.r as Hex,
    s: raw.s as Hex,
    v: Number(raw.v),
  };
}

/** The INSERT of `q` as plain SQL text (for `commitWith`), each value checked to be what its column holds. */
function insertText(q: NewQuote): string {
  if (q.amountIn === 0n || q.amountOut === 0n) throw new Error(`${STORE}: amount 0`);
  const values = [
    addressLiteral(STORE, 'user', q.user.toLowerCase()),
    addressLiteral(STORE, 'tokenIn', q.tokenIn.toLowerCase()),
    uintLiteral(STORE, 'amountIn', q.amountIn),
    addressLiteral(STORE, 'tokenOut', q.tokenOut.toLowerCase()),
    uintLiteral(STORE, 'amountOut', q.amountOut),
    uintLiteral(STORE, 'nonce', q.nonce),
    uintLiteral(STORE, 'deadline', q.deadline),
    uintLiteral(STORE, 'signedAt', q.signedAt),
    wordLiteral(STORE, 'r', q.r),
    wordLiteral(STORE, 's', q.s),
    vLiteral(STORE, q.v),
  ];
  return `INSERT INTO ${SCHEMA}.exchange_quote ("user", token_in, amount_in, token_out, amount_out, nonce, deadline, signed_at, r, s, v)
  VALUES (${values.join(', ')}) RETURNING ${COLUMNS}`;
}

/** Runs the idempotent migrations, then returns the store (addresses stored lower-case). */
export async function createQuoteStore(sql: Sql): Promise<QuoteStore> {
  await sql.query(MIGRATION);
  const lower = (a: Address) => a.toLowerCase() as Address;
  return {
    async signWithTokenLock(tokenOut, decide) {
      const token = lower(tokenOut);
      const lock = `SELECT pg_advisory_xact_lock(${TOKEN_LOCK_SPACE}, hashtext(${addressLiteral(STORE, 'tokenOut', token)}))`;
      return sql.transaction(async (tx) => {
        const quote = await decide({
          async live(deadlineFrom) {
            const { rows } = await tx.query<RawRow>(
              `SELECT ${COLUMNS} FROM ${SCHEMA}.exchange_quote WHERE token_out = $1 AND deadline >= $2 ORDER BY exchange_quote.id`,
              [token, deadlineFrom.toString()],
            );
            return rows.map(toRow);
          },
        });
        if (lower(quote.tokenOut) !== token)
          throw new Error(`${STORE}: a quote paying ${quote.tokenOut} decided under ${token}'s lock`);
        const { rows } = await tx.commitWith<RawRow>(insertText(quote));
        return toRow(rows[0]!);
      }, lock);
    },

    async liveSince(deadlineFrom) {
      const { rows } = await sql.query<RawRow>(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.exchange_quote WHERE deadline >= $1 ORDER BY exchange_quote.id`,
        [deadlineFrom.toString()],
      );
      return rows.map(toRow);
    },
  };
}
