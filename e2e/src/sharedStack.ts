/**
 * The real stacks of the e2e run (vitest `globalSetup`): one per lane (`E2E_LANES`, the number of
 * files vitest runs at once), each anvil + contracts + server + built web, started once, not once
 * per file. A file runs on its lane's stack (its worker's `VITEST_POOL_ID`): two files running at
 * the same time never share a chain, and every test still starts from the deployed and seeded chain
 * (the fixture's snapshot before, revert after), so files share nothing but the processes.
 * Only what crosses to the test workers is provided: plain strings; the deployments are read back
 * from the file the deploy wrote.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { parseDeployments } from '@eterno/protocol/deployments';
import { startStack, type Stack } from '@eterno/devstack/stack';
import { E2E_LANES } from './lanes.ts';

export type SharedStackInfo = Pick<Stack, 'rpcUrl' | 'apiUrl' | 'webUrl' | 'dataDir' | 'deploymentsFile'>;

declare module 'vitest' {
  export interface ProvidedContext {
    e2eStacks: SharedStackInfo[];
  }
}

/** globalSetup: starts the lanes' stacks, hands their addresses to the workers, stops them at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await Promise.allSettled(Array.from({ length: E2E_LANES }, () => startStack()));
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    for (const stack of stacks) await stack.stop();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eStacks',
    stacks.map(({ rpcUrl, apiUrl, webUrl, dataDir, deploymentsFile }) => ({
      rpcUrl,
      apiUrl,
      webUrl,
      dataDir,
      deploymentsFile,
    })),
  );
  return stopAll;
}

/** In a test worker: its lane's stack, as a `Stack` whose `stop` leaves it to the global teardown. */
export function sharedStack(): Stack {
  const stacks = inject('e2eStacks');
  const lane = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % stacks.length;
  const info = stacks[lane]!;
  const deployments = parseDeployments(JSON.parse(readFileSync(info.deploymentsFile, 'utf8')));
  return { ...info, deployments, rpcCounter: null, stop: async () => undefined };
}
