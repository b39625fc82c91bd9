import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/assets/overview', '/assets/overview'],
    ['/finance/overview/subscribe/7?tab=buy#top', '/finance/overview/subscribe/7?tab=buy#top'],
    [null, '/home'],
    ['', '/home'],
    ['https://evil.example/home', '/home'],
    ['//evil.example/home', '/home'],
    ['/\\evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['home', '/home'],
    ['/login?redirect=/home', '/home'],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});
