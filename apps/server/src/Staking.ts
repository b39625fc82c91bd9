import { ponder } from 'ponder:registry';
import { stakeOrder } from 'ponder:schema';
import { stakePoolOf } from './sources.ts';

const DAY_SECONDS = 86_400;

/** `Staked` makes the pool's order (upserted by pool and order id). */
ponder.on('Staking:Staked', async ({ event, context }) => {
  const { id, owner, amount, lockDays, rateBps, reward, base } = event.args;
  const pool = stakePoolOf(event.log.address, context.contracts.Staking.address);
  const row = {
    contract: event.log.address,
    owner,
    amount,
    lockDays: Number(lockDays),
    rateBps: Number(rateBps),
    reward,
    base,
    stakingTime: event.block.timestamp,
    lockTime: Number(lockDays) * DAY_SECONDS,
    unstaked: false,
    paidReward: null,
    forfeited: null,
    early: null,
    enteredTx: event.transaction.hash,
    leftTime: null,
    leftTx: null,
  };
  await context.db
    .insert(stakeOrder)
    .values({ pool, orderId: id, ...row })
    .onConflictDoUpdate(row);
});

/**
 * `Unstaked` completes the order with its exit: the reward that stayed the owner's, the reward forfeited, whether
 * it was early, and when.
 */
ponder.on('Staking:Unstaked', async ({ event, context }) => {
  const { id, reward, forfeited, early } = event.args;
  const pool = stakePoolOf(event.log.address, context.contracts.Staking.address);
  await context.db.update(stakeOrder, { pool, orderId: id }).set({
    unstaked: true,
    paidReward: reward,
    forfeited,
    early,
    leftTime: event.block.timestamp,
    leftTx: event.transaction.hash,
  });
});
