/**
 * The finance settings (ECONOMY §2): the package catalogue, the regular products, the daily quota
 * and the purchase authorisations' lifetime, as a list of versions each in force from its
 * `effectiveFrom` (a UTC day start) on. They are an input of the indexer (the settlement reads the
 * version in force at each settled day), so they live in a file of the repo, never in a database:
 * `apps/server/settings/finance.json`, or the file named by `ETERNO_FINANCE_SETTINGS`. Amounts are
 * decimal strings of wei (18 decimals). A change is a new version with a later `effectiveFrom`:
 * the past keeps the version it was settled with. Rules: docs/decisions/finance.md.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CUSTOM_RANGES } from '@eterno/protocol/financeApi';
import { DAY_SECONDS, packagePrice as priceOf, settingsAt as versionAt } from '@eterno/protocol/finance/rules';
import { EnvError } from '../api/env.ts';

const BPS_MAX = 10_000;

/** One package of the catalogue: its price is `units × unitPrice` of its version. */
export type FinancePackage = {
  id: number;
  units: number;
  multiple01Bps: number;
  multiple02Bps: number;
  allocation01Bps: number;
  dailyRateBps: number;
  cyclesMax: number;
};

/** One fixed-term product: `days` at `dailyRateBps` of the principal, a principal in [min, max]. */
export type RegularProduct = {
  id: number;
  days: number;
  dailyRateBps: number;
  minAmount: bigint;
  maxAmount: bigint;
};

/** One version of the settings, in force from `effectiveFrom` (unix, a UTC day start) on. */
export type FinanceSettingsVersion = {
  effectiveFrom: bigint;
  unitPrice: bigint;
  packages: readonly FinancePackage[];
  regular: readonly RegularProduct[];
  dailyQuota: bigint;
  purchaseLifetime: number;
};

/** Every version, oldest first; the first is in force from 0. */
export type FinanceSettings = { source: string; versions: readonly FinanceSettingsVersion[] };

/** The shipped settings file. */
export const SHIPPED_FINANCE_SETTINGS = fileURLToPath(new URL('../../settings/finance.json', import.meta.url));

type Json = Record<string, unknown>;

/** Reads a settings file's JSON, naming the faulty field (`what`: which settings, `where`: the file). */
export class SettingsReader {
  constructor(
    readonly where: string,
    readonly what = 'finance settings',
  ) {}

  fail(message: string): never {
    throw new EnvError(`${this.what} ${this.where}: ${message}`);
  }

  object(value: unknown, path: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(`${path} is not an object`);
    return value as Json;
  }

  array(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) this.fail(`${path} is not a list`);
    return value;
  }

  int(obj: Json, key: string, path: string, min: number, max: number): number {
    const value = obj[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
      this.fail(`${path}.${key} is ${JSON.stringify(value)}, expected an integer from ${min} to ${max}`);
    return value;
  }

  wei(obj: Json, key: string, path: string): bigint {
    const value = obj[key];
    if (typeof value !== 'string' || !/^[1-9]\d{0,59}$/.test(value))
      this.fail(`${path}.${key} is ${JSON.stringify(value)}, expected a positive decimal string of wei`);
    return BigInt(value);
  }

  /**
   * The file's list of versions, each read by `read`: at least one, the first in force from 0, each
   * later one strictly after the one before.
   */
  versions<V extends { effectiveFrom: bigint }>(json: unknown, read: (value: unknown, path: string) => V): V[] {
    const list = this.array(json, 'the file');
    if (list.length === 0) this.fail('lists no version');
    const versions = list.map((v, i) => read(v, `[${i}]`));
    if (versions[0]!.effectiveFrom !== 0n)
      this.fail('[0].effectiveFrom must be 0 (the first version is in force from the start)');
    for (let i = 1; i < versions.length; i++)
      if (versions[i]!.effectiveFrom <= versions[i - 1]!.effectiveFrom)
        this.fail(`[${i}].effectiveFrom is not after the previous version's`);
    return versions;
  }

  keys(obj: Json, allowed: readonly string[], path: string): void {
    const extra = Object.keys(obj).filter((k) => !allowed.includes(k));
    if (extra.length > 0) this.fail(`${path} has unknown field(s) ${extra.join(', ')}`);
  }
}

const PACKAGE_KEYS = [
  'id',
  'units',
  'multiple01Bps',
  'multiple02Bps',
  'allocation01Bps',
  'dailyRateBps',
  'cyclesMax',
] as const;
const REGULAR_KEYS = ['id', 'days', 'dailyRateBps', 'minAmount', 'maxAmount'] as const;
const VERSION_KEYS = ['effectiveFrom', 'unitPrice', 'packages', 'regular', 'dailyQuota', 'purchaseLifetime'] as const;

