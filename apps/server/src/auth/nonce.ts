import { randomBytes } from 'node:crypto';
import type { AuthStore } from '../store/authStore.ts';

export const NONCE_TTL_MS = 5 * 60 * 1000;

export type IssuedNonce = { nonce: string; expiresAt: string };

/** A fresh single-use nonce: 32 hex characters (128 random bits), stored for 5 minutes. */
export async function issueNonce(store: AuthStore, now: Date): Promise<IssuedNonce> {
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await store.insertNonce(nonce, expiresAt);
  return { nonce, expiresAt: expiresAt.toISOString() };
}
