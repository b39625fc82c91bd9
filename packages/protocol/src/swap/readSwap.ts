import { decodeFunctionResult, encodeFunctionData, erc20Abi, isAddressEqual, type Abi, type Address } from 'viem';
import { etroSwapAbi, lockLedgerAbi, uniswapV2PairAbi } from '../generated/abis.ts';
import { InvalidDeploymentsError, type DeployedContracts } from '../deployments.ts';
import {
  aggregateStrict,
  blockNumberRead,
  blockTimestampRead,
  type CallClient,
  type MulticallRead,
} from '../multicall.ts';
import { lockProgress, type LockEntry, type LockProgress } from './lockProgress.ts';
import { etroPrice, priceImpactBps, type Reserves } from './quoteMath.ts';

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

const SWAP_CONTRACT_KEYS = ['Multicall3', 'USDT', 'ETRO', 'EULP', 'EtroSwap', 'LockLedger'] as const;

/** The deployed contracts the swap panel uses (keys of the deployments file). */
export type SwapContracts = { readonly [K in (typeof SWAP_CONTRACT_KEYS)[number]]: Address };

/** The swap's contracts from a deployments file; throws `InvalidDeploymentsError` when one is missing. */
export function swapContracts(contracts: DeployedContracts): SwapContracts {
  const picked: Partial<Record<(typeof SWAP_CONTRACT_KEYS)[number], Address>> = {};
  for (const key of SWAP_CONTRACT_KEYS) {
    const address = contracts[key];
    if (address === undefined) throw new InvalidDeploymentsError(`contracts.${key}`, 'is missing');
    picked[key] = address;
  }
  return picked as SwapContracts;
}

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

function read<const A extends Abi>(
  label: string,
  target: Address,
  abi: A,
  functionName: string,
  args: readonly unknown[] = [],
): MulticallRead<unknown> {
  const call = { abi, functionName, args } as Parameters<typeof encodeFunctionData>[0];
  return {
    label,
    target,
    callData: encodeFunctionData(call),
    decode: (data) => decodeFunctionResult({ abi, functionName, data } as Parameters<typeof decodeFunctionResult>[0]),
  };
}

/**
 * Everything the swap panel shows, in ONE `eth_call` to Multicall3: the EULP reserves and token0,
 * the account's USDT and ETRO balances, the input token's allowance to EtroSwap, the swap's fee and
 * vesting duration, the account's lock summary and entries, the block number and timestamp, and
 * (when `amountIn` > 0) the quote (`quoteBuy` / `quoteSell`). Throws `MulticallCallError` if any
 * sub-call fails and `RangeError` for an amount above `MAX_QUOTE_INPUT`.
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
      ? []
      : direction === 'buy'
        ? [read('EtroSwap.quoteBuy', c.EtroSwap, etroSwapAbi, 'quoteBuy', [amountIn])]
        : [read('EtroSwap.quoteSell', c.EtroSwap, etroSwapAbi, 'quoteSell', [amountIn])];

  const results = await aggregateStrict(client, c.Multicall3, [
    read('EULP.getReserves', c.EULP, uniswapV2PairAbi, 'getReserves'),
    read('EULP.token0', c.EULP, uniswapV2PairAbi, 'token0'),
    read('USDT.balanceOf', c.USDT, erc20Abi, 'balanceOf', [account]),
    read('ETRO.balanceOf', c.ETRO, erc20Abi, 'balanceOf', [account]),
    read(`${swapTokens(direction).input}.allowance`, inputToken, erc20Abi, 'allowance', [account, c.EtroSwap]),
    read('EtroSwap.feeBps', c.EtroSwap, etroSwapAbi, 'feeBps'),
    read('EtroSwap.vestingDuration', c.EtroSwap, etroSwapAbi, 'vestingDuration'),
    read('LockLedger.summaryOf', c.LockLedger, lockLedgerAbi, 'summaryOf', [account]),
    read('LockLedger.entriesOf', c.LockLedger, lockLedgerAbi, 'entriesOf', [account]),
    blockNumberRead(c.Multicall3),
    blockTimestampRead(c.Multicall3),
    ...quoteRead,
  ]);

  const [reserve0, reserve1] = results[0] as readonly [bigint, bigint, number];
  const token0 = results[1] as Address;
  const usdtIsToken0 = isAddressEqual(token0, c.USDT);
  const reserves: Reserves = usdtIsToken0 ? { usdt: reserve0, etro: reserve1 } : { usdt: reserve1, etro: reserve0 };
  const [credited, released, claimed] = results[7] as readonly [bigint, bigint, bigint];
  const entries = (results[8] as readonly { amount: bigint; start: bigint; duration: bigint }[]).map(
    (entry): LockEntry => ({ amount: entry.amount, start: BigInt(entry.start), duration: BigInt(entry.duration) }),
  );
  const blockTimestamp = results[10] as bigint;

  let quote: SwapQuote | null = null;
  if (amountIn > 0n) {
    const answer = results[11];
    const [fee, amountOut] = direction === 'buy' ? (answer as readonly [bigint, bigint]) : [0n, answer as bigint];
    const [reserveIn, reserveOut] = direction === 'buy' ? [reserves.usdt, reserves.etro] : [reserves.etro, reserves.usdt];
    quote = {
      direction,
      amountIn,
      fee,
      amountOut,
      priceImpactBps: priceImpactBps({ amountIn: amountIn - fee, amountOut, reserveIn, reserveOut }),
    };
  }

  return {
    blockNumber: results[9] as bigint,
    blockTimestamp,
    reserves,
    price: etroPrice(reserves),
    balances: { USDT: results[2] as bigint, ETRO: results[3] as bigint },
    allowance: results[4] as bigint,
    feeBps: BigInt(results[5] as number),
    vestingDuration: BigInt(results[6] as bigint | number),
    quote,
    lock: lockProgress({ credited, released, claimed }, entries, blockTimestamp),
  };
}
