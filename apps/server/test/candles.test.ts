/**
 * Home › TREND's candles on the real chain (anvil + deploy + seed) and a real server (`ponder
 * start`, PGlite and PostgreSQL): bob buys ETRO through the swap before the server starts (the
 * backfill); then alice trades ETRO both ways (router and EtroSwap) and FON (WFON/USDT, native FON
 * through the router) across two UTC hours. Every answer of `GET /candles` must equal the candles
 * built by brute force from the pairs' `Swap` events read from the chain; a reorg drops a trade
 * the candles had counted.
 */
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { etroSwapAbi, uniswapV2PairAbi, uniswapV2Router02Abi } from '@eterno/protocol/generated/abis';
import {
  addTrade,
  bucketOf,
  CANDLE_INTERVAL_NAMES,
  pairTrade,
  tradePrice,
  type CandleFigures,
  type CandleInterval,
  type CandlePair,
  type CandlesResponseJson,
} from '@eterno/protocol/trend/candles';
import { createWalletClient, erc20Abi, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../scripts/start.ts';
import { pricePairsOf } from '../src/trend/pricePairs.ts';
import { apiCall } from './apiClient.ts';
import { account, DATABASES, e18, RealStack, type TestAccount } from './realStack.ts';

const alice = account(1);
const bob = account(2);
const HOUR = 3_600n;

describe.each(DATABASES)('TREND candles on $name', ({ postgres }) => {
  let stack: RealStack;
  let server: RunningServer;
  let contracts: RealStack['contracts'];
  let chain: RealStack['chain'];
  let client: RealStack['client'];
  let test: RealStack['test'];

  const tx = (who: TestAccount, address: Address, abi: Parameters<RealStack['tx']>[2], fn: string, args: unknown[]) =>
    stack.tx(who, address, abi, fn, args);
  const deadline = 2n ** 48n;

  const routerBuyEtro = async (who: TestAccount, usdt: bigint) => {
    await tx(who, contracts.USDT, erc20Abi, 'approve', [contracts.UniswapV2Router02, usdt]);
    await tx(who, contracts.UniswapV2Router02, uniswapV2Router02Abi, 'swapExactTokensForTokens', [
      usdt,
      0n,
      [contracts.USDT, contracts.ETRO],
      who.address,
      deadline,
    ]);
  };
  const swapBuyEtro = async (who: TestAccount, usdt: bigint) => {
    await tx(who, contracts.USDT, erc20Abi, 'approve', [contracts.EtroSwap, usdt]);
    await tx(who, contracts.EtroSwap, etroSwapAbi, 'swap', [usdt, 0n, deadline]);
  };
  const sellEtro = async (who: TestAccount, etro: bigint) => {
    await tx(who, contracts.ETRO, erc20Abi, 'approve', [contracts.EtroSwap, etro]);
    await tx(who, contracts.EtroSwap, etroSwapAbi, 'sell', [etro, 0n, deadline]);
  };
  const buyFon = async (who: TestAccount, usdt: bigint) => {
    await tx(who, contracts.USDT, erc20Abi, 'approve', [contracts.UniswapV2Router02, usdt]);
    await tx(who, contracts.UniswapV2Router02, uniswapV2Router02Abi, 'swapExactTokensForETH', [
      usdt,
      0n,
      [contracts.USDT, contracts.WFON],
      who.address,
      deadline,
    ]);
  };
  const sellFon = async (who: TestAccount, fon: bigint) => {
    const wallet = createWalletClient({ account: who, chain, transport: http(stack.rpcUrl) });
    const hash = await wallet.writeContract({
      address: contracts.UniswapV2Router02,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [contracts.WFON, contracts.USDT], who.address, deadline],
      value: fon,
      gas: GAS_LIMIT,
      chain,
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  };
  /** The next block starts the next UTC hour (+ `into` seconds). */
  const nextHour = async (into = 60n) => {
    const now = (await client.getBlock()).timestamp;
    await test.setNextBlockTimestamp({ timestamp: now - (now % HOUR) + HOUR + into });
  };

  const waitHead = () => stack.waitHead();

  const candles = async (query: string) => {
    const res = await apiCall(server.url, 'GET', `/candles?${query}`, null);
    return res as { status: number; body: CandlesResponseJson };
  };

  /** The candles by brute force: every `Swap` of the pair read from the chain, in chain order. */
  async function bruteForce(pair: CandlePair, interval: CandleInterval) {
    const priced = pricePairsOf(contracts).find((p) => p.pair === pair)!;
    const swaps = await client.getContractEvents({
      address: priced.address,
      abi: uniswapV2PairAbi,
      eventName: 'Swap',
      fromBlock: 0n,
    });
    const byBucket = new Map<bigint, CandleFigures>();
    for (const s of swaps) {
      const { timestamp } = await client.getBlock({ blockNumber: s.blockNumber });
      const trade = pairTrade(s.args as Required<typeof s.args>, priced.usdtIsToken0);
      const price = tradePrice(trade);
      if (price === null) continue;
      const bucket = bucketOf(timestamp, interval);
      byBucket.set(bucket, addTrade(byBucket.get(bucket), price, trade));
    }
    return [...byBucket]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([bucket, c]) => ({
        time: bucket.toString(),
        open: c.open.toString(),
        high: c.high.toString(),
        low: c.low.toString(),
        close: c.close.toString(),
        volumeToken: c.volumeToken.toString(),
        volumeUsdt: c.volumeUsdt.toString(),
        trades: c.trades,
      }));
  }

  async function expectCandlesMatchChain(): Promise<void> {
    for (const pair of ['ETRO', 'FON'] as const) {
      for (const interval of CANDLE_INTERVAL_NAMES) {
        const { status, body } = await candles(`pair=${pair}&interval=${interval}`);
        expect(status).toBe(200);
        expect(body, `${pair} ${interval}`).toEqual({
          pair,
          interval,
          candles: await bruteForce(pair, interval),
          nextBefore: null,
        });
      }
    }
  }

  beforeAll(async () => {
    stack = await RealStack.start('candles');
    ({ contracts, chain, client, test } = stack);
    // Traded before the server starts (backfill) …
    await swapBuyEtro(bob, e18('100'));
    server = await stack.startServer({ postgres });
    // … and after (live indexing), over two UTC hours.
    await routerBuyEtro(alice, e18('50'));
    await sellEtro(alice, e18('40'));
    await buyFon(alice, e18('20'));
    await nextHour();
    await swapBuyEtro(alice, e18('200'));
    await sellFon(alice, e18('3'));
    await buyFon(alice, e18('10'));
    await waitHead();
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves the candles the pairs’ swaps give, for both pairs and both intervals', async () => {
    await expectCandlesMatchChain();
    const etro = (await candles('pair=ETRO&interval=1h')).body.candles;
    expect(etro.length).toBeGreaterThanOrEqual(2);
    expect(etro.at(-1)!.trades).toBe(1);
    const fon = (await candles('pair=FON&interval=1h')).body.candles;
    expect(fon.at(-1)!.trades).toBe(2);
    // The FON sell moved the price down, the later buy up: high ≥ close ≥ low, open ≠ close.
    expect(BigInt(fon.at(-1)!.open)).not.toBe(BigInt(fon.at(-1)!.close));
  }, 120_000);

  it('pages older candles with `before`', async () => {
    const all = (await candles('pair=ETRO&interval=1h')).body.candles;
    const first = await candles('pair=ETRO&interval=1h&limit=1');
    expect(first.body.candles).toEqual(all.slice(-1));
    expect(first.body.nextBefore).toBe(all.at(-1)!.time);
    const older = await candles(`pair=ETRO&interval=1h&limit=100&before=${first.body.nextBefore}`);
    expect(older.body.candles).toEqual(all.slice(0, -1));
    expect(older.body.nextBefore).toBeNull();
  }, 60_000);

  it('refuses a bad query with 400 and names the code', async () => {
    for (const query of ['pair=BTC&interval=1h', 'pair=ETRO&interval=1m', 'pair=ETRO&interval=1h&before=x']) {
      const res = await apiCall(server.url, 'GET', `/candles?${query}`, null);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
  }, 60_000);

  it('drops a trade a reorg removed', async () => {
    const before = (await candles('pair=ETRO&interval=1d')).body;
    const snapshot = await test.snapshot();
    await routerBuyEtro(alice, e18('300'));
    await waitHead();
    const traded = (await candles('pair=ETRO&interval=1d')).body;
    expect(traded.candles.at(-1)!.trades).toBe(before.candles.at(-1)!.trades + 1);
    await test.revert({ id: snapshot });
    await test.mine({ blocks: 3 });
    await waitHead();
    expect((await candles('pair=ETRO&interval=1d')).body).toEqual(before);
    await expectCandlesMatchChain();
  }, 180_000);
});
