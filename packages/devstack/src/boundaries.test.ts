import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, formatViolation, importsOf, type BoundaryRule } from './boundaries.ts';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const WORKSPACES = ['contracts', 'packages/protocol', 'packages/devstack', 'apps/server', 'apps/web', 'e2e'];
const NAMES: Record<string, string> = {
  contracts: '@eterno/contracts',
  'packages/protocol': '@eterno/protocol',
  'packages/devstack': '@eterno/devstack',
  'apps/server': '@eterno/server',
  'apps/web': '@eterno/web',
  e2e: '@eterno/e2e',
};

/** A small repository: the root package.json with the workspaces, each workspace's, and `files`. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'eterno-boundaries-'));
  made.push(root);
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'eterno', workspaces: WORKSPACES }),
    ...Object.fromEntries(WORKSPACES.map((ws) => [`${ws}/package.json`, JSON.stringify({ name: NAMES[ws] })])),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function rulesOf(files: Record<string, string>): Array<[string, BoundaryRule]> {
  return checkBoundaries(tree(files)).map((v) => [v.file, v.rule]);
}

describe('importsOf', () => {
  it('finds static, multi-line, type-only, re-export, side-effect, dynamic and require imports, not commented ones', () => {
    const text = [
      "import { a } from './a.ts';",
      'import {',
      '  b,',
      '  c,',
      '} from "./bc.ts";',
      "import type { D } from './d.ts';",
      "export { e } from './e.ts';",
      "import './side.css';",
      "const f = await import('./f.ts');",
      "const g = require.resolve('g/package.json');",
      "// import { h } from './h.ts';",
      "/* import { i } from './i.ts'; */",
    ].join('\n');
    expect(importsOf(text).map((r) => r.specifier)).toEqual([
      './a.ts',
      './bc.ts',
      './d.ts',
      './e.ts',
      './side.css',
      './f.ts',
      'g/package.json',
    ]);
  });
});

