/**
 * The button that started a write shows that it is busy (`aria-busy="true"`: a spinner, styled once
 * in base.css) until the write ends, on every screen without each screen wiring it: the document
 * remembers the last button the user activated (a click, or the submitter of a form sent with
 * Enter), and `useTransaction().run` marks that one while it runs.
 */

/** A write starts at most this long after the tap that asked for it (a voucher or a quote may come first). */
export const ACTIVATION_MS = 15_000;

export type ActivationTracker = {
  /** The button activated last, if it is still on the page and was activated within ACTIVATION_MS. */
  lastButton(): HTMLButtonElement | null;
  stop(): void;
};

export function trackActivations(doc: Document, now: () => number = Date.now): ActivationTracker {
  let last: { button: HTMLButtonElement; at: number } | null = null;
  const remember = (button: Element | null | undefined) => {
    if (button?.tagName === 'BUTTON') last = { button: button as HTMLButtonElement, at: now() };
  };
  const onClick = (event: Event) => {
    const target = event.target as Partial<Element> | null;
    remember(typeof target?.closest === 'function' ? target.closest('button') : null);
  };
  const onSubmit = (event: Event) => remember((event as SubmitEvent).submitter);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  return {
    lastButton() {
      if (!last || !last.button.isConnected || now() - last.at > ACTIVATION_MS) return null;
      return last.button;
    },
    stop() {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
    },
  };
}

/** Marks `button` busy; the returned function takes the mark off again (only the one it set). */
export function markBusy(button: HTMLElement | null): () => void {
  if (!button || button.getAttribute('aria-busy') === 'true') return () => undefined;
  button.setAttribute('aria-busy', 'true');
  return () => {
    if (button.getAttribute('aria-busy') === 'true') button.removeAttribute('aria-busy');
  };
}

/** The app's tracker, over the page's document (none outside a browser). */
export const activations: ActivationTracker | null =
  typeof document === 'undefined' ? null : trackActivations(document);
