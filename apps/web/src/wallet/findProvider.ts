import { watchAnnouncedProviders, type Eip6963ProviderDetail } from './eip6963.ts';
import { WalletError } from './WalletError.ts';
import { isEip1193Provider, readPath, type FoundProvider, type ProviderKind, type WalletWindow } from './types.ts';

/**
 * Second-party wallets: wallets that inject an object of their own next to (or instead of)
 * `window.ethereum` — typically the in-app browsers of mobile wallets. They are preferred over
 * `window.ethereum`, which another extension may have taken over. Order = preference.
 */
export const SECOND_PARTY_WALLETS: readonly {
  readonly key: string;
  readonly name: string;
  readonly path: readonly string[];
}[] = [
  { key: 'okxwallet', name: 'OKX Wallet', path: ['okxwallet'] },
  { key: 'bitkeep', name: 'Bitget Wallet', path: ['bitkeep', 'ethereum'] },
  { key: 'trustwallet', name: 'Trust Wallet', path: ['trustwallet'] },
  { key: 'tokenpocket', name: 'TokenPocket', path: ['tokenpocket', 'ethereum'] },
  { key: 'coinbase', name: 'Coinbase Wallet', path: ['coinbaseWalletExtension'] },
];

export const FIND_PROVIDER_ATTEMPTS = 10;
export const FIND_PROVIDER_INTERVAL_MS = 100;

export interface FindProviderOptions {
  readonly win: WalletWindow;
  /** Only accept a provider of this kind (a wallet picked from the list, or the one used at login). */
  readonly target?: ProviderKind;
  readonly attempts?: number;
  readonly intervalMs?: number;
  readonly setTimeout?: (callback: () => void, ms: number) => unknown;
}

function locate(
  win: WalletWindow,
  target: ProviderKind | undefined,
  announced: () => readonly Eip6963ProviderDetail[],
): FoundProvider | undefined {
  if (!target || target.type === 'second-party') {
    for (const wallet of SECOND_PARTY_WALLETS) {
      if (target && target.key !== wallet.key) continue;
      const provider = readPath(win, wallet.path);
      if (isEip1193Provider(provider)) {
        return { provider, kind: { type: 'second-party', key: wallet.key }, name: wallet.name };
      }
    }
  }
  if (!target || target.type === 'injected') {
    const provider = readPath(win, ['ethereum']);
    if (isEip1193Provider(provider)) return { provider, kind: { type: 'injected' }, name: 'Browser wallet' };
  }
  if (!target || target.type === 'eip6963') {
    for (const { info, provider } of announced()) {
      if (target && target.rdns !== info.rdns) continue;
      return { provider, kind: { type: 'eip6963', rdns: info.rdns }, name: info.name };
    }
  }
  return undefined;
}

/**
 * Spec §4 step 1: a second-party wallet's object, else `window.ethereum`, else an EIP-6963
 * announced wallet. Up to `attempts` looks `intervalMs` apart (wallets inject late);
 * then throws WalletError('CAN_NOT_FIND_WEB3_PROVIDER').
 */
export async function findProvider(options: FindProviderOptions): Promise<FoundProvider> {
  const { win, target } = options;
  const attempts = options.attempts ?? FIND_PROVIDER_ATTEMPTS;
  const intervalMs = options.intervalMs ?? FIND_PROVIDER_INTERVAL_MS;
  const schedule = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const watcher = watchAnnouncedProviders(win, () => undefined);
  try {
    for (let attempt = 1; ; attempt += 1) {
      const found = locate(win, target, watcher.providers);
      if (found) return found;
      if (attempt >= attempts) throw new WalletError('CAN_NOT_FIND_WEB3_PROVIDER');
      await new Promise<void>((resolve) => schedule(resolve, intervalMs));
      watcher.request();
    }
  } finally {
    watcher.stop();
  }
}
