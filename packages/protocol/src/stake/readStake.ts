import { erc20Abi, type Address } from 'viem';
import type { DeployedContracts } from '../deployments.ts';
import { LOCK_PERIODS_DAYS, type LockPeriodDays } from '../domain.ts';
import { eternoStakingAbi } from '../generated/abis.ts';
import type { LockProgress } from '../lock/lockProgress.ts';
import { lockFromAnswers, lockReads } from '../lock/readLock.ts';
import { aggregateStrict, blockNumberRead, blockTimestampRead, viewRead, type CallClient } from '../multicall.ts';
import { stakePoolContracts, type StakePool, type StakePoolContracts } from './pools.ts';
import { ACCRUALS, StakeContractMismatchError, stakeRecord, type Accrual, type StakeRecord } from './records.ts';

export { MulticallCallError, MulticallUnavailableError, type CallClient } from '../multicall.ts';

/** Everything the stake screen shows for one pool and one account, from ONE Multicall3 eth_call. */
export type StakeView = StakePoolContracts & {
  /** The block every figure was read at, and its timestamp (unix seconds). */
  blockNumber: bigint;
  timestamp: bigint;
  /** The account's balance of the staked token and its allowance to the staking contract. */
  balance: bigint;
  allowance: bigint;
  minStakeAmount: bigint;
  /** The eight lock periods with their current rate (basis points of the amount, whole period). */
  periods: readonly { days: LockPeriodDays; rateBps: number }[];
  /** The reward reserve not committed to open orders: a stake whose reward exceeds it is refused. */
  availableRewards: bigint;
  /** How long a credited reward takes to release in the LockLedger, in seconds. */
  rewardReleaseDuration: bigint;
  accrual: Accrual;
  earlyExitAllowed: boolean;
  /**
   * EULP pool: the account's orders not yet left, and the most it may have at once (a stake beyond is refused
   * `TooManyRunningOrders`). The ETRO pool does not count them (0).
   */
  runningOrders: bigint;
  maxRunningOrders: bigint;
  /** The account's orders, newest first. */
  records: StakeRecord[];
  /** The account's lock balance (the LockLedger), where the rewards go: EULP rewards release by the second. */
  lock: LockProgress;
};

/**
 * The stake screen's figures for `account` in `pool`, in ONE `eth_call` to Multicall3: the staked
 * token's balance and allowance, the pool's minimum, lock periods, rates, free reward reserve,
 * release duration, accrual and early-exit rule, the account's running orders and their cap, the account's orders
 * (`ordersOf`), its lock balance
 * (`lockReads`: the LockLedger summary, release times, claim quote and release per kind), and the block number
 * and timestamp. Each record's earned reward, base reward and leave quote (kept and forfeited) are computed from
 * its order and that timestamp exactly as `earnedReward(id)` / `baseReward(id)` / `quoteLeave(id)` would answer
 * in the same call.
 * Throws `MulticallCallError` when a sub-call fails, `StakeContractMismatchError` when the contract
 * answers something the app does not know (other lock periods, an unknown accrual).
 */
export async function readStake(
  client: CallClient,
  args: { contracts: DeployedContracts; pool: StakePool; account: Address },
): Promise<StakeView> {
  const pool = stakePoolContracts(args.contracts, args.pool);
  const { staking, token } = pool;
  const label = (name: string) => `Staking${args.pool}.${name}`;
  const multicall = args.contracts.Multicall3;
  const {
    balance,
    allowance,
    minStakeAmount,
    lockPeriods,
    rates,
    availableRewards,
    rewardReleaseDuration,
    accrual,
    earlyExitAllowed,
    runningOrders,
    maxRunningOrders,
    orders,
    timestamp,
    blockNumber,
    lock,
  } = await aggregateStrict(client, multicall, {
    balance: viewRead(`${args.pool}.balanceOf`, token, erc20Abi, 'balanceOf', [args.account]),
    allowance: viewRead(`${args.pool}.allowance`, token, erc20Abi, 'allowance', [args.account, staking]),
    minStakeAmount: viewRead(label('minStakeAmount'), staking, eternoStakingAbi, 'minStakeAmount', []),
    lockPeriods: viewRead(label('lockPeriods'), staking, eternoStakingAbi, 'lockPeriods', []),
    rates: viewRead(label('rates'), staking, eternoStakingAbi, 'rates', []),
    availableRewards: viewRead(label('availableRewards'), staking, eternoStakingAbi, 'availableRewards', []),
    rewardReleaseDuration: viewRead(
      label('rewardReleaseDuration'),
      staking,
      eternoStakingAbi,
      'rewardReleaseDuration',
      [],
    ),
    accrual: viewRead(label('ACCRUAL'), staking, eternoStakingAbi, 'ACCRUAL', []),
    earlyExitAllowed: viewRead(label('earlyExitAllowed'), staking, eternoStakingAbi, 'earlyExitAllowed', []),
    runningOrders: viewRead(label('runningOrdersOf'), staking, eternoStakingAbi, 'runningOrdersOf', [args.account]),
    maxRunningOrders: viewRead(label('MAX_RUNNING_ORDERS'), staking, eternoStakingAbi, 'MAX_RUNNING_ORDERS', []),
    orders: viewRead(label('ordersOf'), staking, eternoStakingAbi, 'ordersOf', [args.account]),
    timestamp: blockTimestampRead(multicall),
    blockNumber: blockNumberRead(multicall),
    lock: lockReads(args.contracts.LockLedger, args.account),
  });

  if (lockPeriods.length !== LOCK_PERIODS_DAYS.length || lockPeriods.some((days, i) => days !== LOCK_PERIODS_DAYS[i])) {
    throw new StakeContractMismatchError(`lock periods ${lockPeriods.join(', ')}`);
  }
  const accrualName = ACCRUALS[accrual];
  if (accrualName === undefined) throw new StakeContractMismatchError(`accrual ${accrual}`);
  const [ids, list] = orders;
  if (ids.length !== list.length) throw new StakeContractMismatchError('ordersOf ids and orders differ in length');

  const records = list.map((order, i) => stakeRecord(ids[i] as bigint, order, timestamp, accrualName)).reverse();
  return {
    ...pool,
    blockNumber,
    timestamp,
    balance,
    allowance,
    minStakeAmount,
    periods: LOCK_PERIODS_DAYS.map((days, i) => ({ days, rateBps: Number(rates[i]) })),
    availableRewards,
    rewardReleaseDuration,
    accrual: accrualName,
    earlyExitAllowed,
    runningOrders,
    maxRunningOrders,
    records,
    lock: lockFromAnswers(lock),
  };
}
