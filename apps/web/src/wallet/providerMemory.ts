import type { ProviderKind } from './types.ts';

/** sessionStorage key holding the kind of provider used at login, so a reload re-finds the same wallet. */
export const PROVIDER_KIND_KEY = 'eterno.wallet';

export function rememberProviderKind(storage: Storage, kind: ProviderKind): void {
  storage.setItem(PROVIDER_KIND_KEY, JSON.stringify(kind));
}

export function forgetProviderKind(storage: Storage): void {
  storage.removeItem(PROVIDER_KIND_KEY);
}

export function recallProviderKind(storage: Storage): ProviderKind | undefined {
  const raw = storage.getItem(PROVIDER_KIND_KEY);
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, key, rdns } = value as Record<string, unknown>;
  if (type === 'injected') return { type };
  if (type === 'second-party' && typeof key === 'string') return { type, key };
  if (type === 'eip6963' && typeof rdns === 'string') return { type, rdns };
  return undefined;
}
