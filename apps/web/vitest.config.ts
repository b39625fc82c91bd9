import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node by default: a test file that needs a DOM (it renders, or its code reads window, document or
    // storage) says so on its first line, `// @vitest-environment jsdom`; a new file failing on
    // "document is not defined" needs that line. Building a jsdom for each of the 116 files took half
    // of this step's time (docs/decisions/test-time.md).
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'serve.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
