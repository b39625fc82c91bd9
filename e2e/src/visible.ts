/**
 * "Really visible": what a user sees, not what Playwright calls visible (Playwright counts an
 * element with `opacity: 0`, or one under another element, as visible — that let every transaction
 * toast stay invisible with all suites green). An element is really visible when it and every
 * ancestor are opaque enough, its box lies inside the viewport, and the element under its centre
 * (`document.elementFromPoint`) is the element or inside it.
 */
import type { Locator, Page } from 'playwright-core';
import { text, type Lang } from './app.ts';
import { until } from './wait.ts';

/** Below this product of the element's and its ancestors' opacity, a text does not count as seen. */
export const MIN_OPACITY = 0.5;

/** What keeps the element from being seen; empty when it is really visible. */
export function visibilityProblems(locator: Locator): Promise<string[]> {
  return locator.evaluate((el, minOpacity) => {
    const name = (node: Element | null) => {
      if (!node) return 'nothing';
      const classes =
        typeof node.className === 'string' && node.className ? `.${node.className.split(/\s+/).join('.')}` : '';
      return `<${node.tagName.toLowerCase()}${classes}>`;
    };
    const problems: string[] = [];
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      if (style.display === 'none') problems.push(`display: none on ${name(node)}`);
      if (node === el && style.visibility !== 'visible') problems.push(`visibility: ${style.visibility}`);
    }
    if (opacity < minOpacity) problems.push(`opacity ${opacity.toFixed(2)} (with its ancestors)`);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) problems.push('an empty box');
    const outside =
      box.left < -0.5 || box.top < -0.5 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5;
    if (outside)
      problems.push(
        `box ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)} outside the ${window.innerWidth}×${window.innerHeight} viewport`,
      );
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit !== el && !el.contains(hit)) problems.push(`covered at its centre by ${name(hit)}`);
    return problems;
  }, MIN_OPACITY);
}

/**
 * Waits until `locator` (one element) is really visible; throws with what hides it otherwise. A
 * fade-in or a sheet sliding away is waited out.
 */
export async function expectReallyVisible(locator: Locator, { timeoutMs = 15_000 } = {}): Promise<void> {
  await locator.waitFor({ state: 'attached', timeout: timeoutMs });
  let last: string[] = [];
  try {
    await until(
      `${locator.toString()} to be really visible`,
      async () => {
        last = await visibilityProblems(locator);
        return last.length === 0;
      },
      { timeoutMs, intervalMs: 50 },
    );
  } catch (error) {
    throw new Error(`${locator.toString()} is not really visible: ${last.join('; ')}`, { cause: error });
  }
}

/** The newest transaction toast saying the write went through ("Stake EULP: Submitted successfully"), in `lang`. */
export function successToast(page: Page, lang: Lang = 'en'): Locator {
  return page
    .getByTestId('toast')
    .filter({ hasText: text(lang, 'common', 'submitted') })
    .last();
}

/** The newest error toast with `message` (a text of the `errors` namespace, filled in). */
export function errorToast(page: Page, message: string): Locator {
  return page.getByRole('alert').and(page.getByTestId('toast')).filter({ hasText: message }).last();
}

/** An in-page text (a form's problem, the steps card's error): really visible once scrolled to. */
export async function expectTextReallyVisible(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await expectReallyVisible(locator);
}
