import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Address } from 'viem';
import {
  aggregateStrict,
  blockNumberRead,
  nativeBalanceRead,
  type CallClient,
  type MulticallRead,
} from './multicall.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from './multicall.ts';

export type BalanceToken = { symbol: string; address: Address };

export type Balances = {
  /** The block all balances were read at. */
  blockNumber: bigint;
  /** Token balances in base units, by symbol. */
  balances: Record<string, bigint>;
  /** The native (FON) balance in wei. */
  native: bigint;
};

function balanceOfRead(token: BalanceToken, account: Address): MulticallRead<bigint> {
  return {
    label: `${token.symbol}.balanceOf`,
    target: token.address,
    callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
    decode: (returnData) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: returnData }),
  };
}

/**
 * Reads `account`'s balance of every token, its native balance and the block number in ONE
 * `eth_call` to Multicall3 (named sub-calls: each token by its symbol, `getEthBalance`, `getBlockNumber`),
 * so all numbers come from the same block. Throws `MulticallCallError` if any sub-call fails
 * (never a silent zero).
 */
export async function readBalances(
  client: CallClient,
  args: { multicall: Address; account: Address; tokens: readonly BalanceToken[] },
): Promise<Balances> {
  const symbols = new Set(args.tokens.map((token) => token.symbol));
  if (symbols.size !== args.tokens.length) {
    throw new RangeError('readBalances: token symbols must be unique');
  }

  const { tokens, native, blockNumber } = await aggregateStrict(client, args.multicall, {
    tokens: Object.fromEntries(args.tokens.map((token) => [token.symbol, balanceOfRead(token, args.account)])),
    native: nativeBalanceRead(args.multicall, args.account),
    blockNumber: blockNumberRead(args.multicall),
  });
  const balances: Record<string, bigint> = { ...tokens };
  return { blockNumber, balances, native };
}
