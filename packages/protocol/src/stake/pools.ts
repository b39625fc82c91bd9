import type { Address, ContractFunctionName } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { LOCK_PERIODS_DAYS, type LockPeriodDays } from '../domain.ts';
import { eternoStakingAbi } from '../generated/abis.ts';
import { STAKE_POOLS, type StakePool } from '../indexerApi.ts';
import type { ContractCall } from '../tx/steps.ts';

export { LOCK_PERIODS_DAYS, STAKE_POOLS, type LockPeriodDays, type StakePool };

/**
 * The two fixed-term staking pools (docs/decisions/staking.md): `StakingETRO` stakes ETRO,
 * `StakingEULP` the ETRO/USDT LP token; both pay ETRO rewards into the LockLedger.
 */

/** The contract function that stakes for `days` days (spec: `enterStaking_{days}`). */
export type EnterStakingFunction<D extends LockPeriodDays = LockPeriodDays> = `enterStaking_${D}`;

export function enterStakingFunction<D extends LockPeriodDays>(days: D): EnterStakingFunction<D> {
  return `enterStaking_${days}`;
}

export type StakePoolContracts = {
  pool: StakePool;
  /** The staked token's symbol, which is the pool's name. */
  symbol: StakePool;
  /** The staked token (ETRO or the EULP pair). */
  token: Address;
  /** The EternoStaking deployment of this pool. */
  staking: Address;
};

const STAKING_KEY = { ETRO: 'StakingETRO', EULP: 'StakingEULP' } as const satisfies Record<StakePool, string>;

export function isStakePool(value: unknown): value is StakePool {
  return (STAKE_POOLS as readonly unknown[]).includes(value);
}

/** The token and staking contract of `pool`. */
export function stakePoolContracts(
  contracts: Pick<DeployedContracts, 'ETRO' | 'EULP' | 'StakingETRO' | 'StakingEULP'>,
  pool: StakePool,
): StakePoolContracts {
  return { pool, symbol: pool, token: contracts[pool], staking: contracts[STAKING_KEY[pool]] };
}

type StakingWrite = ContractFunctionName<typeof eternoStakingAbi, 'nonpayable'>;

/** `enterStaking_{days}(amount)` on `staking`, as a call for `planWrite`. */
export function enterStakeCall(staking: Address, days: LockPeriodDays, amount: bigint): ContractCall {
  // Typed against the ABI: a period without its function in the contract does not compile.
  const functionName: StakingWrite = enterStakingFunction(days);
  return { address: staking, abi: eternoStakingAbi, functionName, args: [amount] };
}

/** `leaveStaking(id)` on `staking`, as a call for `planWrite`. */
export function leaveStakeCall(staking: Address, id: bigint): ContractCall {
  return { address: staking, abi: eternoStakingAbi, functionName: 'leaveStaking', args: [id] };
}
