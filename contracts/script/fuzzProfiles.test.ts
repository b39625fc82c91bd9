import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACTS_DIR } from './artifacts.ts';

/**
 * The fuzz profiles (docs/decisions/fuzz-profiles.md): `npm test` runs the default profile, `npm run
 * fuzz:deep` the deep one. Checked on forge's own reading of foundry.toml, so a setting that would
 * not reach forge fails here rather than silently running the short profile.
 */
type ForgeConfig = { fuzz: { runs: number }; invariant: { runs: number; depth: number; fail_on_revert: boolean } };

function forgeConfig(profile: string): ForgeConfig {
  const out = execFileSync(join(CONTRACTS_DIR, 'bin/forge'), ['config', '--json'], {
    cwd: CONTRACTS_DIR,
    env: { ...process.env, FOUNDRY_PROFILE: profile },
    encoding: 'utf8',
  });
  return JSON.parse(out) as ForgeConfig;
}

describe('fuzz profiles', { timeout: 60_000 }, () => {
  it('default (npm test): 256 fuzz runs; invariant suites 64 runs of depth 40, a handler revert fails', () => {
    const config = forgeConfig('default');
    expect(config.fuzz.runs).toBe(256);
    expect(config.invariant).toMatchObject({ runs: 64, depth: 40, fail_on_revert: true });
  });

  it('deep (npm run fuzz:deep): 10,000 fuzz runs; invariant suites 1,000 runs of depth 100', () => {
    const config = forgeConfig('deep');
    expect(config.fuzz.runs).toBe(10_000);
    expect(config.invariant).toMatchObject({ runs: 1_000, depth: 100, fail_on_revert: true });
  });

  it('no test pins runs or depth inline (an inline `default.` setting would also hold under the deep profile)', () => {
    const testDir = join(CONTRACTS_DIR, 'test');
    const files = readdirSync(testDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sol'));
    expect(files.length).toBeGreaterThan(0);
    const pinned = files.flatMap((file) =>
      readFileSync(join(testDir, file), 'utf8')
        .split('\n')
        .filter((line) => /forge-config:\s*\w+\.(fuzz|invariant)\.(runs|depth)\b/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(pinned).toEqual([]);
  });

  it('`npm run fuzz:deep` selects the deep profile through the forge wrapper, and npm test does not', () => {
    const contracts = JSON.parse(readFileSync(join(CONTRACTS_DIR, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const root = JSON.parse(readFileSync(join(CONTRACTS_DIR, '../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(contracts.scripts['fuzz:deep']).toBe('bash script/fuzz-deep.sh');
    const deepScript = readFileSync(join(CONTRACTS_DIR, 'script/fuzz-deep.sh'), 'utf8');
    expect(deepScript).toMatch(/^export FOUNDRY_PROFILE=deep$/m);
    // Both runs: the ordinary suites, then the adversarial ones isolated, each taking the extra arguments.
    expect(deepScript).toMatch(/^bin\/forge test .*--no-match-path 'test\/adversarial\/\*\*' "\$@"/m);
    expect(deepScript).toMatch(/^bin\/forge test --isolate .*--match-path 'test\/adversarial\/\*\*' "\$@"/m);
    expect(root.scripts['fuzz:deep']).toBe('npm run -w contracts fuzz:deep --');
    expect(contracts.scripts.test).not.toMatch(/deep/);
    expect(readFileSync(join(CONTRACTS_DIR, '../scripts/run-tests.ts'), 'utf8')).not.toMatch(
      /fuzz:deep|FOUNDRY_PROFILE/,
    );
  });
});
