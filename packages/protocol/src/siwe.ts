import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';

export { generateSiweNonce, parseSiweMessage, validateSiweMessage, type SiweMessage } from 'viem/siwe';

export const SIGN_IN_STATEMENT = 'Sign in to ETERNO';

export type SignInMessageFields = {
  address: Address;
  chainId: number;
  /** RFC 3986 authority of the web app, e.g. "app.example" or "127.0.0.1:5173". */
  domain: string;
  uri: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  statement?: string;
};

/** The EIP-4361 message the wallet signs with `personal_sign`. */
export function buildSignInMessage(fields: SignInMessageFields): string {
  return createSiweMessage({
    version: '1',
    address: fields.address,
    chainId: fields.chainId,
    domain: fields.domain,
    uri: fields.uri,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    statement: fields.statement ?? SIGN_IN_STATEMENT,
  });
}
