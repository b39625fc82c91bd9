import type { Context } from 'hono';
import type { Address } from 'viem';
import type { AuthStore } from '../store/authStore.ts';
import { sessionAccountRow } from './account.ts';
import { bearerToken } from './token.ts';

/** The session's wallet address (lower-case) of a request; UNAUTHORIZED without a live session. */
export type SessionUser = (c: Context) => Promise<Address>;

/** Every per-user request runs this: the session's row only (no checksummed account info to build). */
export function sessionUser(store: AuthStore, now: () => Date = () => new Date()): SessionUser {
  return async (c) => {
    const row = await sessionAccountRow(store, bearerToken(c.req.header('authorization')), now());
    return row.address.toLowerCase() as Address;
  };
}
