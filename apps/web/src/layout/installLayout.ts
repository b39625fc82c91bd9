import { computeLayout, type AppLayout } from './layout.ts';

export type LayoutWindow = Pick<Window, 'innerWidth' | 'innerHeight' | 'matchMedia' | 'addEventListener' | 'removeEventListener'>;

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
export function installLayout(box: HTMLElement, win: LayoutWindow = window, html: HTMLElement = document.documentElement): () => void {
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
