import { getConfig } from '../config.ts';
import { clearSession, getSession, type Session } from '../session/session.ts';
import { setConnectedProvider } from './connectedProvider.ts';
import { announceDemoWalletIfAllowed, DEMO_WALLET_RDNS, type DemoWalletConfig } from './demoWalletGate.ts';
import { findProvider } from './findProvider.ts';
import { attachReloadListeners } from './listeners.ts';
import { forgetProviderKind, recallProviderKind } from './providerMemory.ts';
import type { Address, Eip1193Provider, WalletWindow } from './types.ts';

export { getConnectedProvider, getConnectedWallet } from './connectedProvider.ts';

export interface RestoredWallet {
  readonly provider: Eip1193Provider;
  readonly account: Address;
}

export interface RestoreDeps {
  readonly win: WalletWindow;
  readonly storage: Storage;
  readonly config: DemoWalletConfig;
  readonly getSession: () => Session | null;
  readonly clearSession: () => void;
  readonly logger?: Pick<Console, 'warn'>;
  readonly reload?: () => void;
  readonly setTimeout?: (callback: () => void, ms: number) => unknown;
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * After a reload: re-finds the provider used at login (its kind is in sessionStorage), checks that
 * it still exposes the session's address without prompting (eth_accounts), and attaches the spec
 * §4 reload listeners. Any mismatch or missing wallet clears the session and resolves null.
 */
export async function restoreWalletWith(deps: RestoreDeps): Promise<RestoredWallet | null> {
  const session = deps.getSession();
  if (!session) return null;
  const logger = deps.logger ?? console;
  const endSession = (reason: string): null => {
    logger.warn(`session ended: ${reason}`);
    deps.clearSession();
    forgetProviderKind(deps.storage);
    setConnectedProvider(undefined);
    return null;
  };

  const kind = recallProviderKind(deps.storage);
  if (kind?.type === 'eip6963' && kind.rdns === DEMO_WALLET_RDNS) {
    await announceDemoWalletIfAllowed({
      config: deps.config,
      win: deps.win,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    }).catch(() => false);
  }

  let found;
  try {
    found = await findProvider({
      win: deps.win,
      ...(kind ? { target: kind } : {}),
      ...(deps.setTimeout ? { setTimeout: deps.setTimeout } : {}),
    });
  } catch {
    return endSession('the wallet used to sign in is not available');
  }
  const accounts = await found.provider.request({ method: 'eth_accounts' }).catch(() => []);
  const account: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof account !== 'string' || account.toLowerCase() !== session.address.toLowerCase()) {
    return endSession('the wallet account is not the signed-in address');
  }

  attachReloadListeners(found.provider, {
    logger,
    reload: deps.reload ?? (() => globalThis.location.reload()),
    ...(deps.setTimeout ? { setTimeout: deps.setTimeout } : {}),
  });
  setConnectedProvider(found);
  return { provider: found.provider, account: account as Address };
}

let restoring: { readonly key: string; readonly promise: Promise<RestoredWallet | null> } | undefined;

/** restoreWalletWith on the real window, config and storage; one restore per session, however many callers. */
export function restoreWallet(): Promise<RestoredWallet | null> {
  const session = getSession();
  const key = session ? `${session.address}:${session.token}` : '';
  if (restoring?.key !== key) {
    restoring = {
      key,
      promise: restoreWalletWith({
        win: window,
        storage: globalThis.sessionStorage,
        config: getConfig(),
        getSession,
        clearSession,
      }),
    };
  }
  return restoring.promise;
}
