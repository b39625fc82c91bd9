/**
 * Home › ETERNO as the page should show it, computed here straight from the chain (plain contract
 * reads and the formulas of docs/decisions/home-prices.md, not the app's own read), and a trade on
 * the ETRO/USDT pair made from Node through the Uniswap V2 router.
 */
import type { Page } from 'playwright-core';
import { createWalletClient, erc20Abi, getAddress, type Address } from 'viem';
import { DISPLAY_DIGITS } from '@eterno/protocol/amount';
import { figureAmount, figurePrice, type FigureLocale } from '@eterno/protocol/figure';
import { GAS_LIMIT } from '@eterno/protocol/chain';
import {
  eternoFarmAbi,
  eternoStakingAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from '@eterno/protocol/generated/abis';
import { chainClients, testAccount } from './chain.ts';
import { WaitTimeoutError } from './wait.ts';
import type { DeployedContracts } from '@eterno/protocol/deployments';

const ONE = 10n ** 18n;

export type MarketDeployments = { contracts: DeployedContracts };

/** The figures' test ids (apps/web/src/features/home/EternoHome.tsx) and the text each must show. */
export type MarketTexts = Record<string, string>;

export type MarketFigures = {
  blockNumber: bigint;
  etroPrice: bigint;
  fonPrice: bigint;
  texts: MarketTexts;
};

/** Reads the chain at its current block and returns what Home › ETERNO must show for it. */
export async function expectedMarket(
  rpcUrl: string,
  deployments: MarketDeployments,
  locale: FigureLocale = 'en',
): Promise<MarketFigures> {
  const client = chainClients(rpcUrl).public;
  const c = deployments.contracts;
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  const at = { blockNumber };
  const usdtSide = async (pair: Address) => {
    const [[r0, r1], token0] = await Promise.all([
      client.readContract({ ...at, address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
      client.readContract({ ...at, address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
    ]);
    return getAddress(token0) === getAddress(c.USDT) ? { usdt: r0, other: r1 } : { usdt: r1, other: r0 };
  };
  const staking = (address: Address, functionName: 'rewardReserve' | 'availableRewards') =>
    client.readContract({ ...at, address, abi: eternoStakingAbi, functionName });
  const farm = (functionName: 'emitted' | 'totalEmission') =>
    client.readContract({ ...at, address: c.EternoFarm, abi: eternoFarmAbi, functionName });

  const [
    eulp,
    elp,
    fon,
    lpSupply,
    etroSupply,
    etroReserve,
    etroAvailable,
    eulpReserve,
    eulpAvailable,
    emitted,
    totalEmission,
  ] = await Promise.all([
    usdtSide(c.EULP),
    usdtSide(c.ELP),
    usdtSide(c.WFON_USDT),
    client.readContract({ ...at, address: c.EULP, abi: uniswapV2PairAbi, functionName: 'totalSupply' }),
    client.readContract({ ...at, address: c.ETRO, abi: erc20Abi, functionName: 'totalSupply' }),
    staking(c.StakingETRO, 'rewardReserve'),
    staking(c.StakingETRO, 'availableRewards'),
    staking(c.StakingEULP, 'rewardReserve'),
    staking(c.StakingEULP, 'availableRewards'),
    farm('emitted'),
    farm('totalEmission'),
  ]);
  if (eulp.usdt === 0n || eulp.other === 0n || fon.other === 0n || lpSupply === 0n)
    throw new Error('the seeded pairs have no liquidity');

  const etroPrice = (eulp.usdt * ONE) / eulp.other;
  const fonPrice = (fon.usdt * ONE) / fon.other;
  // As Home shows them: short enough for a phone (the exact value is a tap away).
  const usdt = (v: bigint) => figureAmount(v, locale, { digits: DISPLAY_DIGITS.USDT }).text;
  const etro = (v: bigint) => figureAmount(v, locale, { digits: DISPLAY_DIGITS.ETRO }).text;
  return {
    blockNumber,
    etroPrice,
    fonPrice,
    texts: {
      'price-ETRO': figurePrice(etroPrice).text,
      'price-FON': figurePrice(fonPrice).text,
      'lp-totalSupply': figureAmount(lpSupply, locale, { digits: DISPLAY_DIGITS.EULP }).text,
      'lp-usdtReserve': usdt(eulp.usdt),
      'lp-etroReserve': etro(eulp.other),
      'lp-etroPerLp': figurePrice((eulp.other * ONE) / lpSupply).text,
      // Each value once (the line under it says what it counts, without the figure again).
      'value-usdt-total': `${usdt(eulp.usdt + elp.usdt)} USDT`,
      'value-etro-total': `${usdt((etroSupply * etroPrice) / ONE)} USDT`,
      'staking-ETRO-reserve': `${etro(etroReserve)} ETRO`,
      'staking-ETRO-available': `${etro(etroAvailable)} ETRO`,
      'staking-EULP-reserve': `${etro(eulpReserve)} ETRO`,
      'staking-EULP-available': `${etro(eulpAvailable)} ETRO`,
      'farm-emitted': `${etro(emitted)} of ${etro(totalEmission)} ETRO emitted`,
    },
  };
}

/** What the page shows under each of `testIds` (null where the element is missing). */
export async function shownMarket(page: Page, testIds: string[]): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    testIds.map(async (id) => {
      const el = page.getByTestId(id);
      const text = (await el.count()) === 1 ? await el.textContent({ timeout: 1_000 }).catch(() => null) : null;
      return [id, text] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Waits until every figure shows its expected text (texts whose key starts with "farm-" are
 * compared in English only: they are sentences). The error lists what was shown.
 */
export async function waitForMarket(
  page: Page,
  expected: MarketTexts,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    englishSentences = true,
  }: { timeoutMs?: number; intervalMs?: number; englishSentences?: boolean } = {},
): Promise<void> {
  const ids = Object.keys(expected).filter((id) => englishSentences || !id.startsWith('farm-'));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = await shownMarket(page, ids);
    if (ids.every((id) => shown[id] === expected[id])) return;
    if (Date.now() > deadline) {
      const diff = ids
        .filter((id) => shown[id] !== expected[id])
        .map((id) => `${id}: expected ${JSON.stringify(expected[id])}, shown ${JSON.stringify(shown[id])}`);
      throw new WaitTimeoutError(`market figures not shown within ${timeoutMs} ms: ${diff.join('; ')}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Test account `fromIndex` sells `amountIn` USDT for ETRO on the pair through Router02; resolves once mined. */
export async function routerBuyEtro(
  rpcUrl: string,
  deployments: MarketDeployments,
  fromIndex: number,
  amountIn: bigint,
): Promise<void> {
  const { chain, transport, public: client } = chainClients(rpcUrl);
  const account = testAccount(fromIndex);
  const wallet = createWalletClient({ account, chain, transport });
  const c = deployments.contracts;
  const mined = async (hash: `0x${string}`) => {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };
  await mined(
    await wallet.writeContract({
      address: c.USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [c.UniswapV2Router02, amountIn],
    }),
  );
  await mined(
    await wallet.writeContract({
      address: c.UniswapV2Router02,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, 0n, [c.USDT, c.ETRO], account.address, 2n ** 48n],
      gas: GAS_LIMIT,
    }),
  );
}
