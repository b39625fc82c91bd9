/**
 * A small metrics registry written out in Prometheus' text exposition format 0.0.4 (no dependency:
 * counters, gauges and histograms with labels is all the API needs). Label values are escaped;
 * callers keep their cardinality bounded (a route pattern, never a raw URL).
 *
 * Gauge values are strings of a decimal number (or `+Inf` / `-Inf` / `NaN`), so a token amount
 * goes from its bigint to the page without passing through a float on the server.
 */

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Readonly<Record<string, string>>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SAMPLE_VALUE = /^(-?\d+(\.\d+)?([eE][-+]?\d+)?|[+-]Inf|NaN)$/;

export class MetricsError extends Error {
  override name = 'MetricsError';
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

/** `{a="1",b="2"}` in the metric's label order; empty for no labels. */
function labelText(names: readonly string[], labels: Labels, extra?: [string, string]): string {
  const parts = names.map((n) => `${n}="${escapeLabel(labels[n] ?? '')}"`);
  if (extra) parts.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

/** The key of one label set (the values in the metric's label order). */
const keyOf = (names: readonly string[], labels: Labels): string => JSON.stringify(names.map((n) => labels[n] ?? ''));

function checkNames(name: string, labelNames: readonly string[]): void {
  if (!NAME.test(name)) throw new MetricsError(`"${name}" is not a metric name`);
  for (const l of labelNames) if (!LABEL.test(l) || l === 'le') throw new MetricsError(`"${l}" is not a label name`);
}

const formatNumber = (n: number): string =>
  Number.isNaN(n) ? 'NaN' : n === Infinity ? '+Inf' : n === -Infinity ? '-Inf' : String(n);

interface Metric {
  render(): string;
}

export class Counter<L extends string = never> implements Metric {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[] = [],
  ) {
    checkNames(name, labelNames);
  }
  inc(labels: Readonly<Record<L, string>>, by = 1): void {
    const key = keyOf(this.labelNames, labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += by;
    else this.#values.set(key, { labels: { ...labels }, value: by });
  }
  /** The count of one label set (0 when never counted). */
  get(labels: Readonly<Record<L, string>>): number {
    return this.#values.get(keyOf(this.labelNames, labels))?.value ?? 0;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.#values.values())
      lines.push(`${this.name}${labelText(this.labelNames, labels)} ${formatNumber(value)}`);
    return lines.join('\n');
  }
}

export class Gauge<L extends string = never> implements Metric {
  readonly #values = new Map<string, { labels: Labels; value: string }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[] = [],
  ) {
    checkNames(name, labelNames);
  }
  /** `value`: a number, or the text of a decimal number (exact: a token amount). */
  set(labels: Readonly<Record<L, string>>, value: number | string): void {
    const text = typeof value === 'number' ? formatNumber(value) : value;
    if (!SAMPLE_VALUE.test(text)) throw new MetricsError(`${this.name}: "${text}" is not a sample value`);
    this.#values.set(keyOf(this.labelNames, labels), { labels: { ...labels }, value: text });
  }
  get(labels: Readonly<Record<L, string>>): string | undefined {
    return this.#values.get(keyOf(this.labelNames, labels))?.value;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.#values.values())
      lines.push(`${this.name}${labelText(this.labelNames, labels)} ${value}`);
    return lines.join('\n');
  }
}

export class Histogram<L extends string = never> implements Metric {
  readonly #values = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
  readonly buckets: readonly number[];
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[],
    buckets: readonly number[],
  ) {
    checkNames(name, labelNames);
    this.buckets = [...buckets].sort((a, b) => a - b);
  }
  observe(labels: Readonly<Record<L, string>>, value: number): void {
    const key = keyOf(this.labelNames, labels);
    let entry = this.#values.get(key);
    if (!entry) {
      entry = { labels: { ...labels }, buckets: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#values.set(key, entry);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) entry.buckets[i]!++;
    entry.sum += value;
    entry.count++;
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.#values.values()) {
      this.buckets.forEach((le, i) =>
        lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, ['le', formatNumber(le)])} ${buckets[i]}`),
      );
      lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, ['le', '+Inf'])} ${count}`);
      lines.push(`${this.name}_sum${labelText(this.labelNames, labels)} ${formatNumber(sum)}`);
      lines.push(`${this.name}_count${labelText(this.labelNames, labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** The metrics of one process, written out in registration order. */
export class Registry {
  readonly #metrics: Metric[] = [];
  readonly #names = new Set<string>();
  register<M extends Metric & { name: string }>(metric: M): M {
    if (this.#names.has(metric.name)) throw new MetricsError(`${metric.name} is registered twice`);
    this.#names.add(metric.name);
    this.#metrics.push(metric);
    return metric;
  }
  render(): string {
    return `${this.#metrics.map((m) => m.render()).join('\n')}\n`;
  }
}
