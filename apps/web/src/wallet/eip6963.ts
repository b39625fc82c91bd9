import { isEip1193Provider, type Eip1193Provider, type WalletWindow } from './types.ts';

export const ANNOUNCE_PROVIDER_EVENT = 'eip6963:announceProvider';
export const REQUEST_PROVIDER_EVENT = 'eip6963:requestProvider';

export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

export interface Eip6963ProviderDetail {
  readonly info: Eip6963ProviderInfo;
  readonly provider: Eip1193Provider;
}

function isProviderDetail(value: unknown): value is Eip6963ProviderDetail {
  if (typeof value !== 'object' || value === null) return false;
  const { info, provider } = value as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return false;
  const { uuid, name, icon, rdns } = info as Record<string, unknown>;
  return typeof uuid === 'string' && typeof name === 'string' && typeof icon === 'string' && typeof rdns === 'string';
}

/**
 * Collects EIP-6963 announcements (one entry per rdns, the latest wins) and asks wallets to
 * announce themselves. `onChange` receives the whole list, in first-announced order.
 * Returns the function that stops listening.
 */
export function watchAnnouncedProviders(
  win: WalletWindow,
  onChange: (providers: readonly Eip6963ProviderDetail[]) => void,
): {
  readonly providers: () => readonly Eip6963ProviderDetail[];
  readonly request: () => void;
  readonly stop: () => void;
} {
  const byRdns = new Map<string, Eip6963ProviderDetail>();
  let list: readonly Eip6963ProviderDetail[] = [];

  const onAnnounce = (event: Event): void => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    if (!isProviderDetail(detail)) return;
    const known = byRdns.get(detail.info.rdns);
    if (known && known.provider === detail.provider && known.info.uuid === detail.info.uuid) return;
    byRdns.set(detail.info.rdns, detail);
    list = [...byRdns.values()];
    onChange(list);
  };
  const request = (): void => {
    win.dispatchEvent(new Event(REQUEST_PROVIDER_EVENT));
  };

  win.addEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce);
  request();
  return {
    providers: () => list,
    request,
    stop: () => win.removeEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce),
  };
}

/** Announces a provider the EIP-6963 way, now and whenever a dapp asks. Returns the function that stops answering. */
export function announceProvider(win: WalletWindow, detail: Eip6963ProviderDetail): () => void {
  const frozen = Object.freeze({ info: Object.freeze({ ...detail.info }), provider: detail.provider });
  const announce = (): void => {
    win.dispatchEvent(new CustomEvent(ANNOUNCE_PROVIDER_EVENT, { detail: frozen }));
  };
  win.addEventListener(REQUEST_PROVIDER_EVENT, announce);
  announce();
  return () => win.removeEventListener(REQUEST_PROVIDER_EVENT, announce);
}
