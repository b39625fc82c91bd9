/**
 * Home › ETERNO: the platform's market figures, read in ONE Multicall3 `eth_call` and derived with
 * bigint math only (the pair maths: pair.ts). See docs/decisions/home-prices.md for what each figure is and its formula.
 */
import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from './deployments.ts';
import { eternoFarmAbi, eternoStakingAbi, uniswapV2PairAbi } from './generated/abis.ts';
import { aggregateStrict, blockNumberRead, viewRead, type CallClient } from './multicall.ts';
import {
  lpStats,
  NO_LIQUIDITY,
  orderReserves,
  pairPrice,
  priced,
  valueAt,
  type LpStats,
  type Priced,
  type UsdtPairReserves,
} from './pair.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from './multicall.ts';

/** The deployed contracts `readMarket` reads (keys of the deployments file). */
export type MarketContracts = Pick<
  DeployedContracts,
  | 'Multicall3'
  | 'USDT'
  | 'ETRO'
  | 'EUSD'
  | 'WFON'
  | 'EULP'
  | 'ELP'
  | 'WFON_USDT'
  | 'StakingETRO'
  | 'StakingEULP'
  | 'EternoFarm'
>;

/**
 * Amounts an operator declares in the app's config (DESIGN §3): never added silently, each shown as
 * its own labelled line, 0 when not configured. Base units (18 decimals).
 */
export type DeclaredTreasury = {
  /** USDT the operator says is held off chain (the spec's fixed "+6,000,000"). */
  readonly offChainUsdt: bigint;
  /** ETRO the operator says is held off chain, valued at the pair's price (the spec's "× 104,200"). */
  readonly offChainEtro: bigint;
};

export const NO_DECLARED_TREASURY: DeclaredTreasury = { offChainUsdt: 0n, offChainEtro: 0n };

/** A staking pool's reward reserve (DESIGN §5: "a funded reserve whose size the app shows"). */
export type StakingReserve = {
  /** Funded − withdrawn − paid. */
  readonly reserve: bigint;
  /** The part not committed to open orders: what new orders' rewards can draw on. */
  readonly available: bigint;
};

/** The USDT value: USDT in the platform's pools on chain, plus the operator's declared line. */
export type UsdtValue = {
  /** USDT reserves of the ETRO/USDT (EULP) and EUSD/USDT (ELP) pairs. */
  readonly onChain: bigint;
  readonly declared: bigint;
  readonly total: bigint;
};

/** The ETRO value: ETRO's total supply at the pair's price, plus the operator's declared ETRO at that price. */
export type EtroValue = {
  readonly totalSupply: bigint;
  /** totalSupply × price, USDT base units. */
  readonly onChain: bigint;
  /** The declared ETRO amount (base units) and its USDT value at the price. */
  readonly declaredEtro: bigint;
  readonly declared: bigint;
  readonly total: bigint;
};

export type MarketView = {
  /** The block every figure was read at. */
  readonly blockNumber: bigint;
  /** USDT per ETRO from the EULP reserves, 18-decimal fixed point. */
  readonly etroPrice: Priced<bigint>;
  /** USDT per FON (native coin) from the WFON/USDT reserves, 18-decimal fixed point. */
  readonly fonPrice: Priced<bigint>;
  readonly lp: LpStats;
  readonly elp: UsdtPairReserves;
  readonly fonPair: UsdtPairReserves;
  readonly usdtValue: UsdtValue;
  /** Needs the ETRO price: noLiquidity while the EULP pair is empty. */
  readonly etroValue: Priced<EtroValue>;
  readonly staking: { readonly ETRO: StakingReserve; readonly EULP: StakingReserve };
  /** The farm's ETRO emitted so far and its whole planned emission. */
  readonly farm: { readonly emitted: bigint; readonly totalEmission: bigint };
};

