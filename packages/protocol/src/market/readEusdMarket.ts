import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { eusdMarketAbi } from '../generated/abis.ts';
import { aggregateStrict, blockNumberRead, viewRead, type CallClient } from '../multicall.ts';
import { marketContracts, type MarketContracts } from './marketContracts.ts';

/** What the market screens show for one account, from ONE Multicall3 eth_call. */
export type EusdMarketView = MarketContracts & {
  blockNumber: bigint;
  /** The highest unit price a new order may have (USDT base units per whole EUSD). */
  maxUnitPrice: bigint;
  /** The seller fee of new orders and the buyer's reward rate, in basis points. */
  sellerFeeBps: bigint;
  rewardBps: bigint;
  /** EUSD left for buyer rewards, and whether new orders and fills are paused (cancel still works). */
  rewardReserve: bigint;
  paused: boolean;
  eusdBalance: bigint;
  usdtBalance: bigint;
  /** The account's allowances to the market. */
  eusdAllowance: bigint;
  usdtAllowance: bigint;
};

/**
 * The market's parameters, reward reserve and pause, and `account`'s EUSD and USDT balances and
 * allowances to it, at one block. Throws `MulticallCallError` when a sub-call fails.
 */
export async function readEusdMarket(
  client: CallClient,
  args: { contracts: DeployedContracts; account: Address },
): Promise<EusdMarketView> {
  const c = marketContracts(args.contracts);
  const { account } = args;
  const r = await aggregateStrict(client, args.contracts.Multicall3, {
    blockNumber: blockNumberRead(args.contracts.Multicall3),
    parameters: viewRead('EusdMarket.parameters', c.market, eusdMarketAbi, 'parameters', []),
    reserves: viewRead('EusdMarket.reserves', c.market, eusdMarketAbi, 'reserves', []),
    paused: viewRead('EusdMarket.paused', c.market, eusdMarketAbi, 'paused', []),
    eusdBalance: viewRead('EUSD.balanceOf', c.eusd, erc20Abi, 'balanceOf', [account]),
    usdtBalance: viewRead('USDT.balanceOf', c.usdt, erc20Abi, 'balanceOf', [account]),
    eusdAllowance: viewRead('EUSD.allowance', c.eusd, erc20Abi, 'allowance', [account, c.market]),
    usdtAllowance: viewRead('USDT.allowance', c.usdt, erc20Abi, 'allowance', [account, c.market]),
  });
  const [maxUnitPrice, sellerFeeBps, rewardBps] = r.parameters;
  return {
    ...c,
    blockNumber: r.blockNumber,
    maxUnitPrice,
    sellerFeeBps,
    rewardBps,
    rewardReserve: r.reserves[0],
    paused: r.paused,
    eusdBalance: r.eusdBalance,
    usdtBalance: r.usdtBalance,
    eusdAllowance: r.eusdAllowance,
    usdtAllowance: r.usdtAllowance,
  };
}

/** The market's parameters in force (max unit price, seller fee, buyer reward), as the help document lists them. */
export type EusdMarketParameters = Pick<EusdMarketView, 'market' | 'maxUnitPrice' | 'sellerFeeBps' | 'rewardBps'>;

/** The market's parameters, with no account, in ONE eth_call. */
export async function readEusdMarketParameters(
  client: CallClient,
  args: { contracts: DeployedContracts },
): Promise<EusdMarketParameters> {
  const { market } = marketContracts(args.contracts);
  const r = await aggregateStrict(client, args.contracts.Multicall3, {
    parameters: viewRead('EusdMarket.parameters', market, eusdMarketAbi, 'parameters', []),
  });
  const [maxUnitPrice, sellerFeeBps, rewardBps] = r.parameters;
  return { market, maxUnitPrice, sellerFeeBps, rewardBps };
}
