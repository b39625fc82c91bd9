/**
 * Values written into SQL text as literals (for `SqlTx.commitWith` and the lock openings, which take no bind
 * parameters): each is checked to be exactly what its column holds — a lower-case address, 32-byte
 * lower-case hex, an unsigned integer, a signature's v — so nothing in it needs escaping; anything else is
 * refused with an Error naming the field (`store` names the caller).
 */

const ADDRESS = /^0x[0-9a-f]{40}$/;
const WORD = /^0x[0-9a-f]{64}$/;

/** `'0x…'` for a lower-case address. */
export function addressLiteral(store: string, name: string, value: string): string {
  if (!ADDRESS.test(value)) throw new Error(`${store}: ${name} "${value}" is not a lower-case address`);
  return `'${value}'`;
}

/** `'0x…'` for 32-byte lower-case hex. */
export function wordLiteral(store: string, name: string, value: string): string {
  if (!WORD.test(value)) throw new Error(`${store}: ${name} "${value}" is not 32-byte lower-case hex`);
  return `'${value}'`;
}

/** The decimal digits of an unsigned integer. */
export function uintLiteral(store: string, name: string, value: bigint): string {
  if (typeof value !== 'bigint' || value < 0n)
    throw new Error(`${store}: ${name} ${String(value)} is not an unsigned integer`);
  return value.toString();
}

/** A signature's v: 27 or 28. */
export function vLiteral(store: string, value: number): string {
  if (value !== 27 && value !== 28) throw new Error(`${store}: v ${String(value)} is not 27 or 28`);
  return String(value);
}
