import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows a chain time in the user language, bigint or number', () => {
    const t = 1_795_000_000; // 2026-11-18 (UTC)
    expect(formatDateTime(BigInt(t), 'en')).toBe(formatDateTime(t, 'en'));
    expect(formatDateTime(t, 'en')).toMatch(/2026/);
    expect(formatDateTime(t, 'en')).toMatch(/Nov/);
    expect(formatDateTime(t, 'zh')).toMatch(/2026年11月/);
  });
});
