/** Short-lived notices at the top of the app (transaction progress, copy success). */
export type ToastTone = 'info' | 'success' | 'error';

export type Toast = {
  readonly id: number;
  readonly tone: ToastTone;
  readonly message: string;
  /** A transaction hash shown under the message. */
  readonly hash?: string;
};

type Listener = () => void;

export type ToastStore = {
  /** Shows a toast, or replaces the one with the same `id` (a transaction updating its notice). */
  show(toast: Omit<Toast, 'id'> & { id?: number }, durationMs?: number): number;
  dismiss(id: number): void;
  getState(): readonly Toast[];
  subscribe(listener: Listener): () => void;
};

/** How long a notice stays; an error stays until dismissed or replaced. */
export const TOAST_MS = { info: 0, success: 5_000, error: 8_000 } as const;

export function createToastStore(
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const expiry = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const store: ToastStore = {
    show(input, durationMs = TOAST_MS[input.tone]) {
      const id = input.id ?? nextId++;
      const toast: Toast = { ...input, id };
      toasts = toasts.some((t) => t.id === id) ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast];
      const old = expiry.get(id);
      if (old !== undefined) timers.clearTimeout(old);
      expiry.delete(id);
      if (durationMs > 0)
        expiry.set(
          id,
          timers.setTimeout(() => store.dismiss(id), durationMs),
        );
      emit();
      return id;
    },
    dismiss(id) {
      const old = expiry.get(id);
      if (old !== undefined) timers.clearTimeout(old);
      expiry.delete(id);
      if (!toasts.some((t) => t.id === id)) return;
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    getState: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The app's toast store. */
export const toasts = createToastStore();
