import { describe, expect, it } from 'vitest';
import { parseSignature, recoverMessageAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SignatureError, padSignaturePart, splitSignature } from './signature.ts';

const R_SHORT = `0x${'00'.repeat(3)}${'ab'.repeat(29)}` as Hex;
const S_SHORT = `0x${'00'.repeat(31)}07` as Hex;

describe('splitSignature', () => {
  it('keeps leading zeros of short r and s (64 hex digits each)', () => {
    const { r, s, v } = splitSignature(`${R_SHORT}${S_SHORT.slice(2)}1b` as Hex);
    expect(r).toBe(R_SHORT);
    expect(s).toBe(S_SHORT);
    expect(r).toHaveLength(66);
    expect(s).toHaveLength(66);
    expect(v).toBe(27);
  });

  it('shifts recovery ids 0/1 to 27/28', () => {
    const body = `${R_SHORT}${S_SHORT.slice(2)}`;
    expect(splitSignature(`${body}00` as Hex).v).toBe(27);
    expect(splitSignature(`${body}01` as Hex).v).toBe(28);
    expect(splitSignature(`${body}1c` as Hex).v).toBe(28);
  });

  it('lower-cases the parts', () => {
    const { r } = splitSignature(`0x${'AB'.repeat(64)}1B` as Hex);
    expect(r).toBe(`0x${'ab'.repeat(32)}`);
  });

  it('splits a real signature into parts that recover the signer', async () => {
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    const signature = await account.signMessage({ message: 'ETERNO' });
    const { r, s, v } = splitSignature(signature);
    const reference = parseSignature(signature);
    expect(r).toBe(reference.r);
    expect(s).toBe(reference.s);
    expect(BigInt(v)).toBe(reference.v);
    const joined = `${r}${s.slice(2)}${v.toString(16)}` as Hex;
    expect(await recoverMessageAddress({ message: 'ETERNO', signature: joined })).toBe(account.address);
  });

  it('refuses anything that is not a 65-byte signature', () => {
    const body = `${R_SHORT}${S_SHORT.slice(2)}`;
    expect(() => splitSignature(`${body}1` as Hex)).toThrow(SignatureError);
    expect(() => splitSignature(`${body}1b00` as Hex)).toThrow(SignatureError);
    expect(() => splitSignature(body as Hex)).toThrow(SignatureError);
    expect(() => splitSignature(`${body}zz` as Hex)).toThrow(SignatureError);
    expect(() => splitSignature(`${body}1d` as Hex)).toThrow('v must be 27 or 28');
    expect(() => splitSignature(`${body}02` as Hex)).toThrow(SignatureError);
  });
});

describe('padSignaturePart', () => {
  it('left-pads short hex to 64 digits', () => {
    expect(padSignaturePart('0x7')).toBe(S_SHORT);
    expect(padSignaturePart(`0x${'ab'.repeat(29)}`)).toBe(R_SHORT);
    expect(padSignaturePart('0xABC')).toBe(`0x${'0'.repeat(61)}abc`);
  });

  it('pads bigint parts', () => {
    expect(padSignaturePart(7n)).toBe(S_SHORT);
    expect(padSignaturePart(0n)).toBe(`0x${'0'.repeat(64)}`);
  });

  it('accepts 32 bytes with extra leading zeros', () => {
    expect(padSignaturePart(`0x00${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
  });

  it('refuses parts longer than 32 bytes, negative or not hex', () => {
    expect(() => padSignaturePart(`0x01${'00'.repeat(32)}`)).toThrow(SignatureError);
    expect(() => padSignaturePart(2n ** 256n)).toThrow(SignatureError);
    expect(() => padSignaturePart(-1n)).toThrow(SignatureError);
    expect(() => padSignaturePart('0xg1' as Hex)).toThrow(SignatureError);
  });
});
