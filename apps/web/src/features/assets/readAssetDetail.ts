import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '@eterno/protocol/deployments';
import type { LockProgress } from '@eterno/protocol/lock/lockProgress';
import { lockFromAnswers, lockReads } from '@eterno/protocol/lock/readLock';
import {
  aggregateStrict,
  blockNumberRead,
  blockTimestampRead,
  nativeBalanceRead,
  viewRead,
  type CallClient,
} from '@eterno/protocol/multicall';
import type { OverviewSymbol } from './overviewTokens.ts';

export type AssetDetailRead = {
  readonly symbol: OverviewSymbol;
  readonly blockNumber: bigint;
  readonly timestamp: bigint;
  /** The wallet's balance of the token (FON: the native coin). */
  readonly balance: bigint;
  /** The token's allowance to the vault (the deposit's approval); null for FON. */
  readonly allowance: bigint | null;
  /** ETRO only: the LockLedger figures (with what swap purchases released: the "swap unlock"). */
  readonly lock: LockProgress | null;
};

/**
 * The asset detail's chain figures in ONE Multicall3 eth_call: the wallet balance, the allowance to
 * the vault (for the deposit's approval), for ETRO the LockLedger figures (`lockReads`: summary, release
 * times, claim quote, release per kind), and the block number and time.
 */
export async function readAssetDetail(
  client: CallClient,
  args: { contracts: DeployedContracts; symbol: OverviewSymbol; account: Address; vault: Address },
): Promise<AssetDetailRead> {
  const { contracts, symbol, account, vault } = args;
  const multicall = contracts.Multicall3;
  const place = { blockNumber: blockNumberRead(multicall), timestamp: blockTimestampRead(multicall) };
  if (symbol === 'FON') {
    const answers = await aggregateStrict(client, multicall, {
      ...place,
      balance: nativeBalanceRead(multicall, account),
    });
    return { symbol, ...answers, allowance: null, lock: null };
  }
  const token = contracts[symbol];
  const wallet = {
    balance: viewRead(`${symbol}.balanceOf`, token, erc20Abi, 'balanceOf', [account]),
    allowance: viewRead(`${symbol}.allowance`, token, erc20Abi, 'allowance', [account, vault]),
  };
  if (symbol !== 'ETRO') {
    const answers = await aggregateStrict(client, multicall, { ...place, ...wallet });
    return { symbol, ...answers, lock: null };
  }
  const { lock, ...answers } = await aggregateStrict(client, multicall, {
    ...place,
    ...wallet,
    lock: lockReads(contracts.LockLedger, account),
  });
  return { symbol, ...answers, lock: lockFromAnswers(lock) };
}
