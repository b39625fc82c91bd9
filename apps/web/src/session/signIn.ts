import { stringToHex, type Address } from 'viem';
import { ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { buildSignInMessage, SIGN_IN_STATEMENT } from '@eterno/protocol/siwe';
import { hasProviderErrorCode, type Eip1193Provider } from '../wallet/types.ts';
import { WalletError } from '../wallet/WalletError.ts';
import { apiRequest, type ApiDeps } from './api.ts';
import type { AccountInfo } from './accountInfo.ts';
import { setSession, type Session } from './session.ts';

export const SIGN_IN_VALIDITY_MS = 10 * 60 * 1000;
/** EIP-1193: the user rejected the request. */
export const USER_REJECTED_CODE = 4001;

export interface SignInDeps extends ApiDeps {
  readonly location?: Pick<Location, 'host' | 'origin'>;
  readonly now?: () => Date;
  readonly chainId?: number;
  readonly setSession?: typeof setSession;
}

interface NonceResponse {
  readonly nonce: string;
  readonly expiresAt: string;
}

interface VerifyResponse {
  readonly token: string;
  readonly address: Address;
  readonly expiresAt: string;
  readonly account: AccountInfo | null;
}

export interface SignedIn extends Session {
  readonly account: AccountInfo | null;
}

/**
 * Sign-In with Ethereum: nonce from the server, an EIP-4361 message signed with personal_sign,
 * verified by the server, which answers with the session token. The user refusing to sign throws
 * WalletError('REFUSED_TRANSACTION_REQUEST'); a server refusal throws ApiError with its code.
 */
export async function signIn(
  { provider, account }: { readonly provider: Eip1193Provider; readonly account: Address },
  deps: SignInDeps,
): Promise<SignedIn> {
  const location = deps.location ?? globalThis.location;
  const issuedAt = (deps.now ?? (() => new Date()))();
  const { nonce } = await apiRequest<NonceResponse>(deps, { method: 'POST', path: '/auth/nonce' });
  const message = buildSignInMessage({
    domain: location.host,
    address: account,
    uri: location.origin,
    chainId: deps.chainId ?? ETERNO_CHAIN_ID,
    nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + SIGN_IN_VALIDITY_MS),
    statement: SIGN_IN_STATEMENT,
  });

  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [stringToHex(message), account] });
  } catch (error) {
    if (hasProviderErrorCode(error, USER_REJECTED_CODE)) throw new WalletError('REFUSED_TRANSACTION_REQUEST');
    throw error;
  }

  const verified = await apiRequest<VerifyResponse>(deps, {
    method: 'POST',
    path: '/auth/verify',
    body: { message, signature },
  });
  (deps.setSession ?? setSession)({ address: verified.address, token: verified.token, expiresAt: verified.expiresAt });
  return { address: verified.address, token: verified.token, account: verified.account };
}
