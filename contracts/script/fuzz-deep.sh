#!/usr/bin/env bash
# `npm run fuzz:deep`: every forge fuzz and invariant test under the deep profile (foundry.toml), then
# the adversarial suites (test/adversarial, the security review's attacks) the same way but with
# `--isolate`, as `npm test`'s adversarial step runs them: each call its own transaction, cold storage.
# Extra forge arguments pass through to both runs (`npm run fuzz:deep -- --match-contract X`).
set -euo pipefail
cd "$(dirname "$0")/.."
export FOUNDRY_PROFILE=deep
status=0
bin/forge test --gas-snapshot-emit false --no-match-path 'test/adversarial/**' "$@" || status=$?
bin/forge test --isolate --gas-snapshot-emit false --match-path 'test/adversarial/**' "$@" || status=$?
exit "$status"
