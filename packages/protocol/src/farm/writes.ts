import type { Address } from 'viem';
import { EternoError } from '../errors.ts';
import { eternoFarmAbi } from '../generated/abis.ts';
import { planWrite, type ContractCall, type TxStep } from '../tx/steps.ts';

/**
 * The farm's three writes as transaction plans (`planWrite`): Stake LP (approve the exact amount
 * when needed, then `deposit(pid, amount)`), Retrieve (`withdraw(pid, amount)`) and Harvest
 * (`deposit(pid, 0)`, which pays the pending ETRO and deposits nothing).
 */

/** What the plans need of a pool, as `readFarm` read it. */
export type FarmPoolPosition = {
  readonly pid: number;
  /** The pool's LP token and its symbol (EULP, ELP). */
  readonly lpToken: Address;
  readonly symbol: string;
  /** The LP in the user's wallet, its allowance to the farm, the LP staked, the pending ETRO. */
  readonly lpBalance: bigint;
  readonly allowance: bigint;
  readonly staked: bigint;
  readonly pending: bigint;
};

/** Retrieving more LP than is staked: nothing is simulated, signed or sent. */
export class ExceedsStakedError extends EternoError<'EXCEEDS_STAKED'> {
  readonly amount: bigint;
  readonly staked: bigint;
  constructor(amount: bigint, staked: bigint) {
    super('EXCEEDS_STAKED', `Cannot retrieve ${amount}: only ${staked} staked`);
    this.amount = amount;
    this.staked = staked;
  }
}

/** Harvesting a pool with no pending ETRO: nothing to send. */
export class NothingToHarvestError extends EternoError<'NOTHING_TO_HARVEST'> {
  constructor() {
    super('NOTHING_TO_HARVEST', 'No pending ETRO to harvest');
  }
}

function farmCall(farm: Address, functionName: 'deposit' | 'withdraw', pid: number, amount: bigint): ContractCall {
  return { address: farm, abi: eternoFarmAbi, functionName, args: [BigInt(pid), amount] };
}

/** Stake `amount` LP: `[approve?, deposit(pid, amount)]`; throws `InsufficientBalanceError` above the balance. */
export function planFarmDeposit(farm: Address, pool: FarmPoolPosition, amount: bigint): TxStep[] {
  return planWrite({
    action: 'farm.deposit',
    call: farmCall(farm, 'deposit', pool.pid, amount),
    spend: {
      token: pool.lpToken,
      symbol: pool.symbol,
      spender: farm,
      amount,
      balance: pool.lpBalance,
      allowance: pool.allowance,
    },
  });
}

/** Retrieve `amount` LP (and the pending ETRO with it): `[withdraw(pid, amount)]`. */
export function planFarmWithdraw(farm: Address, pool: FarmPoolPosition, amount: bigint): TxStep[] {
  if (amount <= 0n) throw new RangeError('planFarmWithdraw: the amount must be positive');
  if (amount > pool.staked) throw new ExceedsStakedError(amount, pool.staked);
  return planWrite({ action: 'farm.withdraw', call: farmCall(farm, 'withdraw', pool.pid, amount) });
}

/** Harvest the pending ETRO: `[deposit(pid, 0)]`. */
export function planFarmHarvest(farm: Address, pool: FarmPoolPosition): TxStep[] {
  if (pool.pending === 0n) throw new NothingToHarvestError();
  return planWrite({ action: 'farm.harvest', call: farmCall(farm, 'deposit', pool.pid, 0n) });
}
