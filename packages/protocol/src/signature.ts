import { hexToNumber, isHex, numberToHex, slice, type Hex } from 'viem';
import { EternoError } from './errors.ts';

export class SignatureError extends EternoError<'INVALID_SIGNATURE'> {
  constructor(detail: string) {
    super('INVALID_SIGNATURE', `Invalid signature: ${detail}`);
  }
}

/** A signature part (r or s) as a 32-byte hex string, left-padded to 64 hex digits (spec §5). */
export function padSignaturePart(part: Hex | bigint): Hex {
  if (typeof part === 'bigint') {
    if (part < 0n) throw new SignatureError('a signature part cannot be negative');
    if (part >= 2n ** 256n) throw new SignatureError('a signature part is longer than 32 bytes');
    return numberToHex(part, { size: 32 });
  }
  if (!isHex(part, { strict: true })) throw new SignatureError('a signature part is not hex');
  const digits = part.slice(2).replace(/^0+/, '');
  if (digits.length > 64) throw new SignatureError('a signature part is longer than 32 bytes');
  return `0x${digits.toLowerCase().padStart(64, '0')}`;
}

/**
 * Splits a 65-byte signature (r ‖ s ‖ v) into the parts contract calls take:
 * `withdraw(token, amount, deadline, r, s, v)`. r and s are 32-byte hex (64 hex digits, leading
 * zeros kept); v is 27 or 28 (a recovery id 0/1 is shifted to 27/28 for `ecrecover`).
 */
export function splitSignature(signature: Hex): { r: Hex; s: Hex; v: number } {
  if (!isHex(signature, { strict: true })) throw new SignatureError('not hex');
  if (signature.length !== 2 + 65 * 2) {
    throw new SignatureError(`expected 65 bytes (130 hex digits), got ${signature.length - 2} hex digits`);
  }
  const bytes = signature.toLowerCase() as Hex;
  const recovery = hexToNumber(slice(bytes, 64, 65, { strict: true }));
  const v = recovery < 27 ? recovery + 27 : recovery;
  if (v !== 27 && v !== 28) throw new SignatureError(`v must be 27 or 28, got ${recovery}`);
  return {
    r: slice(bytes, 0, 32, { strict: true }),
    s: slice(bytes, 32, 64, { strict: true }),
    v,
  };
}
