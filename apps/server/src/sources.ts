/**
 * Which deployment an address is: the staking pool of an EternoStaking log, the role of a
 * LockLedger writer. Addresses compare case-insensitively (config and logs may differ in case).
 */
import { STAKE_POOLS, type LockSource, type StakePool } from '@eterno/protocol/indexerApi';
import { zeroAddress, type Address } from 'viem';

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

/**
 * The address the `ReferralRegistry` source indexes: the registry the deployments name, else the
 * zero address (no contract there emits anything: a deployment without a registry indexes no
 * referral event and every referral table stays empty).
 */
export function referralRegistryAddress(contracts: Readonly<Record<string, string | undefined>>): Address {
  const registry = contracts.ReferralRegistry;
  return registry === undefined ? zeroAddress : (registry as Address);
}

/** The address the `EusdMarket` source indexes: the deployments' market, else the zero address (nothing indexed). */
export function eusdMarketAddress(contracts: Readonly<Record<string, string | undefined>>): Address {
  const market = contracts.EusdMarket;
  return market === undefined ? zeroAddress : (market as Address);
}

/** The address the `EternoNodes` source indexes: the deployments' nodes contract, else the zero address (nothing indexed). */
export function eternoNodesAddress(contracts: Readonly<Record<string, string | undefined>>): Address {
  const nodes = contracts.EternoNodes;
  return nodes === undefined ? zeroAddress : (nodes as Address);
}
