import { defineConfig } from 'vitest/config';

/**
 * The e2e suites drive the real stack (anvil + contracts + server + built web) in Chromium.
 * One stack per file, files one after another (2 cores: two stacks at once would only slow both).
 * Timeouts are generous on purpose: these tests check behaviour, not speed.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    // beforeAll starts the stack: anvil, deploy, the server (which may take up to 180 s to be ready), web.
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
