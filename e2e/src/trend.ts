/**
 * Home › TREND from the chain's side: the candles of a pair built straight from its `Swap` events
 * (token0 read from the pair), to compare with what the screen draws, and the chart's state.
 */
import { figurePrice } from '@eterno/protocol/figure';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import { uniswapV2PairAbi, uniswapV2Router02Abi } from '@eterno/protocol/generated/abis';
import {
  addTrade,
  bucketOf,
  pairTrade,
  tradePrice,
  type CandleFigures,
  type CandleInterval,
} from '@eterno/protocol/trend/candles';
import type { Locator, Page } from 'playwright-core';
import { createWalletClient, type Address } from 'viem';
import { chainClients, testAccount } from './chain.ts';
import type { DeployedContracts } from '@eterno/protocol/deployments';

export type TrendDeployments = { contracts: DeployedContracts };

/** The candles of the pair at `pairAddress` by brute force from its `Swap` events, oldest first. */
export async function chainCandles(
  rpcUrl: string,
  deployments: TrendDeployments,
  pairAddress: Address,
  interval: CandleInterval,
): Promise<Array<CandleFigures & { time: bigint }>> {
  const client = chainClients(rpcUrl).public;
  const token0 = await client.readContract({ address: pairAddress, abi: uniswapV2PairAbi, functionName: 'token0' });
  const usdtIsToken0 = token0.toLowerCase() === deployments.contracts.USDT.toLowerCase();
  const swaps = await client.getContractEvents({
    address: pairAddress,
    abi: uniswapV2PairAbi,
    eventName: 'Swap',
    fromBlock: 0n,
  });
  const byBucket = new Map<bigint, CandleFigures>();
  for (const s of swaps) {
    const { timestamp } = await client.getBlock({ blockNumber: s.blockNumber });
    const trade = pairTrade(s.args as Required<typeof s.args>, usdtIsToken0);
    const price = tradePrice(trade);
    if (price === null) continue;
    const bucket = bucketOf(timestamp, interval);
    byBucket.set(bucket, addTrade(byBucket.get(bucket), price, trade));
  }
  return [...byBucket].sort(([a], [b]) => (a < b ? -1 : 1)).map(([time, c]) => ({ time, ...c }));
}

/** The last close as the screen writes it. */
/** The last close as TREND shows it (4 significant digits, the exact value on tap). */
export const closeText = (candle: CandleFigures): string => figurePrice(candle.close).text;

export function trendChart(page: Page): Locator {
  return page.getByTestId('trend-chart');
}

/** How many candles the chart was given (its data-candles), or null while no chart is drawn. */
export async function chartCandleCount(page: Page): Promise<number | null> {
  const value = await trendChart(page)
    .getAttribute('data-candles', { timeout: 500 })
    .catch(() => null);
  return value === null ? null : Number(value);
}

/** Test account `fromIndex` sells `fon` native FON for USDT on the WFON/USDT pair through Router02; resolves once mined. */
export async function routerSellFon(
  rpcUrl: string,
  deployments: TrendDeployments,
  fromIndex: number,
  fon: bigint,
): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const account = testAccount(fromIndex);
  const wallet = createWalletClient({ account, chain, transport });
  const c = deployments.contracts;
  const hash = await wallet.writeContract({
    address: c.UniswapV2Router02!,
    abi: uniswapV2Router02Abi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [c.WFON!, c.USDT!], account.address, 2n ** 48n],
    value: fon,
    gas: GAS_LIMIT,
  });
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`FON sell ${hash} reverted`);
}
