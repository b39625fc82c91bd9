import type { Eip1193Provider } from './types.ts';

export const CHAIN_CHANGE_RELOAD_DELAY_MS = 1000;

export interface ReloadListenerDeps {
  readonly reload: () => void;
  readonly logger: Pick<Console, 'warn'>;
  readonly setTimeout?: (callback: () => void, ms: number) => unknown;
}

const withListeners = new WeakSet<Eip1193Provider>();

/**
 * Spec §4 step 5: an account change reloads the page at once; a chain change logs a warning and
 * reloads after 1 s. Attached once per provider, however many times it is called.
 */
export function attachReloadListeners(provider: Eip1193Provider, deps: ReloadListenerDeps): void {
  if (!provider.on || withListeners.has(provider)) return;
  withListeners.add(provider);
  const schedule = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  provider.on('accountsChanged', () => deps.reload());
  provider.on('chainChanged', (chainId: unknown) => {
    deps.logger.warn(`wallet chain changed to ${String(chainId)}, reloading in ${CHAIN_CHANGE_RELOAD_DELAY_MS} ms`);
    schedule(() => deps.reload(), CHAIN_CHANGE_RELOAD_DELAY_MS);
  });
}
