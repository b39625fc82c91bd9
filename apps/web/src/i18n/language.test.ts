import { describe, expect, it } from 'vitest';
import { browserLanguage, initialLanguage, storedLanguage } from './language.ts';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === 'lang' ? value : null) });

describe('storedLanguage (spec §1: stored setting lang, else en)', () => {
  it('reads lang', () => {
    expect(storedLanguage(storage('zh'))).toBe('zh');
    expect(storedLanguage(storage('en'))).toBe('en');
  });

  it('falls back to en when unset, unknown or unreadable', () => {
    expect(storedLanguage(storage(null))).toBe('en');
    expect(storedLanguage(storage('fr'))).toBe('en');
    expect(storedLanguage(undefined)).toBe('en');
    expect(
      storedLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('en');
  });
});

describe('initialLanguage (the stored lang wins; a first visit follows the browser)', () => {
  it('a zh-CN browser gets Chinese on a first visit', () => {
    expect(initialLanguage(storage(null), ['zh-CN', 'zh', 'en-US'])).toBe('zh');
    expect(initialLanguage(storage(null), ['zh-TW'])).toBe('zh');
    expect(initialLanguage(storage(null), ['zh_Hans'])).toBe('zh');
  });

  it('the stored lang wins over the browser', () => {
    expect(initialLanguage(storage('en'), ['zh-CN'])).toBe('en');
    expect(initialLanguage(storage('zh'), ['en-US'])).toBe('zh');
  });

  it("takes the first language we ship, in the browser's order, else en", () => {
    expect(initialLanguage(storage(null), ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(initialLanguage(storage(null), ['EN-gb', 'zh-CN'])).toBe('en');
    expect(initialLanguage(storage(null), ['fr-FR', 'de'])).toBe('en');
    expect(initialLanguage(storage(null), [])).toBe('en');
    expect(initialLanguage(storage(null), undefined)).toBe('en');
    expect(initialLanguage(storage('fr'), ['zh-CN'])).toBe('zh');
  });

  it('browserLanguage reads the primary subtag only', () => {
    expect(browserLanguage(['zhx-CN', 'en-US'])).toBe('en');
    expect(browserLanguage(['ja-JP'])).toBeUndefined();
  });
});
