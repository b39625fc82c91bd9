/**
 * `npm run bench`: prints one `name: value` line per figure, and `<name>.budget: <n>` for the
 * figures with a budget; exits 1 when any figure is over its budget.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT, startStack } from "../stack.ts";
import { measureScreenRpc, type ScreenRpcSpec } from "./screenRpc.ts";
import { balanceTexts, waitForBalances } from "../../e2e/src/balances.ts";
import { readBalances } from "../../e2e/src/chain.ts";
import { waitForFarm } from "../../e2e/src/farm.ts";
import { expectedMarket, waitForMarket } from "../../e2e/src/market.ts";
import { waitForStakeForm } from "../../e2e/src/stake.ts";
import { waitForSwapPanel } from "../../e2e/src/swap.ts";
import { GZIP_LEVEL, measureLoginJs } from "./loginJs.ts";

const LOGIN_JS_BUDGET_KB = 150;
/** JSON-RPC requests per block-driven refresh of a chain screen: eth_blockNumber + one Multicall3 eth_call. */
const REFRESH_RPC_BUDGET = 2;

/** kB (1000 bytes), one decimal. */
const toKb = (bytes: number): number => Math.round(bytes / 100) / 10;

const over: string[] = [];

/**
 * The chain screens whose RPC requests are counted (scripts/bench/screenRpc.ts): one row each —
 * the figure's name (`web.<name>_rpc_requests`), the path, and when the screen counts as rendered.
 * Each screen shows a BlockChip, which the per-refresh count waits for.
 */
const SCREENS: Array<ScreenRpcSpec & { name: string; toRenderBudget?: number }> = [
  {
    name: "assets_overview",
    path: "/assets/overview",
    toRenderBudget: 3,
    ready: async (page, { stack, account }) => {
      const expected = balanceTexts(await readBalances(stack.rpcUrl, stack.deployments, account));
      await waitForBalances(page, expected, { timeoutMs: 60_000, intervalMs: 50 });
    },
  },
  {
    name: "home_eterno",
    path: "/home/eterno",
    ready: async (page, { stack }) => {
      const expected = await expectedMarket(stack.rpcUrl, stack.deployments);
      await waitForMarket(page, expected.texts, { timeoutMs: 60_000, intervalMs: 50 });
    },
  },
  {
    name: "swap",
    path: "/assets/swap",
    ready: async (page, { stack, account }) => {
      await waitForSwapPanel(page, { rpcUrl: stack.rpcUrl, deployments: stack.deployments, account }, { timeoutMs: 60_000, intervalMs: 50 });
    },
  },
  {
    name: "stake",
    path: "/finance/stake",
    ready: async (page, { stack, account }) => {
      await waitForStakeForm(page, { rpcUrl: stack.rpcUrl, deployments: stack.deployments, account }, { timeoutMs: 60_000, intervalMs: 50 });
    },
  },
  {
    name: "ecology_defi",
    path: "/ecology/defi",
    ready: async (page, { stack, account }) => {
      await waitForFarm(page, { rpcUrl: stack.rpcUrl, deployments: stack.deployments, account }, { timeoutMs: 60_000, intervalMs: 50 });
    },
  },
];

// Gas per action: the named snapshots forge writes (contracts/test/GasSnapshots.t.sol). The test
// run's `gas-snapshots` step fails when they differ from a fresh measurement, so these are current.
const gas = JSON.parse(await readFile(join(REPO_ROOT, "contracts/snapshots/eterno.json"), "utf8")) as Record<string, string>;
for (const [name, value] of Object.entries(gas)) console.log(`gas.${name}: ${value}`);
// A claim with 1,000 partly released lock entries costs within 10 % of a claim with one
// (docs/decisions/lock-ledger.md).
const claimBudget = Math.floor(Number(gas.ledger_claim_1_open) * 1.1);
console.log(`gas.ledger_claim_1000_open.budget: ${claimBudget}`);
if (!(Number(gas.ledger_claim_1000_open) <= claimBudget)) over.push(`gas.ledger_claim_1000_open ${gas.ledger_claim_1000_open} > ${claimBudget}`);
const stack = await startStack({ countRpc: true });
try {
  const js = await measureLoginJs(stack.webUrl);
  const kb = toKb(js.gzipBytes);
  console.log(`web.login_initial_js_gzip_kb: ${kb.toFixed(1)}`);
  console.log(`web.login_initial_js_gzip_kb.budget: ${LOGIN_JS_BUDGET_KB}`);
  console.log(`web.login_initial_js_gzip_kb.method: zlib level ${GZIP_LEVEL}, 1 kB = 1000 bytes, ${js.files.length} files`);
  for (const f of js.files) console.error(`  ${f.path}  ${f.rawBytes} B raw, ${f.gzipBytes} B gzip`);
  if (kb > LOGIN_JS_BUDGET_KB) over.push(`web.login_initial_js_gzip_kb ${kb} > ${LOGIN_JS_BUDGET_KB}`);
  // For comparison: the same page where the config does not offer the local demo wallet.
  const live = await measureLoginJs(stack.webUrl, { demoWallet: false });
  console.log(`web.login_initial_js_gzip_kb.without_demo_wallet: ${toKb(live.gzipBytes).toFixed(1)}`);

  for (const screen of SCREENS) {
    const name = `web.${screen.name}_rpc_requests`;
    const rpc = await measureScreenRpc(stack, screen);
    console.log(`${name}: ${rpc.perRefresh.requests}`);
    console.log(`${name}.budget: ${REFRESH_RPC_BUDGET}`);
    console.log(`${name}.method: HTTP requests per block-driven refresh once rendered (a batch counts once): ${rpc.perRefresh.methods.join(", ") || "(none)"}`);
    console.log(`${name}.to_render: ${rpc.toRender.requests}`);
    console.log(`${name}.to_render.methods: ${rpc.toRender.methods.join(", ") || "(none)"}`);
    if (rpc.perRefresh.requests > REFRESH_RPC_BUDGET) over.push(`${name} ${rpc.perRefresh.requests} > ${REFRESH_RPC_BUDGET}`);
    if (screen.toRenderBudget !== undefined) {
      console.log(`${name}.to_render.budget: ${screen.toRenderBudget}`);
      if (rpc.toRender.requests > screen.toRenderBudget) over.push(`${name}.to_render ${rpc.toRender.requests} > ${screen.toRenderBudget}`);
    }
  }
} finally {
  await stack.stop();
}
if (over.length > 0) {
  console.error(`over budget: ${over.join("; ")}`);
  process.exit(1);
}
