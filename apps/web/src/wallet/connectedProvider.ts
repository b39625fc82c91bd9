import type { EIP1193Provider } from 'viem';
import type { FoundProvider } from './types.ts';

let connected: FoundProvider | undefined;

/** Records the wallet the session was signed in (or restored) with. */
export function setConnectedProvider(found: FoundProvider | undefined): void {
  connected = found;
}

/**
 * The wallet of the current session in this page, e.g. the target of wagmi's injected connector
 * (`provider: getConnectedProvider`). Typed as viem's full EIP-1193 provider: it is a real wallet
 * object (or the demo wallet), of which our `Eip1193Provider` type only names the part we call.
 */
export function getConnectedProvider(): EIP1193Provider | undefined {
  return connected?.provider as EIP1193Provider | undefined;
}

/** The connected wallet with its kind and display name. */
export function getConnectedWallet(): FoundProvider | undefined {
  return connected;
}
