/**
 * web.assets_overview_rpc_requests: how many JSON-RPC HTTP requests (a batch counts once) the web
 * app sends from the moment the wallet is connected until Assets › overview shows all five
 * balances. The web app's RPC goes through the stack's counting proxy; the test wallet talks to
 * anvil directly, so wallet traffic is not counted. The counter is reset when the wallet answers
 * eth_requestAccounts.
 */
import type { Stack } from "../stack.ts";
import { connectButton } from "../../e2e/src/app.ts";
import { balanceTexts, waitForBalances } from "../../e2e/src/balances.ts";
import { launchBrowser } from "../../e2e/src/browser.ts";
import { readBalances } from "../../e2e/src/chain.ts";
import { installTestWallet } from "../../e2e/src/testWallet.ts";

export type AssetsRpc = { requests: number; methods: string[] };

export async function measureAssetsRpc(stack: Stack): Promise<AssetsRpc> {
  const counter = stack.rpcCounter;
  if (!counter) throw new Error("start the stack with countRpc: true");
  const browser = await launchBrowser({ viewport: "portrait" });
  try {
    const { page } = browser;
    const wallet = await installTestWallet(page, {
      rpcUrl: stack.rpcUrl,
      onRequest: (r) => {
        if (r.method === "eth_requestAccounts") counter.reset();
      },
    });
    const expected = balanceTexts(await readBalances(stack.rpcUrl, stack.deployments, wallet.address));
    await page.goto(`${stack.webUrl}/assets/overview`);
    await page.waitForURL((u) => u.pathname === "/login");
    await connectButton(page).click();
    await page.waitForURL((u) => u.pathname === "/assets/overview", { timeout: 60_000 });
    await waitForBalances(page, expected, { timeoutMs: 60_000, intervalMs: 50 });
    return { requests: counter.requests(), methods: counter.methods() };
  } finally {
    await browser.close();
  }
}
