#!/usr/bin/env node
/**
 * A `solc` executable for forge, backed by the npm `solc` package (0.8.37, compiled to WebAssembly),
 * because forge cannot download native compilers here. It supports what forge uses:
 *   solc --version                  → prints the version like the native binary does
 *   solc --standard-json [ignored…] → reads standard JSON on stdin, prints the output JSON
 * Imports that forge did not inline are resolved from the repo's node_modules and the contracts dir.
 * Plain Node ESM with no dependencies beyond `solc`, so it runs on Node 20 as well as Node 24.
 */
import { createRequire } from "node:module";
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve, isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const contractsDir = resolve(here, "..");
const repoRoot = resolve(contractsDir, "..");
const require = createRequire(join(contractsDir, "package.json"));
const solc = require("solc");

const args = process.argv.slice(2);

if (args.includes("--version") || args.includes("-v")) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}

if (!args.includes("--standard-json")) {
  process.stderr.write("solc-shim: only --version and --standard-json are supported\n");
  process.exit(1);
}

/** Directories an import path may be relative to, in order. */
const roots = [process.cwd(), contractsDir, join(repoRoot, "node_modules"), repoRoot];
for (let i = 0; i < args.length; i++) {
  if ((args[i] === "--base-path" || args[i] === "--include-path") && args[i + 1]) roots.unshift(resolve(args[i + 1]));
}

function findImports(path) {
  const candidates = isAbsolute(path) ? [path] : roots.map((r) => join(r, path));
  for (const file of candidates) {
    if (existsSync(file)) return { contents: readFileSync(file, "utf8") };
  }
  return { error: `File not found: ${path}` };
}

const input = readFileSync(0, "utf8");
process.stdout.write(solc.compile(input, { import: findImports }));
