// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { installLayout } from './installLayout.ts';

function fakeWindow(width: number, height: number, coarse: boolean) {
  const listeners = new Map<string, () => void>();
  const media = { matches: coarse, listener: undefined as undefined | (() => void) };
  const win = {
    innerWidth: width,
    innerHeight: height,
    matchMedia: () => ({
      get matches() {
        return media.matches;
      },
      addEventListener: (_: string, l: () => void) => {
        media.listener = l;
      },
      removeEventListener: () => {
        media.listener = undefined;
      },
    }),
    addEventListener: (type: string, l: () => void) => listeners.set(type, l),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  return { win, listeners, media };
}

describe('installLayout', () => {
  it('sizes the box and html font-size now and on resize, and stops listening', () => {
    const box = document.createElement('div');
    const html = document.createElement('html');
    const { win, listeners, media } = fakeWindow(390, 844, true);
    const stop = installLayout(box, win, html);
    expect(html.style.fontSize).toBe('84.4px');
    expect(box.dataset.layout).toBe('portrait');
    expect(box.style.width).toBe('390px');
    expect(box.style.transform).toBe('');

    win.innerWidth = 844;
    win.innerHeight = 390;
    listeners.get('resize')?.();
    expect(box.dataset.layout).toBe('rotated');
    expect(box.style.width).toBe('390px');
    expect(box.style.height).toBe('844px');
    expect(box.style.transform).toBe('translateX(844px) rotate(90deg)');

    media.matches = false;
    media.listener?.();
    expect(box.dataset.layout).toBe('centred');
    expect(box.style.transform).toBe('');

    stop();
    expect(listeners.size).toBe(0);
    expect(media.listener).toBeUndefined();
  });
});
