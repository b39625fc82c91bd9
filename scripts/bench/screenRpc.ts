/**
 * How many JSON-RPC HTTP requests (a batch counts once) a screen of the web app sends. The web
 * app's RPC goes through the stack's counting proxy; the test wallet and this module talk to anvil
 * directly, so neither is counted.
 *
 * Two figures per screen:
 * - `toRender`: from the moment the wallet answers eth_requestAccounts (the counter is reset then)
 *   until `ready(page)` resolves (the screen shows its figures);
 * - `perRefresh`: once rendered, the counter is reset, a block is mined on anvil directly, and the
 *   count is taken when the screen's block chip (`data-testid="block-chip"`, see
 *   apps/web/src/components/BlockChip.tsx) shows that block, plus a short settle time for any
 *   request still on its way. With one Multicall3 eth_call per block this is 2 (eth_blockNumber
 *   poll + eth_call).
 */
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import type { Stack } from '@eterno/devstack/stack';
import { connectButton } from '@eterno/e2e/app';
import { launchBrowser } from '@eterno/e2e/browser';
import { chainClients } from '@eterno/e2e/chain';
import { installTestWallet } from '@eterno/e2e/testWallet';
import { until } from '@eterno/e2e/wait';

export type RpcCount = { requests: number; methods: string[] };

export type ScreenRpc = { toRender: RpcCount; perRefresh: RpcCount };

export type ScreenRpcSpec = {
  /** The screen's path, e.g. `/home/eterno`. */
  path: string;
  /** Resolves once the screen shows its chain figures (it may read the chain to know what to expect). */
  ready: (page: Page, ctx: { stack: Stack; account: Address }) => Promise<void>;
};

/** The test id of the block chip (apps/web/src/components/BlockChip.tsx). */
export const BLOCK_CHIP = 'block-chip';

/**
 * After the block chip has reached the new block: how long to keep counting, for requests the
 * refresh still sends. Well below the app's 4 s polling interval, so the next poll is not counted.
 */
const SETTLE_MS = 1_000;

/** The block the screen's chip shows, or null when there is none (yet). */
export async function shownBlock(page: Page): Promise<bigint | null> {
  const chip = page.getByTestId(BLOCK_CHIP);
  if ((await chip.count()) !== 1) return null;
  const value = await chip.getAttribute('data-block', { timeout: 1_000 }).catch(() => null);
  return value === null ? null : BigInt(value);
}

export async function measureScreenRpc(stack: Stack, spec: ScreenRpcSpec): Promise<ScreenRpc> {
  const counter = stack.rpcCounter;
  if (!counter) throw new Error('start the stack with countRpc: true');
  const count = (): RpcCount => ({ requests: counter.requests(), methods: counter.methods() });
  const browser = await launchBrowser({ viewport: 'portrait' });
  try {
    const { page } = browser;
    const wallet = await installTestWallet(page, {
      rpcUrl: stack.rpcUrl,
      onRequest: (r) => {
        if (r.method === 'eth_requestAccounts') counter.reset();
      },
    });
    await page.goto(`${stack.webUrl}${spec.path}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await connectButton(page).click();
    await page.waitForURL((u) => u.pathname === spec.path, { timeout: 60_000 });
    await spec.ready(page, { stack, account: wallet.address });
    const toRender = count();

    const before = await until(`the block chip on ${spec.path}`, () => shownBlock(page).then((b) => b ?? undefined), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    counter.reset();
    const { public: client, test } = chainClients(stack.rpcUrl);
    await test.mine({ blocks: 1 });
    const mined = await client.getBlockNumber({ cacheTime: 0 });
    if (mined <= before) throw new Error(`mining did not advance the chain (chip ${before}, chain ${mined})`);
    await until(
      `the block chip on ${spec.path} to show block ${mined}`,
      async () => (await shownBlock(page)) === mined,
      {
        timeoutMs: 30_000,
        intervalMs: 20,
      },
    );
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { toRender, perRefresh: count() };
  } finally {
    await browser.close();
  }
}
