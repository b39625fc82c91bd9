import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CROCKFORD_CHECK_ALPHABET,
  InvalidInviteCodeError,
  inviteCodeOf,
  MAX_ACCOUNT_ID,
  parseInviteCode,
} from './inviteCode.ts';

const refused = (text: string) => {
  try {
    parseInviteCode(text);
  } catch (e) {
    return e instanceof InvalidInviteCodeError ? e.code : String(e);
  }
  return 'accepted';
};

describe('invite codes', () => {
  it('writes ids in Crockford base32, padded to 5 symbols, with the mod-37 check symbol', () => {
    expect(inviteCodeOf(1n)).toBe('000011');
    expect(inviteCodeOf(31n)).toBe('0000ZZ'); // 31 mod 37 = 31 → 'Z'
    expect(inviteCodeOf(32n)).toBe('00010*'); // 32 mod 37 = 32 → '*'
    expect(inviteCodeOf(36n)).toBe('00014U'); // 36 mod 37 = 36 → 'U'
    expect(inviteCodeOf(37n)).toBe('000150');
    expect(inviteCodeOf(32n ** 5n)).toBe(`100000${CROCKFORD_CHECK_ALPHABET[Number(32n ** 5n % 37n)]}`);
    expect(inviteCodeOf(MAX_ACCOUNT_ID)).toBe(`3ZZZZZZ${CROCKFORD_CHECK_ALPHABET[Number(MAX_ACCOUNT_ID % 37n)]}`);
    expect(() => inviteCodeOf(0n)).toThrow(RangeError);
    expect(() => inviteCodeOf(MAX_ACCOUNT_ID + 1n)).toThrow(RangeError);
  });

  it('reads what people type: any case, I/L as 1, O as 0, dashes and spaces ignored', () => {
    expect(parseInviteCode('000011')).toBe(1n);
    expect(parseInviteCode('ooo-oil')).toBe(1n);
    expect(parseInviteCode(' 000 01 1 ')).toBe(1n);
    expect(parseInviteCode('00014u')).toBe(36n);
    expect(parseInviteCode('0000zz')).toBe(31n);
  });

  it('refuses a wrong check symbol, foreign symbols, id 0, too short or too long codes', () => {
    for (const text of ['000012', '00001U', '0000U1', '00001!', '00000', '', '   ', '000000', '0x1234', 'ABCDEFGHJK']) {
      expect([text, refused(text)]).toEqual([text, 'INVALID_INVITE_CODE']);
    }
    const beyond = 2n ** 32n;
    let body = '';
    for (let rest = beyond; rest > 0n; rest /= 32n)
      body = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Number(rest % 32n)] + body;
    expect(refused(body + CROCKFORD_CHECK_ALPHABET[Number(beyond % 37n)])).toBe('INVALID_INVITE_CODE');
  });

  it('round-trips every id, in any case and with dashes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_ACCOUNT_ID }), fc.boolean(), (id, lower) => {
        const code = inviteCodeOf(id);
        expect(code.length).toBeGreaterThanOrEqual(6);
        const typed = lower ? code.toLowerCase() : `${code.slice(0, 3)}-${code.slice(3)}`;
        expect(parseInviteCode(typed)).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('catches every single-symbol typo in the data (the check symbol differs)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: MAX_ACCOUNT_ID }),
        fc.nat(),
        fc.integer({ min: 1, max: 31 }),
        (id, at, delta) => {
          const code = inviteCodeOf(id);
          const i = at % (code.length - 1);
          const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
          const swapped = alphabet[(alphabet.indexOf(code[i]!) + delta) % 32]!;
          const typo = code.slice(0, i) + swapped + code.slice(i + 1);
          expect(refused(typo)).toBe('INVALID_INVITE_CODE');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
