import { defineConfig } from 'vitest/config';

/**
 * `npm test -- adversarial`: the security review's server attacks (test/adversarial), each against a
 * live stack (anvil, deploy, the indexer and the API on PostgreSQL) and each asserting the attack is
 * now refused. Kept out of the server step so that it runs once.
 */
export default defineConfig({
  test: {
    include: ['test/adversarial/**/*.test.ts'],
    hookTimeout: 180_000,
    testTimeout: 180_000,
    // Two files at once, as in the server step: each starts its own chain, databases and servers.
    maxWorkers: 2,
  },
});
