/**
 * The node reward settings (ECONOMY §9): `poolBps`, the share of each UTC day's package payments
 * that feeds the day's node reward pool (default 100 = 1 %), as a list of versions each in force from
 * its `effectiveFrom` (a UTC day start) on, like the finance and referral settings. An input of the
 * indexer, so a file of the repo: `apps/server/settings/nodes.json`, or the file named by
 * `ETERNO_NODES_SETTINGS`. A day's pool follows the version in force at the day's 00:00 UTC; a change
 * is a NEW version with a future `effectiveFrom` (editing a past one would make a rebuilt ledger
 * differ from the live one). Rules: docs/decisions/nodes.md ("Node rewards").
 */
import { fileURLToPath } from 'node:url';
import { DAY_SECONDS, settingsAt } from '@eterno/protocol/finance/rules';
import { readSettingsJson, SettingsReader } from '../finance/settings.ts';

export type NodesSettingsVersion = { effectiveFrom: bigint; poolBps: number };

export type NodesSettings = { source: string; versions: readonly NodesSettingsVersion[] };

export const SHIPPED_NODES_SETTINGS = fileURLToPath(new URL('../../settings/nodes.json', import.meta.url));

const WHAT = 'nodes settings';
const KEYS = ['effectiveFrom', 'poolBps'] as const;

function readVersion(r: SettingsReader, value: unknown, path: string): NodesSettingsVersion {
  const o = r.object(value, path);
  r.keys(o, KEYS, path);
  const effectiveFrom = o.effectiveFrom;
  if (typeof effectiveFrom !== 'number' || !Number.isSafeInteger(effectiveFrom) || effectiveFrom < 0)
    r.fail(`${path}.effectiveFrom is ${JSON.stringify(effectiveFrom)}, expected a unix time in seconds`);
  if (BigInt(effectiveFrom) % DAY_SECONDS !== 0n)
    r.fail(`${path}.effectiveFrom ${effectiveFrom} is not 00:00 UTC of a day`);
  return { effectiveFrom: BigInt(effectiveFrom), poolBps: r.int(o, 'poolBps', path, 0, 10_000) };
}

/** Validates parsed JSON (`source` names it in the errors); throws EnvError with the faulty field. */
export function parseNodesSettings(json: unknown, source: string): NodesSettings {
  const r = new SettingsReader(source, WHAT);
  const versions = r.versions(json, (v, path) => readVersion(r, v, path));
  return { source, versions };
}

/** Reads and validates the file `ETERNO_NODES_SETTINGS` names, else the shipped one. */
export function loadNodesSettings(env: NodeJS.ProcessEnv): NodesSettings {
  const file = env.ETERNO_NODES_SETTINGS || SHIPPED_NODES_SETTINGS;
  return parseNodesSettings(readSettingsJson(file, WHAT), file);
}

/** The version in force at `time`. */
export const nodesSettingsAt = (settings: NodesSettings, time: bigint): NodesSettingsVersion =>
  settingsAt(settings.versions, time);