/** usdtValue and etroValue (spec §3 "Price data") from chain figures and the declared lines. */
export function marketValues(args: {
  eulp: UsdtPairReserves;
  elp: UsdtPairReserves;
  etroPrice: Priced<bigint>;
  etroTotalSupply: bigint;
  declared: DeclaredTreasury;
}): { usdtValue: UsdtValue; etroValue: Priced<EtroValue> } {
  const { declared } = args;
  if (declared.offChainUsdt < 0n || declared.offChainEtro < 0n)
    throw new RangeError('declared treasury amounts must not be negative');
  const onChainUsdt = args.eulp.usdt + args.elp.usdt;
  const usdtValue = {
    onChain: onChainUsdt,
    declared: declared.offChainUsdt,
    total: onChainUsdt + declared.offChainUsdt,
  };
  if (args.etroPrice.kind === 'noLiquidity') return { usdtValue, etroValue: NO_LIQUIDITY };
  const price = args.etroPrice.value;
  const onChain = valueAt(args.etroTotalSupply, price);
  const declaredValue = valueAt(declared.offChainEtro, price);
  return {
    usdtValue,
    etroValue: priced({
      totalSupply: args.etroTotalSupply,
      onChain,
      declaredEtro: declared.offChainEtro,
      declared: declaredValue,
      total: onChain + declaredValue,
    }),
  };
}

/**
 * Everything Home › ETERNO shows, in ONE `eth_call` to Multicall3 (every figure of the same block):
 * the EULP (ETRO/USDT) reserves, tokens and total supply, the ELP (EUSD/USDT) and WFON/USDT reserves
 * and tokens, ETRO's total supply, both staking pools' `rewardReserve` and `availableRewards`, the
 * farm's `emitted` and `totalEmission`, and the block number. Throws `MulticallCallError` if a
 * sub-call fails and `PairMismatchError` if a pair does not hold the tokens the deployments say.
 */
export async function readMarket(
  client: CallClient,
  args: { contracts: MarketContracts; declared?: DeclaredTreasury },
): Promise<MarketView> {
  const { contracts: c } = args;
  const pairReads = (label: 'EULP' | 'ELP' | 'WFON_USDT', pair: Address) => ({
    reserves: viewRead(`${label}.getReserves`, pair, uniswapV2PairAbi, 'getReserves', []),
    token0: viewRead(`${label}.token0`, pair, uniswapV2PairAbi, 'token0', []),
    token1: viewRead(`${label}.token1`, pair, uniswapV2PairAbi, 'token1', []),
  });
  const stakingReads = (label: 'StakingETRO' | 'StakingEULP', staking: Address) => ({
    reserve: viewRead(`${label}.rewardReserve`, staking, eternoStakingAbi, 'rewardReserve', []),
    available: viewRead(`${label}.availableRewards`, staking, eternoStakingAbi, 'availableRewards', []),
  });
  const r = await aggregateStrict(client, c.Multicall3, {
    eulp: pairReads('EULP', c.EULP),
    eulpSupply: viewRead('EULP.totalSupply', c.EULP, uniswapV2PairAbi, 'totalSupply', []),
    elp: pairReads('ELP', c.ELP),
    fon: pairReads('WFON_USDT', c.WFON_USDT),
    etroSupply: viewRead('ETRO.totalSupply', c.ETRO, erc20Abi, 'totalSupply', []),
    stakingEtro: stakingReads('StakingETRO', c.StakingETRO),
    stakingEulp: stakingReads('StakingEULP', c.StakingEULP),
    emitted: viewRead('EternoFarm.emitted', c.EternoFarm, eternoFarmAbi, 'emitted', []),
    totalEmission: viewRead('EternoFarm.totalEmission', c.EternoFarm, eternoFarmAbi, 'totalEmission', []),
    blockNumber: blockNumberRead(c.Multicall3),
  });

  const eulp = orderReserves('EULP', c.EULP, r.eulp.reserves, r.eulp, { usdt: c.USDT, other: c.ETRO });
  const elp = orderReserves('ELP', c.ELP, r.elp.reserves, r.elp, { usdt: c.USDT, other: c.EUSD });
  const fonPair = orderReserves('WFON_USDT', c.WFON_USDT, r.fon.reserves, r.fon, { usdt: c.USDT, other: c.WFON });
  const etroPrice = pairPrice(eulp);
  const { usdtValue, etroValue } = marketValues({
    eulp,
    elp,
    etroPrice,
    etroTotalSupply: r.etroSupply,
    declared: args.declared ?? NO_DECLARED_TREASURY,
  });

  return {
    blockNumber: r.blockNumber,
    etroPrice,
    fonPrice: pairPrice(fonPair),
    lp: lpStats(eulp, r.eulpSupply),
    elp,
    fonPair,
    usdtValue,
    etroValue,
    staking: {
      ETRO: r.stakingEtro,
      EULP: r.stakingEulp,
    },
    farm: { emitted: r.emitted, totalEmission: r.totalEmission },
  };
}
