import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../api/env.ts';
import { loadNodesSettings, nodesSettingsAt, parseNodesSettings } from './settings.ts';

describe('nodes settings', () => {
  it('ships the ECONOMY §9 default: 1 % of package payments', () => {
    expect(loadNodesSettings({}).versions).toEqual([{ effectiveFrom: 0n, poolBps: 100 }]);
  });

  it('picks the version in force', () => {
    const s = parseNodesSettings(
      [
        { effectiveFrom: 0, poolBps: 100 },
        { effectiveFrom: 86_400, poolBps: 150 },
      ],
      'test',
    );
    expect(nodesSettingsAt(s, 86_399n).poolBps).toBe(100);
    expect(nodesSettingsAt(s, 86_400n).poolBps).toBe(150);
  });

  it.each([
    [[{ effectiveFrom: 0, poolBps: 10_001 }], '[0].poolBps is 10001'],
    [[{ effectiveFrom: 0, poolBps: '100' }], '[0].poolBps is "100"'],
    [[{ effectiveFrom: 0, poolBps: 100, extra: 1 }], 'unknown field(s) extra'],
    [[{ effectiveFrom: 5, poolBps: 100 }], 'is not 00:00 UTC'],
    [[{ effectiveFrom: 86_400, poolBps: 100 }], 'must be 0'],
    [
      [
        { effectiveFrom: 0, poolBps: 100 },
        { effectiveFrom: 0, poolBps: 100 },
      ],
      '[1].effectiveFrom is not after',
    ],
    [[], 'lists no version'],
    [{}, 'is not a list'],
  ])('refuses %j naming the field', (json, message) => {
    expect(() => parseNodesSettings(json, 'x.json')).toThrow(EnvError);
    expect(() => parseNodesSettings(json, 'x.json')).toThrow(message);
  });

  it('reads the file ETERNO_NODES_SETTINGS names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eterno-nodes-settings-'));
    try {
      const file = join(dir, 'nodes.json');
      await writeFile(file, JSON.stringify([{ effectiveFrom: 0, poolBps: 250 }]));
      expect(loadNodesSettings({ ETERNO_NODES_SETTINGS: file }).versions[0]!.poolBps).toBe(250);
      await writeFile(file, '{');
      expect(() => loadNodesSettings({ ETERNO_NODES_SETTINGS: file })).toThrow('not JSON');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
