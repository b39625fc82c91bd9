import { describe, expect, it } from 'vitest';
import { attemptAfter, sheetDone } from './formAttempt.ts';

describe('a form after its write', () => {
  it('forgets the attempt when the write confirms, and only then', () => {
    expect(attemptAfter(true, 'pending', 'confirmed')).toBe(false);
    expect(attemptAfter(true, 'confirmed', 'confirmed')).toBe(true);
    expect(attemptAfter(true, 'signing', 'failed')).toBe(true);
    expect(attemptAfter(true, 'idle', 'simulating')).toBe(true);
    expect(attemptAfter(false, 'pending', 'confirmed')).toBe(false);
  });

  it('a sheet is done once its write confirmed', () => {
    expect(sheetDone('confirmed')).toBe(true);
    for (const phase of ['idle', 'simulating', 'signing', 'pending', 'failed'] as const)
      expect(sheetDone(phase)).toBe(false);
  });
});
