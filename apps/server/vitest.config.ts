import { defineConfig } from 'vitest/config';
import StacksFirstSequencer from './test/sequencer.ts';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
      'reader/**/*.test.ts',
      'runtime/**/*.test.ts',
    ],
    // The security review's attacks run in their own step (vitest.adversarial.config.ts).
    exclude: ['**/node_modules/**', 'test/adversarial/**'],
    // The PostgreSQL suites start a real server (initdb + postgres) in their setup.
    hookTimeout: 60_000,
    testTimeout: 20_000,
    // Two files at once (vitest's default on 2 cores is one): a file spends most of its time waiting
    // on anvil, PostgreSQL and the indexer, so a second one fills the idle core (each file starts its
    // own chain, databases and servers on free ports: nothing is shared between them).
    maxWorkers: 2,
    // The long stack files first (test/sequencer.ts), so the two workers end together.
    sequence: { sequencer: StacksFirstSequencer },
  },
});
