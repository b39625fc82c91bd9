import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { readOpsSettings } from './settings.ts';

describe('readOpsSettings', () => {
  it('defaults: lag 10 blocks, a check a minute, alerts on a shortfall only, metrics to the loopback only', () => {
    const s = readOpsSettings({});
    expect(s).toMatchObject({ maxLagBlocks: 10, solvencyCheckMs: 60_000, metricsAllow: [] });
    expect([...s.reserveThresholds]).toEqual([
      ['USDT', 0n],
      ['EUSD', 0n],
      ['ETRO', 0n],
    ]);
  });

  it('reads thresholds in token units, exactly', () => {
    const s = readOpsSettings({
      ETERNO_RESERVE_ALERT_EUSD: '0.000000000000000001',
      ETERNO_RESERVE_ALERT_USDT: '25000',
    });
    expect(s.reserveThresholds.get('EUSD')).toBe(1n);
    expect(s.reserveThresholds.get('USDT')).toBe(25_000n * 10n ** 18n);
  });

  it.each([
    ['ETERNO_RESERVE_ALERT_USDT', '-5'],
    ['ETERNO_RESERVE_ALERT_ETRO', '1e6'],
    ['ETERNO_READY_MAX_LAG_BLOCKS', 'ten'],
    ['ETERNO_SOLVENCY_CHECK_S', '1'],
  ])('stops the start on %s=%s, naming it', (name, value) => {
    expect(() => readOpsSettings({ [name]: value })).toThrow(EnvError);
    expect(() => readOpsSettings({ [name]: value })).toThrow(name);
  });
});
