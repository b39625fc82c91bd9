/**
 * The invitations of Mine › invite register (ECONOMY §3), in the off-chain store (schema
 * `eterno_offchain`, the same `Sql` adapter as the sign-in and purchase stores; never Ponder's
 * tables, which are a pure function of the chain).
 *
 * A row is only what the inviter asked for. Its state (open, registered, registered elsewhere, seat
 * taken) is judged from the indexed registry at read time (src/referral/invitations.ts). The public
 * id is 128 random bits (base64url, 22 symbols): a link cannot be guessed from another one; `seq`
 * orders the records (newest first) and is never sent.
 */
import { randomBytes } from 'node:crypto';
import type { PlacementMode, ReferralSide } from '@eterno/protocol/referralApi';
import type { Address } from 'viem';
import { SCHEMA } from './authStore.ts';
import type { Sql } from './sql.ts';

/** Serialised like the sign-in migrations (the same lock key), so concurrent starts don't race. */
const MIGRATION = `
SELECT pg_advisory_xact_lock(201022);
CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
CREATE TABLE IF NOT EXISTS ${SCHEMA}.invitation (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  inviter text NOT NULL,
  invite_code text NOT NULL,
  invitee text NOT NULL,
  placement text NOT NULL CHECK (placement IN ('auto', 'manual')),
  contact text,
  side smallint NOT NULL CHECK (side IN (0, 1)),
  created_at bigint NOT NULL,
  CHECK ((placement = 'auto') = (contact IS NULL))
);
CREATE INDEX IF NOT EXISTS invitation_inviter ON ${SCHEMA}.invitation (inviter, seq DESC);
CREATE INDEX IF NOT EXISTS invitation_invitee ON ${SCHEMA}.invitation (invitee, seq DESC);
`;

/** The shape of a public invitation id: 16 random bytes in base64url. */
export const INVITATION_ID = /^[A-Za-z0-9_-]{22}$/;

export type InvitationRow = {
  id: string;
  inviter: Address;
  inviteCode: string;
  invitee: Address;
  placement: PlacementMode;
  /** The contact's seat (manual), null for automatic placement. */
  contact: Address | null;
  side: ReferralSide;
  /** Unix seconds. */
  createdAt: bigint;
};

export type NewInvitation = Omit<InvitationRow, 'id' | 'createdAt'>;

export type InvitationStore = {
  insert(invitation: NewInvitation, createdAt: bigint): Promise<InvitationRow>;
  byId(id: string): Promise<InvitationRow | null>;
  /** The inviter's invitations, newest first, those older than the invitation `before` when given. */
  ofInviter(inviter: Address, page: { limit: number; before: string | undefined }): Promise<InvitationRow[]>;
  /** The newest invitations addressed to `invitee`. */
  ofInvitee(invitee: Address, limit: number): Promise<InvitationRow[]>;
  /** How many invitations `inviter` made at or after `since` (unix seconds). */
  countSince(inviter: Address, since: bigint): Promise<number>;
};

type RawRow = {
  id: string;
  inviter: string;
  invite_code: string;
  invitee: string;
  placement: string;
  contact: string | null;
  side: unknown;
  created_at: unknown;
};

const COLUMNS = `id, inviter, invite_code, invitee, placement, contact, side, created_at::text AS created_at`;

function toRow(raw: RawRow): InvitationRow {
  const side = Number(raw.side);
  if (raw.placement !== 'auto' && raw.placement !== 'manual') throw new Error(`invitation.placement: ${raw.placement}`);
  if (side !== 0 && side !== 1) throw new Error(`invitation.side: ${side}`);
  return {
    id: raw.id,
    inviter: raw.inviter as Address,
    inviteCode: raw.invite_code,
    invitee: raw.invitee as Address,
    placement: raw.placement,
    contact: raw.contact as Address | null,
    side,
    createdAt: BigInt(String(raw.created_at)),
  };
}

/**
 * Runs the idempotent migration, then returns the store. Addresses are stored lower-case. The store
 * shares `sql` with the sign-in store, whose owner closes it.
 */
export async function createInvitationStore(sql: Sql): Promise<InvitationStore> {
  await sql.query(MIGRATION);
  const lower = (a: Address) => a.toLowerCase() as Address;
  return {
    async insert(inv, createdAt) {
      const { rows } = await sql.query<RawRow>(
        `INSERT INTO ${SCHEMA}.invitation (id, inviter, invite_code, invitee, placement, contact, side, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [
          randomBytes(16).toString('base64url'),
          lower(inv.inviter),
          inv.inviteCode,
          lower(inv.invitee),
          inv.placement,
          inv.contact === null ? null : lower(inv.contact),
          inv.side,
          createdAt.toString(),
        ],
      );
      return toRow(rows[0]!);
    },
    async byId(id) {
      if (!INVITATION_ID.test(id)) return null;
      const { rows } = await sql.query<RawRow>(`SELECT ${COLUMNS} FROM ${SCHEMA}.invitation WHERE id = $1`, [id]);
      return rows[0] === undefined ? null : toRow(rows[0]);
    },
    async ofInviter(inviter, { limit, before }) {
      const { rows } =
        before === undefined
          ? await sql.query<RawRow>(
              `SELECT ${COLUMNS} FROM ${SCHEMA}.invitation WHERE inviter = $1 ORDER BY seq DESC LIMIT $2`,
              [lower(inviter), limit],
            )
          : await sql.query<RawRow>(
              `SELECT ${COLUMNS} FROM ${SCHEMA}.invitation WHERE inviter = $1
                 AND seq < (SELECT seq FROM ${SCHEMA}.invitation WHERE id = $3 AND inviter = $1)
               ORDER BY seq DESC LIMIT $2`,
              [lower(inviter), limit, before],
            );
      return rows.map(toRow);
    },
    async countSince(inviter, since) {
      const { rows } = await sql.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${SCHEMA}.invitation WHERE inviter = $1 AND created_at >= $2`,
        [lower(inviter), since.toString()],
      );
      return Number(rows[0]!.n);
    },
    async ofInvitee(invitee, limit) {
      const { rows } = await sql.query<RawRow>(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.invitation WHERE invitee = $1 ORDER BY seq DESC LIMIT $2`,
        [lower(invitee), limit],
      );
      return rows.map(toRow);
    },
  };
}
