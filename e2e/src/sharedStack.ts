/**
 * One real stack for the whole e2e run (vitest `globalSetup`): anvil + contracts + server + built
 * web start once, not once per file. Every test still starts from the deployed and seeded chain
 * (the fixture's snapshot before, revert after), so files share nothing but the processes.
 * Only what crosses to the test workers is provided: plain strings; the deployments are read back
 * from the file the deploy wrote.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { parseDeployments } from '@eterno/protocol/deployments';
import { startStack, type Stack } from '@eterno/devstack/stack';

export type SharedStackInfo = Pick<Stack, 'rpcUrl' | 'apiUrl' | 'webUrl' | 'dataDir' | 'deploymentsFile'>;

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStack: SharedStackInfo;
  }
}

/** globalSetup: starts the stack, hands its addresses to the workers, stops it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack();
  const { rpcUrl, apiUrl, webUrl, dataDir, deploymentsFile } = stack;
  project.provide('e2eStack', { rpcUrl, apiUrl, webUrl, dataDir, deploymentsFile });
  return () => stack.stop();
}

/** In a test worker: the shared stack, as a `Stack` whose `stop` leaves it to the global teardown. */
export function sharedStack(): Stack {
  const info = inject('e2eStack');
  const deployments = parseDeployments(JSON.parse(readFileSync(info.deploymentsFile, 'utf8')));
  return { ...info, deployments, rpcCounter: null, stop: async () => undefined };
}
