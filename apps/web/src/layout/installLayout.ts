import { computeLayout, type AppLayout } from './layout.ts';

/** What the layout needs of the window (the browser's `window` fits). */
export type LayoutWindow = {
  readonly innerWidth: number;
  readonly innerHeight: number;
  matchMedia(query: string): {
    readonly matches: boolean;
    addEventListener(type: 'change', listener: () => void): void;
    removeEventListener(type: 'change', listener: () => void): void;
  };
  addEventListener(type: 'resize' | 'orientationchange', listener: () => void): void;
  removeEventListener(type: 'resize' | 'orientationchange', listener: () => void): void;
};

/** Applies `layout` to the app box and the html font-size. */
export function applyLayout(layout: AppLayout, box: HTMLElement, html: HTMLElement): void {
  html.style.fontSize = `${layout.rem}px`;
  box.dataset.layout = layout.mode;
  box.style.width = `${layout.width}px`;
  box.style.height = `${layout.height}px`;
  box.style.left = `${layout.left}px`;
  box.style.top = `${layout.top}px`;
  box.style.transform = layout.transform === 'none' ? '' : layout.transform;
}

/**
 * Sizes the app box now and on every resize, orientation or pointer change. Returns the
 * function that stops listening.
 */
export function installLayout(
  box: HTMLElement,
  win: LayoutWindow = window,
  html: HTMLElement = document.documentElement,
): () => void {
  const coarse = win.matchMedia('(pointer: coarse)');
  const update = (): void => {
    applyLayout(
      computeLayout({ width: win.innerWidth, height: win.innerHeight, coarsePointer: coarse.matches }),
      box,
      html,
    );
  };
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  coarse.addEventListener('change', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
    coarse.removeEventListener('change', update);
  };
}
