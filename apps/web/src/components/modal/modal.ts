/** What the global modal shows (spec §1: a system message with optional cancel, confirm and close). */
export type ModalOptions = {
  title?: string;
  message: string;
  /** Label of the confirm button; the button is shown when this or onConfirm is given. */
  confirmText?: string;
  /** Label of the cancel button; the button is shown when this or onCancel is given. */
  cancelText?: string;
  /** Shows a close button and lets Esc / the backdrop close the dialog (default true). */
  closable?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
};

export type ModalState = { visible: false } | { visible: true; id: number; options: ModalOptions };

type Listener = () => void;

export type ModalStore = {
  show(options: ModalOptions): void;
  hide(): void;
  /** Runs onConfirm (if any) and hides. */
  confirm(): void;
  /** Runs onCancel (if any) and hides: the cancel button, the close button, Esc. */
  cancel(): void;
  getState(): ModalState;
  subscribe(listener: Listener): () => void;
};

const HIDDEN: ModalState = { visible: false };

export function createModalStore(): ModalStore {
  let state: ModalState = HIDDEN;
  let nextId = 1;
  const listeners = new Set<Listener>();
  const set = (next: ModalState): void => {
    state = next;
    for (const listener of listeners) listener();
  };
  const settle = (pick: (options: ModalOptions) => (() => void) | undefined): void => {
    if (!state.visible) return;
    const callback = pick(state.options);
    set(HIDDEN);
    callback?.();
  };
  return {
    show(options) {
      set({ visible: true, id: nextId++, options });
    },
    hide() {
      if (state.visible) set(HIDDEN);
    },
    confirm() {
      settle((options) => options.onConfirm);
    },
    cancel() {
      settle((options) => options.onCancel);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one global modal. `<GlobalModal/>` (rendered once at the root) shows its state. */
export const modal = createModalStore();
