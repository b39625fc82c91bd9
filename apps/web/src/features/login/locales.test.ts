import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/login.json';
import zh from '../../i18n/locales/zh/login.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('login locales', () => {
  it('en and zh have the same keys, none empty', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const key of keys(zh)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zh);
      expect(text, key).not.toBe('');
    }
  });

  it('has a message for every empty result of the connection flow and every status', () => {
    expect(Object.keys(en.empty).sort()).toEqual(['login-fail', 'no-account', 'switch-requested']);
    expect(Object.keys(en.status).sort()).toEqual(['confirming', 'submitting']);
    expect(en.empty['switch-requested']).toBe('Please switch your wallet to the ETERNO network and connect again');
  });
});
