/**
 * web.login_lighthouse_performance: Lighthouse's performance score (0–100) of `/login`, served by
 * apps/web/serve.ts, with Lighthouse's default settings: a mobile device with simulated throttling
 * (slow 4G, 4× CPU slowdown). Chromium is Debian's (`CHROME_PATH`, /usr/bin/chromium unless set).
 * Lighthouse's own advice is to take the median of several runs: the score is the median of
 * `runs` (3 by default), and each run's metrics are returned.
 *
 *   node --import tsx scripts/bench/lighthouse.ts <url>   prints the runs and the median
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.ETERNO_CHROMIUM ?? '/usr/bin/chromium';

export type LighthouseRun = {
  /** The performance category score, 0–100. */
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
};

export type LighthouseResult = { version: string; performance: number; runs: LighthouseRun[] };

type Audit = { numericValue?: number; score?: number | null };
type Category = { score: number | null; auditRefs?: Array<{ id: string; weight: number }> };
/** The part of a Lighthouse report (LHR) the benchmarks read. */
export type LighthouseReport = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: { performance: Category; accessibility?: Category };
  audits: Record<string, Audit | undefined>;
  runtimeError?: { code: string; message: string };
};

function audit(report: LighthouseReport, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`lighthouse report has no ${id}`);
  return value;
}

/**
 * Lighthouse could not record the page load (e.g. NO_NAVSTART, NO_FCP: a trace lost on a busy
 * machine). The run tells nothing about the page, so it is run again (RETRIES times at most).
 */
class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`lighthouse: ${code} ${message}`);
    this.name = 'LighthouseRuntimeError';
  }
}

const RETRIES = 2;

async function runRetrying(url: string): Promise<LighthouseRun & { version: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= RETRIES) throw error;
      console.error(`${error.message}: running Lighthouse again`);
    }
  }
}

async function runOnce(url: string): Promise<LighthouseRun & { version: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'eterno-lighthouse-'));
  try {
    const args = [
      LIGHTHOUSE_CLI,
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, CHROME_PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve(out);
        else {
          const runtime = /Runtime error encountered: (.*)\((\w+)\)/.exec(err);
          reject(
            runtime
              ? new LighthouseRuntimeError(runtime[2] as string, runtime[1] as string)
              : new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`),
          );
        }
      });
    });
    const report = JSON.parse(stdout) as LighthouseReport;
    if (report.runtimeError) throw new LighthouseRuntimeError(report.runtimeError.code, report.runtimeError.message);
    return { version: report.lighthouseVersion, ...metricsOf(report) };
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/** The performance score and its main metrics from a report. */
export function metricsOf(report: LighthouseReport): LighthouseRun {
  const score = report.categories.performance.score;
  if (score === null) throw new Error('lighthouse gave no performance score');
  return {
    performance: Math.round(score * 100),
    firstContentfulPaintMs: Math.round(audit(report, 'first-contentful-paint')),
    largestContentfulPaintMs: Math.round(audit(report, 'largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(audit(report, 'total-blocking-time')),
    cumulativeLayoutShift: Math.round(audit(report, 'cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(audit(report, 'speed-index')),
  };
}

/** Lighthouse (mobile, default throttling) on `url`, `runs` times one after another; the score is the median. */
export async function measureLighthouse(url: string, runs = 3): Promise<LighthouseResult> {
  const results: Array<LighthouseRun & { version: string }> = [];
  for (let i = 0; i < runs; i++) results.push(await runRetrying(url));
  const sorted = results.map((r) => r.performance).sort((a, b) => a - b);
  const version = results[0]?.version ?? '?';
  return {
    version,
    performance: sorted[Math.floor(sorted.length / 2)] as number,
    runs: results.map(({ version: _, ...run }) => run),
  };
}

if (process.argv[1] === import.meta.filename) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node --import tsx scripts/bench/lighthouse.ts <url> [runs]');
    process.exit(2);
  }
  const result = await measureLighthouse(url, Number(process.argv[3] ?? 3));
  for (const run of result.runs) console.log(JSON.stringify(run));
  console.log(`performance (median): ${result.performance}`);
}
