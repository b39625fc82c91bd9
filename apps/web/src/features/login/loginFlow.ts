import { connectWallet, type ConnectDeps, type EmptyReason } from '../../wallet/connect.ts';
import { setConnectedProvider } from '../../wallet/connectedProvider.ts';
import { rememberProviderKind } from '../../wallet/providerMemory.ts';
import { signIn, type SignInDeps, type SignedIn } from '../../session/signIn.ts';

export { loginErrorCode } from './errorCode.ts';

export type LoginStatus = 'confirming' | 'submitting';

export type LoginOutcome =
  | { readonly status: 'signed-in'; readonly session: SignedIn }
  | { readonly status: 'empty'; readonly reason: EmptyReason };

export interface LoginDeps {
  readonly connect: ConnectDeps;
  readonly signIn: SignInDeps;
  readonly storage: Storage;
  readonly onStatus: (status: LoginStatus) => void;
}

/**
 * The login button: the spec §4 connection flow, then Sign-In with Ethereum. On success the wallet's
 * kind is remembered for restoreWallet and the provider becomes the connected one.
 */
export async function runLogin(deps: LoginDeps): Promise<LoginOutcome> {
  deps.onStatus('confirming');
  const connected = await connectWallet(deps.connect);
  if (connected.status === 'empty') return connected;
  deps.onStatus('submitting');
  const session = await signIn({ provider: connected.provider, account: connected.account }, deps.signIn);
  rememberProviderKind(deps.storage, connected.kind);
  setConnectedProvider({ provider: connected.provider, kind: connected.kind, name: connected.name });
  return { status: 'signed-in', session };
}
