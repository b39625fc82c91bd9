import { erc20Abi, type Address } from 'viem';
import {
  aggregateStrict,
  blockNumberRead,
  blockTimestampRead,
  viewRead,
  type CallClient,
} from '@eterno/protocol/multicall';

export type ExchangeWallet = {
  readonly token: Address;
  readonly blockNumber: bigint;
  /** The block's time (unix seconds): the clock a quote's deadline is judged by. */
  readonly timestamp: bigint;
  /** The wallet's balance of the token paid, and its allowance to the vault. */
  readonly balance: bigint;
  readonly allowance: bigint;
};

/** The exchange form's chain figures for the token paid, in ONE Multicall3 eth_call. */
export async function readExchangeWallet(
  client: CallClient,
  args: { multicall: Address; token: Address; symbol: string; account: Address; vault: Address },
): Promise<ExchangeWallet> {
  const { token, symbol, account, vault } = args;
  const answers = await aggregateStrict(client, args.multicall, {
    blockNumber: blockNumberRead(args.multicall),
    timestamp: blockTimestampRead(args.multicall),
    balance: viewRead(`${symbol}.balanceOf`, token, erc20Abi, 'balanceOf', [account]),
    allowance: viewRead(`${symbol}.allowance`, token, erc20Abi, 'allowance', [account, vault]),
  });
  return { token, ...answers };
}
