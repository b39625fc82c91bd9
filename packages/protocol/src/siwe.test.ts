import { describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SIGN_IN_STATEMENT, buildSignInMessage, generateSiweNonce, parseSiweMessage } from './siwe.ts';

const account = privateKeyToAccount(`0x${'22'.repeat(32)}`);
const issuedAt = new Date('2030-01-01T00:00:00.000Z');
const expirationTime = new Date('2030-01-01T00:10:00.000Z');
const fields = {
  address: account.address,
  chainId: 201022,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/login',
  nonce: 'abcdef1234567890',
  issuedAt,
  expirationTime,
};

describe('buildSignInMessage', () => {
  it('builds an EIP-4361 message with the ETERNO statement', () => {
    const message = buildSignInMessage(fields);
    expect(message.split('\n')).toEqual([
      `127.0.0.1:5173 wants you to sign in with your Ethereum account:`,
      account.address,
      '',
      'Sign in to ETERNO',
      '',
      'URI: http://127.0.0.1:5173/login',
      'Version: 1',
      'Chain ID: 201022',
      'Nonce: abcdef1234567890',
      'Issued At: 2030-01-01T00:00:00.000Z',
      'Expiration Time: 2030-01-01T00:10:00.000Z',
    ]);
    expect(SIGN_IN_STATEMENT).toBe('Sign in to ETERNO');
  });

  it('round-trips through parseSiweMessage', () => {
    const parsed = parseSiweMessage(buildSignInMessage({ ...fields, statement: 'Other' }));
    expect(parsed).toMatchObject({
      address: account.address,
      chainId: 201022,
      domain: '127.0.0.1:5173',
      nonce: 'abcdef1234567890',
      statement: 'Other',
      issuedAt,
      expirationTime,
    });
  });

  it('refuses a nonce that is not alphanumeric', () => {
    expect(() => buildSignInMessage({ ...fields, nonce: 'short!' })).toThrow();
  });

  it('can be signed and verified', async () => {
    const message = buildSignInMessage({ ...fields, nonce: generateSiweNonce() });
    const signature = await account.signMessage({ message });
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);
  });
});
