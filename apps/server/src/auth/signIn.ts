/**
 * `POST /auth/verify`: checks a signed EIP-4361 message in a fixed order without writing
 * anything, then consumes the nonce, upserts the account and opens a session in one statement.
 *
 * Only the canonical text is accepted: the message must equal the one viem's `createSiweMessage`
 * builds from its own parsed fields (no extra whitespace, lines or fields, no reordering), and its
 * URI must be on one of the allowed web origins as well as its domain.
 */
import { getAddress, isAddress, isHex, verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { accountInfo, type AccountInfo, type RegistryRead } from './account.ts';
import { ApiError } from '../http/errors.ts';
import type { AuthStore } from '../store/authStore.ts';
import { hashToken, newSessionToken, SESSION_TTL_MS } from './token.ts';

/** How far in the future `issuedAt` / `notBefore` may be (clock skew between wallet and server). */
export const CLOCK_SKEW_MS = 60 * 1000;
const MAX_MESSAGE_LENGTH = 4096;

export type SignInContext = {
  store: AuthStore;
  registry: RegistryRead;
  /** Allowed `host[:port]` values of the message's domain, lower case. */
  domains: readonly string[];
  /** Allowed origins of the message's URI (`scheme://host[:port]`), lower case. */
  origins: readonly string[];
  chainId: number;
  now: Date;
};

export type SignInResult = {
  token: string;
  address: Address;
  expiresAt: string;
  account: AccountInfo;
};

type Checked = {
  address: Address;
  domain: string;
  origin: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | undefined;
  notBefore: Date | undefined;
};

const validDate = (d: Date | undefined): boolean => d === undefined || !Number.isNaN(d.getTime());

function readBody(body: unknown): { message: string; signature: Hex } {
  if (typeof body !== 'object' || body === null) throw new ApiError('BAD_REQUEST');
  const { message, signature } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message.length === 0 || message.length > MAX_MESSAGE_LENGTH) {
    throw new ApiError('BAD_REQUEST');
  }
  if (typeof signature !== 'string' || !isHex(signature, { strict: true }) || signature.length !== 132) {
    throw new ApiError('BAD_REQUEST');
  }
  return { message, signature };
}

/** The message viem writes for `fields`, or null when viem refuses a field. */
function canonical(fields: SiweMessage): string | null {
  try {
    return createSiweMessage(fields);
  } catch {
    return null;
  }
}

/** The origin of a URI, or null when it is not an http(s) URL. */
function originOf(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

function parseMessage(message: string): Checked {
  const m = parseSiweMessage(message);
  if (
    m.address === undefined ||
    !isAddress(m.address) ||
    !m.domain ||
    !m.uri ||
    m.version !== '1' ||
    m.chainId === undefined ||
    !Number.isSafeInteger(m.chainId) ||
    !m.nonce ||
    m.issuedAt === undefined ||
    !validDate(m.issuedAt) ||
    !validDate(m.expirationTime) ||
    !validDate(m.notBefore)
  ) {
    throw new ApiError('BAD_REQUEST');
  }
  // The required fields named again: the checks above narrowed them (the parse returns a partial).
  const fields: SiweMessage = {
    ...m,
    address: m.address,
    domain: m.domain,
    uri: m.uri,
    version: m.version,
    chainId: m.chainId,
    nonce: m.nonce,
  };
  if (canonical(fields) !== message) throw new ApiError('BAD_REQUEST');
  const origin = originOf(m.uri);
  if (origin === null) throw new ApiError('BAD_REQUEST');
  return {
    address: getAddress(m.address),
    domain: m.domain.toLowerCase(),
    origin,
    chainId: m.chainId,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    expirationTime: m.expirationTime,
    notBefore: m.notBefore,
  };
}

async function signatureMatches(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

export async function signIn(ctx: SignInContext, body: unknown): Promise<SignInResult> {
  const { message, signature } = readBody(body);
  const m = parseMessage(message);
  const now = ctx.now.getTime();

  if (!ctx.domains.includes(m.domain) || !ctx.origins.includes(m.origin)) throw new ApiError('WRONG_DOMAIN');
  if (m.chainId !== ctx.chainId) throw new ApiError('WRONG_CHAIN');
  if (m.expirationTime === undefined || m.expirationTime.getTime() <= now) {
    throw new ApiError('MESSAGE_EXPIRED');
  }
  const latestStart = now + CLOCK_SKEW_MS;
  if (m.issuedAt.getTime() > latestStart || (m.notBefore && m.notBefore.getTime() > latestStart)) {
    throw new ApiError('MESSAGE_NOT_YET_VALID');
  }
  if (!(await signatureMatches(m.address, message, signature))) throw new ApiError('BAD_SIGNATURE');

  const nonce = await ctx.store.findNonce(m.nonce);
  if (!nonce) throw new ApiError('NONCE_UNKNOWN');
  if (nonce.expiresAt.getTime() <= now) throw new ApiError('NONCE_EXPIRED');
  if (nonce.usedAt !== null) throw new ApiError('NONCE_USED');

  const token = newSessionToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const account = await ctx.store.completeSignIn({
    nonce: m.nonce,
    address: m.address,
    tokenHash: hashToken(token),
    sessionExpiresAt: expiresAt,
    now: ctx.now,
  });
  // Another request consumed the nonce between the check above and this statement.
  if (!account) throw new ApiError('NONCE_USED');

  return {
    token,
    address: m.address,
    expiresAt: expiresAt.toISOString(),
    account: await accountInfo(account, ctx.registry),
  };
}
