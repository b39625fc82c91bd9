/**
 * The referral income settings (ECONOMY §4): the dynamic income rates, the loop share and package,
 * the prize pool's winners and the release period, as a list of versions each in force from its
 * `effectiveFrom` (a UTC day start) on, like the finance settings (../finance/settings.ts). An
 * input of the indexer, so a file of the repo: `apps/server/settings/referral.json`, or the file
 * named by `ETERNO_REFERRAL_SETTINGS`. A purchase's incomes follow the version in force at its block
 * time, a settlement of day D the version in force at D's 00:00 UTC.
 * Rules: docs/decisions/referral.md ("Dynamic incomes").
 */
import { fileURLToPath } from 'node:url';
import { DAY_SECONDS, settingsAt as versionAt } from '@eterno/protocol/finance/rules';
import type { IncomeRates } from '@eterno/protocol/referral/incomes';
import { readSettingsJson, SettingsReader } from '../finance/settings.ts';

export type ReferralSettingsVersion = IncomeRates & {
  effectiveFrom: bigint;
  /** The finance package a loop order is made of (its price is the loop unit). */
  loopPackageId: number;
};

export type ReferralSettings = { source: string; versions: readonly ReferralSettingsVersion[] };

export const SHIPPED_REFERRAL_SETTINGS = fileURLToPath(new URL('../../settings/referral.json', import.meta.url));

const WHAT = 'referral settings';
const KEYS = [
  'effectiveFrom',
  'directBps',
  'indirectBps',
  'binaryBps',
  'matchingBps',
  'serviceCenterBps',
  'prizePoolBps',
  'prizePoolWinners',
  'loopBps',
  'loopPackageId',
  'releaseDays',
] as const;
/** The inviter tree the indexer keeps is 10 levels deep: levels 2–10 at most. */
const MAX_INDIRECT_LEVELS = 9;

function readVersion(r: SettingsReader, value: unknown, path: string): ReferralSettingsVersion {
  const o = r.object(value, path);
  r.keys(o, KEYS, path);
  const effectiveFrom = o.effectiveFrom;
  if (typeof effectiveFrom !== 'number' || !Number.isSafeInteger(effectiveFrom) || effectiveFrom < 0)
    r.fail(`${path}.effectiveFrom is ${JSON.stringify(effectiveFrom)}, expected a unix time in seconds`);
  if (BigInt(effectiveFrom) % DAY_SECONDS !== 0n)
    r.fail(`${path}.effectiveFrom ${effectiveFrom} is not 00:00 UTC of a day`);
  const indirect = r.array(o.indirectBps, `${path}.indirectBps`);
  if (indirect.length > MAX_INDIRECT_LEVELS)
    r.fail(`${path}.indirectBps lists ${indirect.length} levels, at most ${MAX_INDIRECT_LEVELS} (levels 2–10)`);
  const bps = (key: string) => r.int(o, key, path, 0, 10_000);
  return {
    effectiveFrom: BigInt(effectiveFrom),
    directBps: bps('directBps'),
    indirectBps: indirect.map((value, i) => r.int({ [i]: value }, String(i), `${path}.indirectBps`, 0, 10_000)),
    binaryBps: bps('binaryBps'),
    matchingBps: bps('matchingBps'),
    serviceCenterBps: bps('serviceCenterBps'),
    prizePoolBps: bps('prizePoolBps'),
    prizePoolWinners: r.int(o, 'prizePoolWinners', path, 1, 1_000),
    loopBps: bps('loopBps'),
    loopPackageId: r.int(o, 'loopPackageId', path, 1, 99),
    releaseDays: r.int(o, 'releaseDays', path, 1, 3_650),
  };
}

/** Validates parsed JSON (`source` names it in the errors); throws EnvError with the faulty field. */
export function parseReferralSettings(json: unknown, source: string): ReferralSettings {
  const r = new SettingsReader(source, WHAT);
  const versions = r.versions(json, (v, path) => readVersion(r, v, path));
  return { source, versions };
}

/** Reads and validates the file `ETERNO_REFERRAL_SETTINGS` names, else the shipped one. */
export function loadReferralSettings(env: NodeJS.ProcessEnv): ReferralSettings {
  const file = env.ETERNO_REFERRAL_SETTINGS || SHIPPED_REFERRAL_SETTINGS;
  return parseReferralSettings(readSettingsJson(file, WHAT), file);
}

/** The version in force at `time`. */
export const referralSettingsAt = (settings: ReferralSettings, time: bigint): ReferralSettingsVersion =>
  versionAt(settings.versions, time);
