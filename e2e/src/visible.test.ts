/** The really-visible check in a real Chromium page (no stack): each way of hiding is caught. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser.ts';
import { expectReallyVisible, visibilityProblems } from './visible.ts';

let browser: BrowserSession;
beforeAll(async () => {
  browser = await launchBrowser();
  await browser.page.setContent(`<!doctype html>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <style>
      p { margin: 0; height: 30px }
      .toast { opacity: 0 }
      .cover { position: fixed; top: 300px; left: 0; width: 100%; height: 40px; background: #000 }
    </style>
    <p id="seen">seen</p>
    <div style="opacity: 0.3"><p id="faint">faint ancestor</p></div>
    <p id="transparent" class="toast">the collision</p>
    <p id="covered" style="position: fixed; top: 305px">covered</p>
    <div class="cover"></div>
    <p id="below" style="position: absolute; top: 2000px">below the fold</p>
    <p id="later" style="opacity: 0; transition: opacity 0.3s">fades in</p>`);
});
afterAll(async () => {
  await browser.close();
});

describe('expectReallyVisible', () => {
  test('passes a plain element, and waits for a fade-in', async () => {
    const { page } = browser;
    await expectReallyVisible(page.locator('#seen'));
    await page.evaluate(() =>
      setTimeout(() => document.getElementById('later')?.style.setProperty('opacity', '1'), 200),
    );
    await expectReallyVisible(page.locator('#later'));
  });

  test('catches what Playwright calls visible: opacity 0 (its own or an ancestor’s), covered, off screen', async () => {
    const { page } = browser;
    expect(await page.locator('#transparent').isVisible()).toBe(true);
    expect(await visibilityProblems(page.locator('#transparent'))).toEqual(['opacity 0.00 (with its ancestors)']);
    expect(await visibilityProblems(page.locator('#faint'))).toEqual(['opacity 0.30 (with its ancestors)']);
    expect(await visibilityProblems(page.locator('#covered'))).toEqual(['covered at its centre by <div.cover>']);
    expect((await visibilityProblems(page.locator('#below')))[0]).toMatch(/outside the \d+×\d+ viewport/);
    await expect(expectReallyVisible(page.locator('#transparent'), { timeoutMs: 300 })).rejects.toThrow(/opacity 0/);
  });
});
