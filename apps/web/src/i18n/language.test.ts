import { describe, expect, it } from 'vitest';
import { storedLanguage } from './language.ts';

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
