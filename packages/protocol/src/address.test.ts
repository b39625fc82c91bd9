import { describe, expect, it } from 'vitest';
import { isTronStyleAccount, shortenAddress, toChecksumAddress, validateAddress } from './address.ts';

const CHECKSUMMED = '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e';

describe('shortenAddress', () => {
  it('keeps the first 8 and last 6 characters', () => {
    expect(shortenAddress('0x1234ab0000000000000000000000000000abcdef')).toBe('0x1234ab…abcdef');
    expect(shortenAddress(CHECKSUMMED)).toBe('0xA0Cf79…2f251e');
  });

  it('leaves strings too short to shorten as they are', () => {
    expect(shortenAddress('0x1234')).toBe('0x1234');
    expect(shortenAddress('0x123456789012')).toBe('0x123456789012');
  });
});

describe('isTronStyleAccount', () => {
  it('flags accounts starting with T', () => {
    expect(isTronStyleAccount('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe(true);
    expect(isTronStyleAccount(CHECKSUMMED)).toBe(false);
    expect(isTronStyleAccount('')).toBe(false);
  });
});

describe('validateAddress', () => {
  it('accepts and checksums a lowercase address', () => {
    expect(validateAddress(CHECKSUMMED.toLowerCase())).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('accepts an all-uppercase address, which carries no checksum', () => {
    expect(validateAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toEqual({
      ok: true,
      address: CHECKSUMMED,
    });
  });

  it('accepts a checksummed address with spaces around it', () => {
    expect(validateAddress(`  ${CHECKSUMMED}\n`)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('rejects a mixed-case address with a wrong checksum', () => {
    const wrong = CHECKSUMMED.replace('A0Cf', 'a0CF');
    expect(validateAddress(wrong)).toEqual({ ok: false, code: 'INVALID_WALLET_ADDRESS' });
  });

  it('rejects malformed input', () => {
    for (const input of [
      '',
      '0x',
      CHECKSUMMED.slice(0, -1),
      `${CHECKSUMMED}0`,
      CHECKSUMMED.slice(2),
      `0X${CHECKSUMMED.slice(2)}`,
      '0xZZCf798816D4b9b9866b5330EEa46a18382f251e',
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    ]) {
      expect(validateAddress(input)).toEqual({ ok: false, code: 'INVALID_WALLET_ADDRESS' });
    }
  });
});

describe('toChecksumAddress', () => {
  it('checksums without trimming', () => {
    expect(toChecksumAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    expect(toChecksumAddress(CHECKSUMMED)).toBe(CHECKSUMMED);
    expect(toChecksumAddress(` ${CHECKSUMMED}`)).toBeNull();
    expect(toChecksumAddress(CHECKSUMMED.replace('A0Cf', 'a0CF'))).toBeNull();
  });
});
