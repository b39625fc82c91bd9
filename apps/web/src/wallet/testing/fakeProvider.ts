import type { Eip1193Provider, RequestArguments } from '../types.ts';

type Handler = (params: readonly unknown[]) => unknown;

export interface FakeProvider extends Eip1193Provider {
  readonly calls: { readonly method: string; readonly params: readonly unknown[] }[];
  readonly listeners: Map<string, ((...args: unknown[]) => void)[]>;
  emit(event: string, ...args: unknown[]): void;
  on(event: string, listener: (...args: never[]) => void): FakeProvider;
  removeListener(event: string, listener: (...args: never[]) => void): FakeProvider;
}

/** An EIP-1193 provider answering from a table; a handler that throws makes the request reject. */
export function fakeProvider(handlers: Record<string, Handler>): FakeProvider {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const provider: FakeProvider = {
    calls,
    listeners,
    async request({ method, params }: RequestArguments) {
      const list = Array.isArray(params) ? (params as readonly unknown[]) : [];
      calls.push({ method, params: list });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error(`unexpected ${method}`), { code: 4200 });
      return handler(list);
    },
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
      return provider;
    },
    removeListener(event, listener) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((known) => known !== listener),
      );
      return provider;
    },
  };
  return provider;
}

export function rpcError(code: number, message = `error ${code}`): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/** A window stand-in: an EventTarget with the given injected properties. */
export function fakeWindow(properties: Record<string, unknown> = {}): EventTarget {
  return Object.assign(new EventTarget(), properties);
}
