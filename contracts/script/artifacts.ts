/**
 * Reads contract artifacts: our own from forge's `out/` and Uniswap V2's from the npm packages'
 * `build/*.json`. Shared by the deploy script and the ABI generator so both use the same build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Abi, Hex } from 'viem';

export const CONTRACTS_DIR = resolve(import.meta.dirname, '..');
export const REPO_ROOT = resolve(CONTRACTS_DIR, '..');
const NODE_MODULES = join(REPO_ROOT, 'node_modules');

export type Artifact = { abi: Abi; bytecode: Hex };

export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

function readJson(file: string, hint: string): unknown {
  if (!existsSync(file)) throw new ArtifactError(`missing artifact ${file} (${hint})`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function withPrefix(code: string): Hex {
  return (code.startsWith('0x') ? code : `0x${code}`) as Hex;
}

/** A contract compiled by forge: `out/<source>.sol/<name>.json`. */
export function forgeArtifact(name: string, source = `${name}.sol`): Artifact {
  const file = join(CONTRACTS_DIR, 'out', source, `${name}.json`);
  const json = readJson(file, 'run `npm run -w contracts build` first') as { abi: Abi; bytecode: { object: string } };
  return { abi: json.abi, bytecode: withPrefix(json.bytecode.object) };
}

/** The keccak256 solc recorded in a forge artifact's metadata for one of its sources (`src/<file>.sol`). */
export function forgeSourceHash(name: string, sourcePath: string): string {
  const file = join(CONTRACTS_DIR, 'out', `${name}.sol`, `${name}.json`);
  const json = readJson(file, 'run `npm run -w contracts build` first') as {
    metadata: { sources: Record<string, { keccak256: string }> };
  };
  const source = json.metadata.sources[sourcePath];
  if (!source) throw new ArtifactError(`${file} records no source ${sourcePath}`);
  return source.keccak256;
}

/** The npm Uniswap V2 build artifacts (solc 0.5.16) the app deploys as they are. */
export const UNISWAP_ARTIFACTS = {
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  UniswapV2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  WETH9: '@uniswap/v2-periphery/build/WETH9.json',
} as const;

export type UniswapArtifactName = keyof typeof UNISWAP_ARTIFACTS;

export function uniswapArtifact(name: UniswapArtifactName): Artifact {
  const json = readJson(join(NODE_MODULES, UNISWAP_ARTIFACTS[name]), 'run `npm install`') as {
    abi: Abi;
    bytecode: string;
  };
  return { abi: json.abi, bytecode: withPrefix(json.bytecode) };
}
