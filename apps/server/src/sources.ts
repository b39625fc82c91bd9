/**
 * Which deployment an address is: the staking pool of an EternoStaking log, the role of a
 * LockLedger writer. Addresses compare case-insensitively (config and logs may differ in case).
 */
import { STAKE_POOLS, type LockSource, type StakePool } from '@eterno/protocol/indexerApi';
import type { Address } from 'viem';

/** The two staking deployments in STAKE_POOLS order (the `Staking` contract's address list). */
export type StakingAddresses = readonly Address[];

export class UnknownDeploymentError extends Error {
  override name = 'UnknownDeploymentError';
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The pool of the staking deployment at `address`; `staking` lists them in STAKE_POOLS order. */
export function stakePoolOf(address: Address, staking: StakingAddresses): StakePool {
  const i = staking.findIndex((a) => same(a, address));
  const pool = STAKE_POOLS[i];
  if (pool === undefined) throw new UnknownDeploymentError(`${address} is not one of the staking deployments`);
  return pool;
}

/** Who credited a lock entry: the swap, a staking pool, or another writer. */
export function lockSourceOf(writer: Address, swap: Address, staking: StakingAddresses): LockSource {
  if (same(writer, swap)) return 'swap';
  const i = staking.findIndex((a) => same(a, writer));
  const pool = STAKE_POOLS[i];
  return pool === undefined ? 'other' : `stake${pool}`;
}
