import { erc20Abi, isAddressEqual, type Address } from 'viem';
import { etroSwapAbi, uniswapV2PairAbi } from '../generated/abis.ts';
import type { DeployedContracts } from '../deployments.ts';
import { aggregateStrict, blockNumberRead, blockTimestampRead, viewRead, type CallClient } from '../multicall.ts';
import type { LockProgress } from '../lock/lockProgress.ts';
import { lockFromAnswers, lockReads } from '../lock/readLock.ts';
import { pairPrice } from '../pair.ts';
import { priceImpactBps, type Reserves } from './quoteMath.ts';

/** `buy`: USDT → ETRO (`swap`, 6 % fee, output locked 24 h); `sell`: ETRO → USDT (`sell`). */
export type SwapDirection = 'buy' | 'sell';

export type SwapToken = 'USDT' | 'ETRO';

/** What a direction spends and pays. */
export function swapTokens(direction: SwapDirection): { input: SwapToken; output: SwapToken } {
  return direction === 'buy' ? { input: 'USDT', output: 'ETRO' } : { input: 'ETRO', output: 'USDT' };
}

/**
 * The largest input quoted. The pair's reserves are uint112, so a larger trade is meaningless, and
 * below it the contract's constant-product arithmetic cannot overflow (a quote then never reverts).
 */
export const MAX_QUOTE_INPUT = 2n ** 112n - 1n;

/** The deployed contracts the swap panel uses (a deployments file's `contracts` fits). */
export type SwapContracts = Pick<
  DeployedContracts,
  'Multicall3' | 'USDT' | 'ETRO' | 'EULP' | 'EtroSwap' | 'LockLedger'
>;

export type SwapQuote = {
  direction: SwapDirection;
  amountIn: bigint;
  /** The swap's own fee (USDT, buys only; 0 for a sell). */
  fee: bigint;
  /** What the trader gets: ETRO locked for a buy, USDT paid for a sell. */
  amountOut: bigint;
  /** Against the pair's mid price, on what reaches the pool (after the fee), rounded up. */
  priceImpactBps: bigint;
};

export type SwapRead = {
  blockNumber: bigint;
  /** The block's timestamp (unix seconds): the lock figures are as of this time. */
  blockTimestamp: bigint;
  reserves: Reserves;
  /** One ETRO in USDT, 18-decimal fixed point; null when the pair is empty. */
  price: bigint | null;
  balances: Record<SwapToken, bigint>;
  /** The input token's allowance to EtroSwap. */
  allowance: bigint;
  /** EtroSwap's buy fee (basis points) and vesting duration (seconds). */
  feeBps: bigint;
  vestingDuration: bigint;
  /** Null when no positive `amountIn` was asked for. */
  quote: SwapQuote | null;
  lock: LockProgress;
};

/** The pair's mid price of one ETRO in USDT (18-decimal fixed point); null without liquidity. */
function priceOrNull(reserves: Reserves): bigint | null {
  const price = pairPrice({ usdt: reserves.usdt, other: reserves.etro });
  return price.kind === 'value' ? price.value : null;
}

/**
 * Everything the swap panel shows, in ONE `eth_call` to Multicall3: the EULP reserves and token0,
 * the account's USDT and ETRO balances, the input token's allowance to EtroSwap, the swap's fee and
 * vesting duration, the account's lock figures (`lockReads`: summary, release times, claim quote, release per
 * kind), the block number and timestamp, and
 * (when `amountIn` > 0) the quote (`quoteBuy` / `quoteSell`) as one more sub-call of the same call.
 * Throws `MulticallCallError` if any sub-call fails and `RangeError` for an amount above
 * `MAX_QUOTE_INPUT`.
 */
export async function readSwap(
  client: CallClient,
  args: { contracts: SwapContracts; account: Address; direction: SwapDirection; amountIn?: bigint | undefined },
): Promise<SwapRead> {
  const { contracts: c, account, direction } = args;
  const amountIn = args.amountIn ?? 0n;
  if (amountIn < 0n || amountIn > MAX_QUOTE_INPUT) throw new RangeError(`readSwap: amountIn out of range: ${amountIn}`);
  const inputToken = direction === 'buy' ? c.USDT : c.ETRO;
  const quoteRead =
    amountIn === 0n
      ? null
      : direction === 'buy'
        ? viewRead('EtroSwap.quoteBuy', c.EtroSwap, etroSwapAbi, 'quoteBuy', [amountIn])
        : viewRead('EtroSwap.quoteSell', c.EtroSwap, etroSwapAbi, 'quoteSell', [amountIn]);

  const reads = {
    reserves: viewRead('EULP.getReserves', c.EULP, uniswapV2PairAbi, 'getReserves', []),
    token0: viewRead('EULP.token0', c.EULP, uniswapV2PairAbi, 'token0', []),
    usdtBalance: viewRead('USDT.balanceOf', c.USDT, erc20Abi, 'balanceOf', [account]),
    etroBalance: viewRead('ETRO.balanceOf', c.ETRO, erc20Abi, 'balanceOf', [account]),
    allowance: viewRead(`${swapTokens(direction).input}.allowance`, inputToken, erc20Abi, 'allowance', [
      account,
      c.EtroSwap,
    ]),
    feeBps: viewRead('EtroSwap.feeBps', c.EtroSwap, etroSwapAbi, 'feeBps', []),
    vestingDuration: viewRead('EtroSwap.vestingDuration', c.EtroSwap, etroSwapAbi, 'vestingDuration', []),
    lock: lockReads(c.LockLedger, account),
    blockNumber: blockNumberRead(c.Multicall3),
    blockTimestamp: blockTimestampRead(c.Multicall3),
  };
  const r = await aggregateStrict(client, c.Multicall3, quoteRead === null ? reads : { ...reads, quote: quoteRead });
  const { token0, usdtBalance, etroBalance, allowance, feeBps, vestingDuration, blockNumber, blockTimestamp } = r;
  const [reserve0, reserve1] = r.reserves;
  const quoteAnswer = 'quote' in r ? r.quote : undefined;

  const reserves: Reserves = isAddressEqual(token0, c.USDT)
    ? { usdt: reserve0, etro: reserve1 }
    : { usdt: reserve1, etro: reserve0 };

  let quote: SwapQuote | null = null;
  if (quoteAnswer !== undefined) {
    const [fee, amountOut] = typeof quoteAnswer === 'bigint' ? [0n, quoteAnswer] : quoteAnswer;
    const [reserveIn, reserveOut] =
      direction === 'buy' ? [reserves.usdt, reserves.etro] : [reserves.etro, reserves.usdt];
    quote = {
      direction,
      amountIn,
      fee,
      amountOut,
      priceImpactBps: priceImpactBps({ amountIn: amountIn - fee, amountOut, reserveIn, reserveOut }),
    };
  }

  return {
    blockNumber,
    blockTimestamp,
    reserves,
    price: priceOrNull(reserves),
    balances: { USDT: usdtBalance, ETRO: etroBalance },
    allowance,
    feeBps: BigInt(feeBps),
    vestingDuration: BigInt(vestingDuration),
    quote,
    lock: lockFromAnswers(r.lock),
  };
}
