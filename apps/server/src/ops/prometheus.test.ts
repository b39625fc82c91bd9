import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, MetricsError, Registry } from './prometheus.ts';

describe('the Prometheus text format', () => {
  it('writes HELP and TYPE, escapes label values, and histogram buckets cumulative with +Inf', () => {
    const r = new Registry();
    const c = r.register(new Counter('t_total', 'a\nb', ['route']));
    const h = r.register(new Histogram('t_seconds', 'h', ['route'], [0.1, 1]));
    c.inc({ route: 'a"b\\c\nd' });
    h.observe({ route: '/x' }, 0.05);
    h.observe({ route: '/x' }, 0.5);
    h.observe({ route: '/x' }, 3);
    expect(r.render()).toBe(
      [
        '# HELP t_total a\\nb',
        '# TYPE t_total counter',
        't_total{route="a\\"b\\\\c\\nd"} 1',
        '# HELP t_seconds h',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{route="/x",le="0.1"} 1',
        't_seconds_bucket{route="/x",le="1"} 2',
        't_seconds_bucket{route="/x",le="+Inf"} 3',
        't_seconds_sum{route="/x"} 3.55',
        't_seconds_count{route="/x"} 3',
        '',
      ].join('\n'),
    );
  });

  it('refuses a gauge value that is not a number, and a name registered twice', () => {
    const r = new Registry();
    const g = r.register(new Gauge('g', 'g', ['token']));
    expect(() => g.set({ token: 'USDT' }, '12 34')).toThrow(MetricsError);
    g.set({ token: 'USDT' }, '-0.5');
    expect(g.get({ token: 'USDT' })).toBe('-0.5');
    expect(() => r.register(new Gauge('g', 'again'))).toThrow(MetricsError);
  });
});
