import { defineConfig } from 'vitest/config';
import { E2E_LANES } from './src/lanes.ts';

/**
 * The e2e suites drive the real stack (anvil + contracts + server + built web) in Chromium.
 * One stack per lane for the whole run (`src/sharedStack.ts`, globalSetup), `E2E_LANES` files at
 * once, each on its lane's stack: each test snapshots the chain before and reverts after, so no
 * file sees another's state.
 * Timeouts are generous on purpose: these tests check behaviour, not speed.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    maxWorkers: E2E_LANES,
    globalSetup: ['src/sharedStack.ts'],
    testTimeout: 180_000,
    // globalSetup starts the stacks: anvil, deploy, the server (which may take up to 180 s to be ready), web.
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
