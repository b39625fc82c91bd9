/**
 * The per-file e2e fixture: one real stack for the whole file (started in beforeAll, stopped in
 * afterAll); every test starts from the deployed and seeded chain (anvil snapshot before, revert
 * after) and gets fresh browsers, closed after it.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startStack, type Stack, type StackOptions } from '@eterno/devstack/stack';
import { launchBrowser, type BrowserSession, type LaunchOptions } from './browser.ts';
import { snapshot } from './chain.ts';

export type E2E = {
  stack(): Stack;
  /** A fresh Chromium profile, closed after the current test. */
  browser(opts?: LaunchOptions): Promise<BrowserSession>;
};

export function useE2E(opts: StackOptions = {}): E2E {
  let stack: Stack | undefined;
  let revert: (() => Promise<void>) | undefined;
  const open: BrowserSession[] = [];

  beforeAll(async () => {
    stack = await startStack(opts);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    if (stack) revert = await snapshot(stack.rpcUrl);
  });
  afterEach(async () => {
    // Browsers first, so no page is still reading the chain while it is reverted.
    for (const b of open.splice(0)) await b.close();
    await revert?.();
    revert = undefined;
  });

  return {
    stack() {
      if (!stack) throw new Error('the stack is not started (beforeAll failed?)');
      return stack;
    },
    async browser(launch) {
      const b = await launchBrowser(launch);
      open.push(b);
      return b;
    },
  };
}
