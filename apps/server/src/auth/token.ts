import { createHash, randomBytes } from 'node:crypto';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const TOKEN_RE = /^[0-9a-f]{64}$/;

/** A session token: 32 random bytes as hex. Only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  return token !== undefined && TOKEN_RE.test(token) ? token : null;
}
