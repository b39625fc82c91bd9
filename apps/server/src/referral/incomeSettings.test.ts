import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { loadReferralSettings, parseReferralSettings, referralSettingsAt } from './incomeSettings.ts';

const version = (effectiveFrom: number, extra: Record<string, unknown> = {}) => ({
  effectiveFrom,
  directBps: 1000,
  indirectBps: [500, 300, 100, 100, 100, 100, 100, 100, 100],
  binaryBps: 1000,
  matchingBps: 1000,
  serviceCenterBps: 200,
  prizePoolBps: 200,
  prizePoolWinners: 10,
  loopBps: 2000,
  loopPackageId: 1,
  releaseDays: 20,
  ...extra,
});

describe('referral settings', () => {
  it('ships the ECONOMY §4 defaults', () => {
    const shipped = loadReferralSettings({});
    expect(shipped.versions).toEqual([{ ...version(0), effectiveFrom: 0n }]);
  });

  it('picks the version in force', () => {
    const s = parseReferralSettings([version(0), version(86_400, { directBps: 800 })], 'test');
    expect(referralSettingsAt(s, 86_399n).directBps).toBe(1000);
    expect(referralSettingsAt(s, 86_400n).directBps).toBe(800);
  });

  it.each([
    [[version(0, { directBps: 10_001 })], '[0].directBps is 10001'],
    [[version(0, { indirectBps: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] })], 'at most 9 (levels 2–10)'],
    [[version(0, { indirectBps: [500, -1] })], '[0].indirectBps.1 is -1'],
    [[version(0, { releaseDays: 0 })], '[0].releaseDays is 0'],
    [[version(0, { extra: 1 })], 'unknown field(s) extra'],
    [[version(5)], 'is not 00:00 UTC'],
    [[version(86_400)], 'must be 0'],
    [[], 'lists no version'],
  ])('refuses %j naming the field', (json, message) => {
    expect(() => parseReferralSettings(json, 'test')).toThrow(EnvError);
    expect(() => parseReferralSettings(json, 'test')).toThrow(message);
  });
});
