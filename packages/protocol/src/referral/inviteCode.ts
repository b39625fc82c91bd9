/**
 * Invite codes (docs/decisions/referral.md, "Invite codes"): an account's registry id in Crockford
 * base32 (0-9 A-Z without I L O U), left-padded with '0' to at least 5 symbols, then Crockford's
 * mod-37 check symbol (the id mod 37 in `0-9 A-Z` without I L O, then `* ~ $ = U`). Nothing is
 * stored on chain: the app maps code → id → wallet through the registry's `walletOf`.
 *
 * Parsing is forgiving where people are: case-insensitive, I and L read as 1, O as 0, '-' and
 * spaces ignored. It refuses anything else, a wrong check symbol, id 0 and ids past the registry's
 * uint32 range, with `InvalidInviteCodeError` (INVALID_INVITE_CODE).
 */
import { EternoError } from '../errors.ts';

/** The 32 data symbols. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The 37 check symbols: the data symbols, then the five extra ones. */
export const CROCKFORD_CHECK_ALPHABET = `${CROCKFORD_ALPHABET}*~$=U`;
/** A code has at least this many data symbols (ids below 32^5 are padded with '0'). */
export const INVITE_CODE_MIN_SYMBOLS = 5;
/** The largest id the registry can hand out (its ids are uint32). */
export const MAX_ACCOUNT_ID = 2n ** 32n - 1n;
/** Data symbols of the largest id (32^7 > 2^32): a longer code is refused before any arithmetic. */
const MAX_SYMBOLS = 7;

export class InvalidInviteCodeError extends EternoError<'INVALID_INVITE_CODE'> {
  constructor(
    readonly text: string,
    readonly reason: string,
  ) {
    super('INVALID_INVITE_CODE');
  }
}

function assertId(id: bigint): void {
  if (id < 1n || id > MAX_ACCOUNT_ID) throw new RangeError(`an account id is 1…${MAX_ACCOUNT_ID}, not ${id}`);
}

/** The invite code of account `id` (1 … 2^32 − 1), e.g. 1n → "00001" + "1" = "000011". */
export function inviteCodeOf(id: bigint): string {
  assertId(id);
  let body = '';
  for (let rest = id; rest > 0n; rest /= 32n) body = CROCKFORD_ALPHABET[Number(rest % 32n)]! + body;
  return body.padStart(INVITE_CODE_MIN_SYMBOLS, '0') + CROCKFORD_CHECK_ALPHABET[Number(id % 37n)]!;
}

/** The id an invite code names; throws `InvalidInviteCodeError` for anything that is not a valid code. */
export function parseInviteCode(text: string): bigint {
  const refuse = (reason: string): never => {
    throw new InvalidInviteCodeError(text, reason);
  };
  const cleaned = text.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  if (cleaned.length < INVITE_CODE_MIN_SYMBOLS + 1) refuse('too short');
  const body = cleaned.slice(0, -1);
  if (body.replace(/^0+/, '').length > MAX_SYMBOLS) refuse('too long');
  let id = 0n;
  for (const symbol of body) {
    const value = CROCKFORD_ALPHABET.indexOf(symbol);
    if (value < 0) refuse(`'${symbol}' is not a code symbol`);
    id = id * 32n + BigInt(value);
  }
  const check = CROCKFORD_CHECK_ALPHABET.indexOf(cleaned.at(-1)!);
  if (check < 0) refuse('the last symbol is not a check symbol');
  if (BigInt(check) !== id % 37n) refuse('wrong check symbol');
  if (id < 1n || id > MAX_ACCOUNT_ID) refuse('no such account id');
  return id;
}
