import { index, onchainTable, primaryKey } from 'ponder';

/** ERC-20 `Transfer` events of the five tokens and the EULP pair token, one row per event. */
export const transfer = onchainTable(
  'transfer',
  (t) => ({
    id: t.text().primaryKey(),
    token: t.hex().notNull(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    value: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    fromIdx: index().on(table.from, table.blockNumber),
    toIdx: index().on(table.to, table.blockNumber),
  }),
);

/** EtroSwap `Trade` events (buys and sells), one row per event. */
export const trade = onchainTable(
  'trade',
  (t) => ({
    id: t.text().primaryKey(),
    trader: t.hex().notNull(),
    isBuy: t.boolean().notNull(),
    amountIn: t.bigint().notNull(),
    amountOut: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    placeIdx: index().on(table.blockNumber, table.logIndex),
    traderIdx: index().on(table.trader, table.blockNumber, table.logIndex),
  }),
);

/**
 * LockLedger `Credited` events: ETRO locked for `user` by `writer`, whose role is in `source`
 * (`swap` for a buy's vesting, `stakeETRO` / `stakeEULP` for a staking reward, `other`).
 */
export const lockEntry = onchainTable(
  'lock_entry',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    writer: t.hex().notNull(),
    source: t.text().notNull(),
    index: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    start: t.bigint().notNull(),
    duration: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber, table.logIndex),
  }),
);

/** LockLedger `Claimed` events: `amount` released ETRO claimed, of which `fee` went to the fee receiver. */
export const lockClaim = onchainTable(
  'lock_claim',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber, table.logIndex),
  }),
);

/** LockLedger `Revoked` events: a writer took back the unreleased `unreleased` of the user's entry `index`. */
export const lockRevoke = onchainTable(
  'lock_revoke',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    writer: t.hex().notNull(),
    source: t.text().notNull(),
    index: t.bigint().notNull(),
    unreleased: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber, table.logIndex),
  }),
);

/**
 * Stake orders of the two EternoStaking deployments, keyed by (pool, orderId): made by `Staked`,
 * completed by `Unstaked` (the exit columns stay null while the order is staked).
 */
export const stakeOrder = onchainTable(
  'stake_order',
  (t) => ({
    pool: t.text().notNull(),
    orderId: t.bigint().notNull(),
    contract: t.hex().notNull(),
    owner: t.hex().notNull(),
    amount: t.bigint().notNull(),
    lockDays: t.integer().notNull(),
    rateBps: t.integer().notNull(),
    reward: t.bigint().notNull(),
    stakingTime: t.bigint().notNull(),
    lockTime: t.integer().notNull(),
    unstaked: t.boolean().notNull(),
    paidReward: t.bigint(),
    early: t.boolean(),
    enteredTx: t.hex().notNull(),
    leftTime: t.bigint(),
    leftTx: t.hex(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.pool, table.orderId] }),
    ownerIdx: index().on(table.owner, table.pool, table.orderId),
  }),
);

/** EternoFarm `Deposit`, `Withdraw`, `Harvest` and `EmergencyWithdraw` events, `kind` naming which. */
export const farmEvent = onchainTable(
  'farm_event',
  (t) => ({
    id: t.text().primaryKey(),
    kind: t.text().notNull(),
    user: t.hex().notNull(),
    pid: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber, table.logIndex),
  }),
);
