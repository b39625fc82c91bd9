// Layout preview only (not committed): fakes the three new API answers with page.route.
import { startStack } from '@eterno/devstack/stack';
import { launchBrowser, type ViewportName } from './src/browser.ts';
import { installTestWallet } from './src/testWallet.ts';
import { signInVia } from './src/app.ts';

const stack = await startStack();
const d = stack.deployments.contracts;
const E18 = 10n ** 18n;
const TX = (n: number) => `0x${n.toString(16).padStart(2, '0').repeat(32)}`;
const types = ['deposit', 'withdraw', 'timeout_return', 'exchange', 'swap_release', 'lp_reward', 'stake_revenue'];
const bills = Array.from({ length: 20 }, (_, i) => ({
  id: `b${i}`,
  type: types[i % types.length],
  token: (i % 2 ? d.USDT : d.ETRO).toLowerCase(),
  amount: String((i % 3 === 1 ? -1n : 1n) * (BigInt(i + 1) * 1234n * E18) / 100n),
  time: String(1_763_900_000 - i * 3600),
  txHash: i % 5 === 2 ? null : TX(i + 1),
}));
try {
  for (const viewport of ['portrait', 'landscape'] as ViewportName[]) {
    const b = await launchBrowser({ viewport });
    const { page } = b;
    await page.route((u) => u.href.startsWith(stack.apiUrl) && u.pathname === "/bills", (r) => r.fulfill({ json: { bills, nextBefore: 'x' } }));
    await page.route((u) => u.href.startsWith(stack.apiUrl) && u.pathname === "/vault/balances", (r) =>
      r.fulfill({ json: { balances: [
        { token: d.USDT.toLowerCase(), symbol: 'USDT', credited: '0', unreleased: '0', released: '0', withdrawn: '0', reserved: '0', available: '0', contributed: String(1500n * E18) },
        { token: d.ETRO.toLowerCase(), symbol: 'ETRO', credited: '0', unreleased: '0', released: '0', withdrawn: '0', reserved: '0', available: '0', contributed: '0' },
        { token: d.EUSD.toLowerCase(), symbol: 'EUSD', credited: '0', unreleased: '0', released: '0', withdrawn: '0', reserved: '0', available: '0', contributed: String(20n * E18) },
      ], blockNumber: '123', blockTime: '1763900000' } }),
    );
    await page.route((u) => u.href.startsWith(stack.apiUrl) && u.pathname === "/vault/stats", (r) =>
      r.fulfill({ json: { users: '12', blockNumber: '123', tokens: [
        { token: d.USDT.toLowerCase(), symbol: 'USDT', deposited: String(25000n * E18), withdrawn: String(5000n * E18), liabilities: String(20000n * E18), reserved: String(300n * E18) },
        { token: d.ETRO.toLowerCase(), symbol: 'ETRO', deposited: String(800n * E18), withdrawn: '0', liabilities: String(800n * E18), reserved: '0' },
      ] } }),
    );
    await installTestWallet(page, { rpcUrl: stack.rpcUrl });
    await signInVia(page, stack.webUrl, '/assets/experience');
    for (const lang of ['en', 'zh']) {
      await page.evaluate(`localStorage.setItem("lang", ${JSON.stringify(lang)})`);
      for (const path of ['/assets/experience', '/assets/data']) {
        await page.goto(`${stack.webUrl}${path}`);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `/work/shots/i8-web2/preview${path.replace(/\//g, '-')}.${viewport}.${lang}.png` });
      }
    }
    console.log(b.pageErrors, b.consoleErrors.slice(0, 5));
    await b.close();
  }
} finally {
  await stack.stop();
}
