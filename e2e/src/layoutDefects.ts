/**
 * The visual check of a rendered screen (issue 19 §1, §5): what a person looking at the screenshot
 * would call broken, measured on the DOM of the app box (#root).
 *
 * - `page-overflow`: an element reaches past the app box's left or right edge (the page scrolls
 *   sideways or the content is cut), unless it is inside a sideways scroller (`overflow-x: auto`).
 * - `text-overflow`: a block's text is wider than the block (scrollWidth > clientWidth) and spills
 *   out of it or is cut by `overflow: hidden`.
 * - `clipped-number`: `text-overflow: ellipsis` actually cuts a text with a digit in it (a figure).
 * - `overlap`: two visible siblings that hold text or are controls, in the normal flow (not
 *   absolutely placed, no z-index: not deliberately layered), cover each other by more than 2 px
 *   each way.
 * - `small-text`: text drawn under 12 px.
 * - `unnamed`: a button, link or progress bar with no accessible name (no text, aria-label,
 *   aria-labelledby or title).
 *
 * Elements that are not drawn (display none, visibility hidden, opacity 0, 1 px or less: a visually
 * hidden label, aria-hidden decorations) and the skeletons of loading figures are skipped.
 */
import type { Page } from 'playwright-core';

export type LayoutDefectKind =
  | 'page-overflow'
  | 'text-overflow'
  | 'clipped-number'
  | 'overlap'
  | 'small-text'
  | 'unnamed';

export type LayoutDefect = { kind: LayoutDefectKind; element: string; detail: string };

/** Smallest text size allowed (docs/decisions/layout-and-navigation.md). */
export const MIN_FONT_PX = 12;

const IN_PAGE = `(() => {
  const MIN_FONT_PX = ${MIN_FONT_PX};
  const root = document.getElementById('root');
  const box = root.getBoundingClientRect();
  const defects = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const id = el.getAttribute('data-testid');
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return el.tagName.toLowerCase() + cls + (id ? '[data-testid=' + id + ']' : '') + (text ? ' "' + text + '"' : '');
  };
  const drawn = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      if (e.getAttribute('aria-hidden') === 'true') return false;
      if (e.classList.contains('skeleton')) return false;
    }
    const r = el.getBoundingClientRect();
    // 1 px or less: a visually hidden label for screen readers.
    return r.width > 1 && r.height > 1;
  };
  const inSideScroller = (el) => {
    for (let e = el.parentElement; e && e !== root; e = e.parentElement) {
      const o = getComputedStyle(e).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const ownText = (el) =>
    [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
  const all = [...root.querySelectorAll('*')].filter((el) => !(el instanceof SVGElement) || el.tagName === 'svg');
  const visible = all.filter(drawn);
  const isVisible = new Set(visible);

  for (const el of visible) {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if ((r.right > box.right + 1 || r.left < box.left - 1) && !inSideScroller(el) && s.position !== 'fixed')
      defects.push({ kind: 'page-overflow', element: describe(el),
        detail: 'spans ' + Math.round(r.left) + '–' + Math.round(r.right) + ' px of a ' + Math.round(box.left) + '–' + Math.round(box.right) + ' px box' });

    const text = ownText(el);
    if (text) {
      const size = parseFloat(s.fontSize);
      if (size < MIN_FONT_PX - 0.01)
        defects.push({ kind: 'small-text', element: describe(el), detail: size.toFixed(1) + ' px' });
    }
    const block = s.display !== 'inline' && s.display !== 'contents' && el.tagName !== 'svg';
    if (block && (el.innerText || '').trim() && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
        && s.overflowX !== 'auto' && s.overflowX !== 'scroll' && !inSideScroller(el)) {
      const cut = s.textOverflow === 'ellipsis';
      if (cut && /\\d/.test(el.innerText))
        defects.push({ kind: 'clipped-number', element: describe(el),
          detail: 'text ' + el.scrollWidth + ' px cut to ' + el.clientWidth + ' px with an ellipsis' });
      else if (!cut && [...el.children].length === 0)
        defects.push({ kind: 'text-overflow', element: describe(el),
          detail: 'text ' + el.scrollWidth + ' px in a ' + el.clientWidth + ' px box (overflow ' + s.overflowX + ')' });
    }

    const role = el.getAttribute('role');
    const tag = el.tagName.toLowerCase();
    if (tag === 'button' || (tag === 'a' && el.hasAttribute('href')) || role === 'progressbar' || role === 'button') {
      const labelledBy = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent || '').join('').trim();
      const name = labelledBy || (el.getAttribute('aria-label') || '').trim() || (el.getAttribute('title') || '').trim()
        || (role === 'progressbar' ? '' : (el.innerText || '').trim());
      if (!name) defects.push({ kind: 'unnamed', element: describe(el), detail: (role || tag) + ' with no accessible name' });
    }
  }

  // In the normal flow and not deliberately layered (a z-index: the swap's toggle over its two boxes).
  const flowBox = (el) => {
    const s = getComputedStyle(el);
    return s.position !== 'absolute' && s.position !== 'fixed' && s.zIndex === 'auto';
  };
  const holdsContent = (el) => /^(button|a|input|select|textarea|label)$/i.test(el.tagName) || (el.innerText || '').trim() !== '';
  const parents = new Set(visible.map((el) => el.parentElement).filter(Boolean));
  for (const parent of parents) {
    const kids = [...parent.children].filter((el) => isVisible.has(el) && flowBox(el) && holdsContent(el));
    for (let i = 0; i < kids.length; i++) {
      const a = kids[i].getBoundingClientRect();
      for (let j = i + 1; j < kids.length; j++) {
        const b = kids[j].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2)
          defects.push({ kind: 'overlap', element: describe(kids[i]) + ' × ' + describe(kids[j]),
            detail: Math.round(w) + '×' + Math.round(h) + ' px shared' });
      }
    }
  }
  return defects;
})()`;

/** The defects of the screen as rendered now (see the file's header). */
export async function layoutDefects(page: Page): Promise<LayoutDefect[]> {
  return (await page.evaluate(IN_PAGE)) as LayoutDefect[];
}
