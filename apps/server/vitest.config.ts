import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
      'reader/**/*.test.ts',
      'runtime/**/*.test.ts',
    ],
    // The PostgreSQL suites start a real server (initdb + postgres) in their setup.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
