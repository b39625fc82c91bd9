import type { Context } from 'hono';
import type { Address } from 'viem';
import type { AuthStore } from '../store/authStore.ts';
import { accountForToken } from './account.ts';
import { bearerToken } from './token.ts';

/** The session's wallet address (lower-case) of a request; UNAUTHORIZED without a live session. */
export type SessionUser = (c: Context) => Promise<Address>;

export function sessionUser(store: AuthStore, now: () => Date = () => new Date()): SessionUser {
  return async (c) => {
    const account = await accountForToken(store, bearerToken(c.req.header('authorization')), now());
    return account.wallet_address.toLowerCase() as Address;
  };
}
