/**
 * The e2e fixture: its lane's shared stack (`sharedStack.ts`, started by vitest's globalSetup),
 * or with `ownStack` a stack of the file's own; every test starts from the deployed and seeded chain
 * (anvil snapshot before, revert after) and gets fresh browser sessions, closed after it: each a new
 * context (its own cookies and storage) in the file's one Chromium, started at the first session and
 * stopped after the file's last test.
 *
 * A revert rolls back the chain and what the server indexed from it, not the server's off-chain
 * store: a withdrawal voucher signed in a reverted test stays reserved until its deadline (as it
 * must on a live chain, docs/decisions/security.md M-2). A file that asserts vault-wide figures
 * (liabilities, open vouchers, the free reserve) therefore takes `ownStack`.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startStack, type Stack } from '@eterno/devstack/stack';
import type { Browser } from 'playwright-core';
import { launchBrowser, startChromium, type BrowserSession, type LaunchOptions } from './browser.ts';
import { snapshot } from './chain.ts';
import { sharedStack } from './sharedStack.ts';

export type E2E = {
  stack(): Stack;
  /** A fresh Chromium profile, closed after the current test. */
  browser(opts?: LaunchOptions): Promise<BrowserSession>;
};

export type E2EOptions = {
  /** A stack for this file alone, started before its first test and stopped after its last. */
  ownStack?: boolean;
};

export function useE2E(opts: E2EOptions = {}): E2E {
  let stack: Stack | undefined;
  let revert: (() => Promise<void>) | undefined;
  const open: BrowserSession[] = [];
  let chromium: Promise<Browser> | undefined;

  beforeAll(async () => {
    stack = opts.ownStack ? await startStack() : sharedStack();
  });
  afterAll(async () => {
    const started = chromium;
    chromium = undefined;
    if (started) await (await started.catch(() => undefined))?.close();
    if (opts.ownStack) await stack?.stop();
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
      chromium ??= startChromium();
      const b = await launchBrowser(launch, await chromium);
      open.push(b);
      return b;
    },
  };
}
