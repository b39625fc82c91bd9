/**
 * The pairs whose `Swap` events make the TREND candles (the `PricePair` source of ponder.config.ts):
 * ETRO/USDT (EULP) and WFON/USDT, each named by the token it prices, with USDT's side. A Uniswap V2
 * pair's token0 is the lower address, so the side follows from the deployed addresses alone.
 */
import type { CandlePair } from '@eterno/protocol/trend/candles';
import type { Address } from 'viem';

export type PricePair = { readonly pair: CandlePair; readonly address: Address; readonly usdtIsToken0: boolean };

type PairContracts = {
  readonly USDT: Address;
  readonly ETRO: Address;
  readonly WFON: Address;
  readonly EULP: Address;
  readonly WFON_USDT: Address;
};

export class UnknownPricePairError extends Error {
  override name = 'UnknownPricePairError';
}

/** The two priced pairs of a deployment, in CANDLE_PAIRS order. */
export function pricePairsOf(contracts: PairContracts): readonly PricePair[] {
  const usdtFirst = (other: Address) => contracts.USDT.toLowerCase() < other.toLowerCase();
  return [
    { pair: 'ETRO', address: contracts.EULP, usdtIsToken0: usdtFirst(contracts.ETRO) },
    { pair: 'FON', address: contracts.WFON_USDT, usdtIsToken0: usdtFirst(contracts.WFON) },
  ];
}

/** The priced pair at `address` (any case); throws for an address that is none of them. */
export function pricePairAt(pairs: readonly PricePair[], address: Address): PricePair {
  const found = pairs.find((p) => p.address.toLowerCase() === address.toLowerCase());
  if (found === undefined) throw new UnknownPricePairError(`${address} is not one of the priced pairs`);
  return found;
}
