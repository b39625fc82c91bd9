import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['ops/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
