/**
 * Home › TREND: price candles of ETRO (the ETRO/USDT pair, EULP) and FON (the WFON/USDT pair),
 * built by the indexer from each pair's `Swap` events and served by `GET /candles` (the wire format
 * below). bigint only: a price is USDT per one token, 18-decimal fixed point (PRICE_SCALE),
 * truncated — the swap's execution price, USDT moved × 1e18 / token moved (docs/decisions/trend.md).
 */
import { PRICE_SCALE } from '../pair.ts';

/** The two priced pairs, named by the token they price in USDT. */
export const CANDLE_PAIRS = ['ETRO', 'FON'] as const;
export type CandlePair = (typeof CANDLE_PAIRS)[number];

/** Candle widths, in seconds: 1 h and 1 d (UTC-aligned: a bucket starts at a multiple of its width). */
export const CANDLE_INTERVALS = { '1h': 3_600, '1d': 86_400 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;
export const CANDLE_INTERVAL_NAMES = Object.keys(CANDLE_INTERVALS) as CandleInterval[];

/** Candles per page of `GET /candles`: default and maximum. */
export const CANDLES_DEFAULT_LIMIT = 200;
export const CANDLES_MAX_LIMIT = 500;

/** One trade of a pair, as the candles see it: both sides' amounts (what moved in plus out). */
export type PairTrade = {
  /** Token amount moved (in + out of the pair), base units. */
  readonly token: bigint;
  /** USDT amount moved (in + out of the pair), base units. */
  readonly usdt: bigint;
};

/** The amounts a Uniswap V2 `Swap` moved, split into the priced token and USDT by the pair's token order. */
export function pairTrade(
  swap: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint },
  usdtIsToken0: boolean,
): PairTrade {
  const side0 = swap.amount0In + swap.amount0Out;
  const side1 = swap.amount1In + swap.amount1Out;
  return usdtIsToken0 ? { usdt: side0, token: side1 } : { usdt: side1, token: side0 };
}

/** The trade's execution price (USDT per token, 1e18 scale, truncated); null when either side is 0 (nothing to price). */
export function tradePrice(trade: PairTrade): bigint | null {
  if (trade.token === 0n || trade.usdt === 0n) return null;
  return (trade.usdt * PRICE_SCALE) / trade.token;
}

/** The start (unix seconds) of the `interval` bucket holding `timestamp`. */
export function bucketOf(timestamp: bigint, interval: CandleInterval): bigint {
  const width = BigInt(CANDLE_INTERVALS[interval]);
  return timestamp - (timestamp % width);
}

/** A candle's figures (prices 1e18 scale, volumes base units). */
export type CandleFigures = {
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volumeToken: bigint;
  readonly volumeUsdt: bigint;
  readonly trades: number;
};

/** The candle after one more trade at `price` (trades arrive in chain order): open kept, close moved. */
export function addTrade(candle: CandleFigures | undefined, price: bigint, trade: PairTrade): CandleFigures {
  if (candle === undefined) {
    return {
      open: price,
      high: price,
      low: price,
      close: price,
      volumeToken: trade.token,
      volumeUsdt: trade.usdt,
      trades: 1,
    };
  }
  return {
    open: candle.open,
    high: price > candle.high ? price : candle.high,
    low: price < candle.low ? price : candle.low,
    close: price,
    volumeToken: candle.volumeToken + trade.token,
    volumeUsdt: candle.volumeUsdt + trade.usdt,
    trades: candle.trades + 1,
  };
}

/** One candle on the wire: uint256 figures and the bucket start (unix seconds) as decimal strings. */
export interface CandleJson {
  /** Bucket start, unix seconds. */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volumeToken: string;
  volumeUsdt: string;
  trades: number;
}

/**
 * `GET /candles?pair=ETRO|FON&interval=1h|1d&before=<bucket>&limit=`: the newest `limit` candles
 * of the pair strictly before the bucket `before` (all when absent), returned OLDEST first (the order a
 * chart draws); `nextBefore` is the oldest returned bucket when older candles exist, else null.
 */
export interface CandlesResponseJson {
  pair: CandlePair;
  interval: CandleInterval;
  candles: CandleJson[];
  nextBefore: string | null;
}