describe('checkBoundaries', () => {
  it('passes a tree whose imports stay home or go through package names', () => {
    expect(
      rulesOf({
        'e2e/src/fixture.ts':
          "import { startStack } from '@eterno/devstack/stack';\nimport { snapshot } from './chain.ts';",
        'e2e/src/chain.ts': 'export const snapshot = 1;',
        'scripts/run.ts': "import { x } from './lib/x.ts';\nimport { y } from '@eterno/e2e/chain';",
        'scripts/lib/x.ts': 'export const x = 1;',
        'packages/protocol/src/read.ts':
          "import { createPublicClient } from 'viem';\nimport { privateKeyToAccount } from 'viem/accounts';\nimport { f } from './f.ts';",
        'packages/protocol/src/read.test.ts':
          "import { it } from 'vitest';\nimport { readFileSync } from 'node:fs';\nimport { startAnvil } from '@eterno/devstack/anvil';",
        'packages/protocol/src/generated/abis.ts': "export const a = [{ stateMutability: 'view' }] as const;",
        'packages/protocol/src/generated/sources.ts': "export const s = { path: 'src/EternoFarm.sol' };",
        'contracts/script/gen.ts':
          "import { parseAbi } from 'viem';\nconst a = parseAbi(['function f()']);\nconst p = 'src/EternoFarm.sol';",
        'apps/web/src/app.tsx': "import { eternoFarmSource } from '@eterno/protocol/generated/sources';",
      }),
    ).toEqual([]);
  });

  it('fails a relative import from one workspace into another', () => {
    expect(
      rulesOf({ 'e2e/src/fixture.ts': "import { startStack } from '../../packages/devstack/src/stack.ts';" }),
    ).toEqual([['e2e/src/fixture.ts', 'relative-import']]);
  });

  it('fails a relative import between the root scripts and a workspace, both ways', () => {
    expect(
      rulesOf({
        'scripts/bench/run.ts': "import { readBalances } from '../../e2e/src/chain.ts';",
        'apps/server/scripts/start.ts': "export { freePort } from '../../../scripts/free-port.ts';",
      }),
    ).toEqual([
      ['apps/server/scripts/start.ts', 'relative-import'],
      ['scripts/bench/run.ts', 'relative-import'],
    ]);
  });

  it('fails a dynamic import or a require that leaves its workspace, and one that leaves the repository', () => {
    expect(
      rulesOf({
        'apps/web/src/lazy.ts': "const m = await import('../../server/src/api.ts');",
        'e2e/src/req.ts': "const r = require('../../contracts/script/artifacts.ts');",
        'contracts/script/out.ts': "import { x } from '../../elsewhere/x.ts';",
      }),
    ).toEqual([
      ['apps/web/src/lazy.ts', 'relative-import'],
      ['contracts/script/out.ts', 'relative-import'],
      ['e2e/src/req.ts', 'relative-import'],
    ]);
  });

  it('fails the protocol package importing anything but viem (its tests: also vitest, fast-check, node builtins, the devstack)', () => {
    expect(
      rulesOf({
        'packages/protocol/src/a.ts': "import { useState } from 'react';",
        'packages/protocol/src/b.ts': "import { readFileSync } from 'node:fs';",
        'packages/protocol/src/c.ts': "import { it } from 'vitest';",
        'packages/protocol/src/f.ts': "import fc from 'fast-check';",
        'packages/protocol/src/d.test.ts': "import { forgeArtifact } from '@eterno/contracts/artifacts';",
        'packages/protocol/src/e.test.ts':
          "import { it } from 'vitest';\nimport fc from 'fast-check';\nimport { join } from 'node:path';\nimport { rpc } from '@eterno/devstack/testChain';",
      }),
    ).toEqual([
      ['packages/protocol/src/a.ts', 'protocol-imports'],
      ['packages/protocol/src/b.ts', 'protocol-imports'],
      ['packages/protocol/src/c.ts', 'protocol-imports'],
      ['packages/protocol/src/d.test.ts', 'protocol-imports'],
      ['packages/protocol/src/f.ts', 'protocol-imports'],
    ]);
  });

  it('fails the web app importing the server or the server importing the web app', () => {
    expect(
      rulesOf({
        'apps/web/src/api.ts': "import type { Trade } from '@eterno/server/api';",
        'apps/server/src/x.ts': "import { serveWeb } from '@eterno/web';",
      }),
    ).toEqual([
      ['apps/server/src/x.ts', 'web-server'],
      ['apps/web/src/api.ts', 'web-server'],
    ]);
  });

  it('fails a hand-written ABI outside the generated files', () => {
    expect(
      rulesOf({
        'e2e/src/market.ts':
          "import { parseAbi } from 'viem';\nconst pairAbi = parseAbi(['function token0() view returns (address)']);",
        'apps/web/src/item.ts':
          "import { parseAbiItem } from 'viem';\nconst e = parseAbiItem('event Transfer(address,address,uint256)');",
        'apps/server/src/abi.ts':
          "export const abi = [{ type: 'function', name: 'f', \"stateMutability\": 'view', inputs: [], outputs: [] }] as const;",
      }),
    ).toEqual([
      ['apps/server/src/abi.ts', 'hand-written-abi'],
      ['apps/web/src/item.ts', 'hand-written-abi'],
      ['e2e/src/market.ts', 'hand-written-abi'],
    ]);
  });

  it('fails code outside the contracts build that names a Solidity file (import or path)', () => {
    const found = rulesOf({
      'apps/web/src/Code.tsx': "import farmSource from '@eterno/contracts/src/EternoFarm.sol?raw';",
      'e2e/tests/farm.e2e.test.ts': "const FILE = resolve(import.meta.dirname, '../../contracts/src/EternoFarm.sol');",
    });
    expect(found).toEqual([
      ['apps/web/src/Code.tsx', 'contract-source'],
      ['e2e/tests/farm.e2e.test.ts', 'contract-source'],
    ]);
  });

  it('fails a double cast anywhere, in code but not in a comment', () => {
    expect(
      rulesOf({
        'apps/web/src/tx.ts': '// never `as unknown as`\nexport const c = client as unknown as Clients;',
        'packages/protocol/src/x.test.ts': 'const d = {} as unknown\n  as Deployments;',
      }),
    ).toEqual([
      ['apps/web/src/tx.ts', 'as-unknown-as'],
      ['packages/protocol/src/x.test.ts', 'as-unknown-as'],
    ]);
  });

  it('reports the file and line of each crossing', () => {
    const [v] = checkBoundaries(tree({ 'e2e/src/a.ts': "// one\n\nimport { b } from '../../apps/web/src/b.ts';" }));
    expect(v).toMatchObject({ file: 'e2e/src/a.ts', line: 3, rule: 'relative-import' });
    expect(formatViolation(v!)).toContain('e2e/src/a.ts:3');
  });
});

describe('this repository', () => {
  it('crosses no boundary', () => {
    const found = checkBoundaries(resolve(import.meta.dirname, '../../..')).map(formatViolation);
    expect(found).toEqual([]);
  });
});
