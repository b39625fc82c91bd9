import { defineConfig } from 'vitest/config';

/**
 * The e2e suites drive the real stack (anvil + contracts + server + built web) in Chromium.
 * One stack for the whole run (`src/sharedStack.ts`, globalSetup), files one after another: each
 * test snapshots the chain before and reverts after, so no file sees another's state.
 * Timeouts are generous on purpose: these tests check behaviour, not speed.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['src/sharedStack.ts'],
    testTimeout: 180_000,
    // globalSetup starts the stack: anvil, deploy, the server (which may take up to 180 s to be ready), web.
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