function readPackage(r: SettingsReader, value: unknown, path: string): FinancePackage {
  const o = r.object(value, path);
  r.keys(o, PACKAGE_KEYS, path);
  return {
    id: r.int(o, 'id', path, CUSTOM_RANGES.package.min, CUSTOM_RANGES.package.max),
    units: r.int(o, 'units', path, 1, 1_000_000),
    multiple01Bps: r.int(o, 'multiple01Bps', path, 0, 1_000_000),
    multiple02Bps: r.int(o, 'multiple02Bps', path, 0, 1_000_000),
    allocation01Bps: r.int(o, 'allocation01Bps', path, 0, BPS_MAX),
    dailyRateBps: r.int(o, 'dailyRateBps', path, 1, BPS_MAX),
    cyclesMax: r.int(o, 'cyclesMax', path, 1, 1_000),
  };
}

function readRegular(r: SettingsReader, value: unknown, path: string): RegularProduct {
  const o = r.object(value, path);
  r.keys(o, REGULAR_KEYS, path);
  const product = {
    id: r.int(o, 'id', path, CUSTOM_RANGES.regular.min, CUSTOM_RANGES.regular.max),
    days: r.int(o, 'days', path, 1, 3_650),
    dailyRateBps: r.int(o, 'dailyRateBps', path, 0, BPS_MAX),
    minAmount: r.wei(o, 'minAmount', path),
    maxAmount: r.wei(o, 'maxAmount', path),
  };
  if (product.minAmount > product.maxAmount) r.fail(`${path}.minAmount is above its maxAmount`);
  return product;
}

function unique(r: SettingsReader, ids: readonly number[], path: string): void {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) r.fail(`${path} lists id ${id} twice`);
    seen.add(id);
  }
}

function readVersion(r: SettingsReader, value: unknown, path: string): FinanceSettingsVersion {
  const o = r.object(value, path);
  r.keys(o, VERSION_KEYS, path);
  const effectiveFrom = o.effectiveFrom;
  if (typeof effectiveFrom !== 'number' || !Number.isSafeInteger(effectiveFrom) || effectiveFrom < 0)
    r.fail(`${path}.effectiveFrom is ${JSON.stringify(effectiveFrom)}, expected a unix time in seconds`);
  if (BigInt(effectiveFrom) % DAY_SECONDS !== 0n)
    r.fail(`${path}.effectiveFrom ${effectiveFrom} is not 00:00 UTC of a day`);
  const packages = r.array(o.packages, `${path}.packages`).map((p, i) => readPackage(r, p, `${path}.packages[${i}]`));
  const regular = r.array(o.regular, `${path}.regular`).map((p, i) => readRegular(r, p, `${path}.regular[${i}]`));
  unique(
    r,
    packages.map((p) => p.id),
    `${path}.packages`,
  );
  unique(
    r,
    regular.map((p) => p.id),
    `${path}.regular`,
  );
  const version = {
    effectiveFrom: BigInt(effectiveFrom),
    unitPrice: r.wei(o, 'unitPrice', path),
    packages,
    regular,
    dailyQuota: r.wei(o, 'dailyQuota', path),
    purchaseLifetime: r.int(o, 'purchaseLifetime', path, 60, 86_400),
  };
  // A package dearer than the whole quota could never be allotted and would block the FIFO queue.
  for (const pkg of packages)
    if (priceOf(pkg.units, version.unitPrice) > version.dailyQuota)
      r.fail(`${path}.packages id ${pkg.id} costs more than the dailyQuota: it could never be allotted`);
  return version;
}

/** Validates parsed JSON (`source` names it in the errors); throws EnvError with the faulty field. */
export function parseFinanceSettings(json: unknown, source: string): FinanceSettings {
  const r = new SettingsReader(source);
  const versions = r.versions(json, (v, path) => readVersion(r, v, path));
  return { source, versions };
}

/** The parsed JSON of a settings file; EnvError (`what` and the file named) when unreadable or not JSON. */
export function readSettingsJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvError(`${what} ${file}: cannot be read (${(error as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new EnvError(`${what} ${file}: not JSON (${(error as Error).message})`);
  }
}

/** Reads and validates the file `ETERNO_FINANCE_SETTINGS` names, else the shipped one. */
export function loadFinanceSettings(env: NodeJS.ProcessEnv): FinanceSettings {
  const file = env.ETERNO_FINANCE_SETTINGS || SHIPPED_FINANCE_SETTINGS;
  return parseFinanceSettings(readSettingsJson(file, 'finance settings'), file);
}

/** The version in force at `time`: the last whose `effectiveFrom` ≤ time (rules.ts `settingsAt`). */
export const settingsAt = (settings: FinanceSettings, time: bigint): FinanceSettingsVersion =>
  versionAt(settings.versions, time);

/** A package's price in its version: units × unit price (rules.ts `packagePrice`). */
export const packagePrice = (version: FinanceSettingsVersion, pkg: FinancePackage): bigint =>
  priceOf(pkg.units, version.unitPrice);

export const findPackage = (version: FinanceSettingsVersion, id: number): FinancePackage | undefined =>
  version.packages.find((p) => p.id === id);

export const findRegular = (version: FinanceSettingsVersion, id: number): RegularProduct | undefined =>
  version.regular.find((p) => p.id === id);
