/**
 * `npm run bench`: prints one `name: value` line per figure, and `<name>.budget: <n>` for the
 * figures with a budget; exits 1 when any figure is over its budget.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT, startStack } from "../stack.ts";
import { measureAssetsRpc } from "./assetsRpc.ts";
import { GZIP_LEVEL, measureLoginJs } from "./loginJs.ts";

const LOGIN_JS_BUDGET_KB = 150;
const ASSETS_RPC_BUDGET = 3;

/** kB (1000 bytes), one decimal. */
const toKb = (bytes: number): number => Math.round(bytes / 100) / 10;

const over: string[] = [];

// Gas per action: the named snapshots forge writes (contracts/test/GasSnapshots.t.sol). The test
// run's `gas-snapshots` step fails when they differ from a fresh measurement, so these are current.
const gas = JSON.parse(await readFile(join(REPO_ROOT, "contracts/snapshots/eterno.json"), "utf8")) as Record<string, string>;
for (const [name, value] of Object.entries(gas)) console.log(`gas.${name}: ${value}`);
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

  const rpc = await measureAssetsRpc(stack);
  console.log(`web.assets_overview_rpc_requests: ${rpc.requests}`);
  console.log(`web.assets_overview_rpc_requests.budget: ${ASSETS_RPC_BUDGET}`);
  console.log(`web.assets_overview_rpc_requests.methods: ${rpc.methods.join(", ") || "(none)"}`);
  if (rpc.requests > ASSETS_RPC_BUDGET) over.push(`web.assets_overview_rpc_requests ${rpc.requests} > ${ASSETS_RPC_BUDGET}`);
} finally {
  await stack.stop();
}
if (over.length > 0) {
  console.error(`over budget: ${over.join("; ")}`);
  process.exit(1);
}
