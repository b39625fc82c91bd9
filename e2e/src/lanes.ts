/**
 * Files the e2e run drives at once, each on a stack of its own lane (sharedStack.ts). A file waits
 * most of its time (on the indexer, on the page): one lane kept a third of the 2 cores busy
 * (docs/decisions/test-time.md).
 */
export const E2E_LANES = 2;
