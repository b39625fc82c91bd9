/**
 * `npm run ops -- publish-settings --domain finance|referral|nodes --file <version.json> --effective-day <day>`:
 * appends a new version to `apps/server/settings/<domain>.json`, validated by the server's own parser,
 * in force from a UTC day that has not begun yet (today + 1 at the earliest), and prints the parameters
 * it changes against the version in force before it. Without `--yes` it writes nothing.
 *
 * The earliest day is today + 1 by the operator's clock (UTC), not "the day after the last settled day":
 * the indexer settles a day only once it has ended, so a day that has not begun is never settled, and the
 * command needs neither the API nor the database. The server reads the file at its start: the new
 * version counts once the server is restarted before that day (docs/operations.md, "Routine tasks").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@eterno/devstack/stack';
import { parseFinanceSettings } from '@eterno/server/finance/settings';
import { parseNodesSettings } from '@eterno/server/nodes/settings';
import { parseReferralSettings } from '@eterno/server/referral/incomeSettings';
import { Refused as Refusal, UsageError, type OpsIo } from './errors.ts';

/** A refusal of this command: nothing written. */
class Refused extends Refusal {
  constructor(message: string) {
    super(message, 'Nothing was written.');
  }
}

const DAY = 86_400;

const DOMAINS = {
  finance: (json: unknown, source: string) => parseFinanceSettings(json, source),
  referral: (json: unknown, source: string) => parseReferralSettings(json, source),
  nodes: (json: unknown, source: string) => parseNodesSettings(json, source),
} as const;
type Domain = keyof typeof DOMAINS;

export type PublishOptions = {
  domain: string | undefined;
  file: string | undefined;
  effectiveDay: string | undefined;
  /** `--yes`: write the file (else a dry run). */
  write: boolean;
};

/** A day as `YYYY-MM-DD` → unix seconds of its 00:00 UTC; null when malformed. */
export function parseDay(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms).toISOString().slice(0, 10);
  return back === text ? ms / 1000 : null;
}

const dayText = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every leaf of `value` as `path → JSON text` (`packages[2].units`, `indirectBps[0]`). */
function leaves(value: Json, path: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, '[]');
    value.forEach((item, i) => leaves(item, `${path}[${i}]`, into));
  } else if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) into.set(path, '{}');
    for (const key of keys) leaves(value[key]!, path ? `${path}.${key}` : key, into);
  } else {
    into.set(path, JSON.stringify(value));
  }
  return into;
}

/** The parameters that differ between two versions, one line each: `path: old → new`. */
export function settingsDiff(before: Json, after: Json): string[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const lines: string[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (path === 'effectiveFrom') continue;
    const old = a.get(path);
    const next = b.get(path);
    if (old === next) continue;
    lines.push(`${path}: ${old ?? '(absent)'} → ${next ?? '(absent)'}`);
  }
  return lines;
}

export async function publishSettings(opts: PublishOptions, io: OpsIo): Promise<void> {
  const { domain, file, effectiveDay } = opts;
  if (domain === undefined || !(domain in DOMAINS)) {
    throw new UsageError('--domain must be finance, referral or nodes');
  }
  if (!file) throw new UsageError('--file <version.json> is required (one version: a JSON object)');
  if (!effectiveDay) throw new UsageError('--effective-day <YYYY-MM-DD> is required');
  const effectiveFrom = parseDay(effectiveDay);
  if (effectiveFrom === null) throw new UsageError(`--effective-day "${effectiveDay}" is not a day as YYYY-MM-DD`);

  const now = Math.floor((io.now?.() ?? new Date()).getTime() / 1000);
  const tomorrow = Math.floor(now / DAY) * DAY + DAY;
  if (effectiveFrom < tomorrow) {
    throw new Refused(
      `the effective day ${effectiveDay} has begun or passed (today is ${dayText(now)} UTC): a new version must start on ${dayText(tomorrow)} or later, so no day already settled or being settled changes`,
    );
  }

  let version: unknown;
  try {
    version = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Refused(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  if (version === null || typeof version !== 'object' || Array.isArray(version)) {
    throw new Refused(
      `${file} must hold ONE version (a JSON object), not ${Array.isArray(version) ? 'a list' : typeof version}`,
    );
  }
  const given = (version as { effectiveFrom?: unknown }).effectiveFrom;
  if (given !== undefined && given !== effectiveFrom) {
    throw new Refused(
      `${file} says effectiveFrom ${JSON.stringify(given)}, but --effective-day is ${effectiveDay} (${effectiveFrom}): leave effectiveFrom out of the file`,
    );
  }
  const next = { effectiveFrom, ...(version as Record<string, Json>) } as { [key: string]: Json };
  next.effectiveFrom = effectiveFrom;

  const target = join(io.repoRoot ?? REPO_ROOT, 'apps/server/settings', `${domain}.json`);
  const text = readFileSync(target, 'utf8');
  const versions = JSON.parse(text) as Json[];
  if (!Array.isArray(versions) || versions.length === 0) throw new Refused(`${target} is not a list of versions`);
  const last = versions[versions.length - 1] as { [key: string]: Json };
  if (typeof last.effectiveFrom === 'number' && last.effectiveFrom >= effectiveFrom) {
    throw new Refused(
      `${target} already has a version from ${dayText(last.effectiveFrom)}: the new one must start after it`,
    );
  }
  try {
    DOMAINS[domain as Domain]([...versions, next], `${target} + ${file}`);
  } catch (error) {
    throw new Refused(`the server's settings parser refuses the new version: ${(error as Error).message}`);
  }

  io.out(`settings: ${target}`);
  io.out(`in force now (from ${dayText(Number(last.effectiveFrom))}) → new version from ${effectiveDay} 00:00 UTC`);
  const diff = settingsDiff(last, next);
  if (diff.length === 0) {
    io.out('changes: none (the new version equals the one in force)');
  } else {
    io.out('changes:');
    for (const line of diff) io.out(`  ${line}`);
  }

  if (!opts.write) {
    io.out('Dry run: the file is unchanged. Add --yes to write it.');
    return;
  }
  // Appended as text: the earlier versions stay byte for byte as they were.
  const body = JSON.stringify(next, null, 2)
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  const closing = text.lastIndexOf(']');
  const written = `${text.slice(0, closing).trimEnd()},\n${body}\n]\n`;
  DOMAINS[domain as Domain](JSON.parse(written), target);
  writeFileSync(target, written);
  io.out(`written: ${target} now has ${versions.length + 1} versions.`);
  io.out('Next: commit the file, deploy it with the server, and restart the server before that day begins.');
}
