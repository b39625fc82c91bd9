import type { Address } from 'viem';

export type { Address };

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** The slice of EIP-1193 the app relies on. `on`/`removeListener` are optional: not every wallet emits. */
export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
}

/** Where a provider was found; remembered so a reload re-finds the same one. */
export type ProviderKind =
  | { readonly type: 'second-party'; readonly key: string }
  | { readonly type: 'injected' }
  | { readonly type: 'eip6963'; readonly rdns: string };

export interface FoundProvider {
  readonly provider: Eip1193Provider;
  readonly kind: ProviderKind;
  readonly name: string;
}

/**
 * The window slice the wallet code reads: an event target (EIP-6963 events) whose injected
 * properties are read by name. Tests pass a plain EventTarget with properties assigned.
 */
export type WalletWindow = EventTarget;

/** Reads `win[a][b]…`, returning undefined as soon as a step is missing. */
export function readPath(win: WalletWindow, path: readonly string[]): unknown {
  let value: unknown = win;
  for (const key of path) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/**
 * Whether an EIP-1193 / JSON-RPC error carries `code`, at the top or nested in `data.originalError`
 * or `cause` (mobile wallets wrap 4902 in a -32603 internal error).
 */
export function hasProviderErrorCode(error: unknown, code: number): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const own = error as { code?: unknown; data?: unknown; cause?: unknown };
  if (own.code === code) return true;
  const nested =
    typeof own.data === 'object' && own.data !== null
      ? (own.data as { originalError?: unknown }).originalError
      : undefined;
  return hasProviderErrorCode(nested, code) || hasProviderErrorCode(own.cause, code);
}
