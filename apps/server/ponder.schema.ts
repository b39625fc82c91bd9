import { index, onchainTable, primaryKey } from 'ponder';

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
 * LockLedger `Credited` and `CreditedRevocable` events: ETRO locked for `user` by `writer`, whose role is in
 * `source` (`swap` for a buy's vesting, `stakeETRO` / `stakeEULP` for a staking reward, `other`), released from
 * `start` (the block's time) over `duration` s, with the claim fee `feeBps` fixed at the credit; a revocable
 * entry (an EULP order's base reward) names its `slot` in the user's table (null otherwise).
 */
export const lockEntry = onchainTable(
  'lock_entry',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    writer: t.hex().notNull(),
    source: t.text().notNull(),
    amount: t.bigint().notNull(),
    start: t.bigint().notNull(),
    duration: t.bigint().notNull(),
    feeBps: t.integer().notNull(),
    revocable: t.boolean().notNull(),
    slot: t.integer(),
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
 * LockLedger `Claimed` events: `amount` released ETRO claimed, of which `fee` went to the fee receiver, and the
 * event's split per kind (swap purchases, staking rewards) with each part's fee.
 */
export const lockClaim = onchainTable(
  'lock_claim',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    swapAmount: t.bigint().notNull(),
    stakeAmount: t.bigint().notNull(),
    swapFee: t.bigint().notNull(),
    stakeFee: t.bigint().notNull(),
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
 * LockLedger `Revoked` events: a writer revoked the user's revocable entry in `slot` (an EULP order left early):
 * `kept` stays the user's, `unreleased` went back to the writer.
 */
export const lockRevoke = onchainTable(
  'lock_revoke',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    writer: t.hex().notNull(),
    source: t.text().notNull(),
    slot: t.integer().notNull(),
    kept: t.bigint().notNull(),
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
    base: t.bigint().notNull(),
    stakingTime: t.bigint().notNull(),
    lockTime: t.integer().notNull(),
    unstaked: t.boolean().notNull(),
    paidReward: t.bigint(),
    forfeited: t.bigint(),
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

/**
 * The income ledger (docs/decisions/ledger.md): per user and token what the vault owes, computed
 * only from chain events. `credited` = everything credited, `unreleased` the part of it not yet
 * released (0 until the finance issue credits packages), `released` = credited − unreleased,
 * `withdrawn` the settled withdrawals, `contributed` the accumulated contribution (deposits).
 */
export const ledgerBalance = onchainTable(
  'ledger_balance',
  (t) => ({
    user: t.hex().notNull(),
    token: t.hex().notNull(),
    credited: t.bigint().notNull(),
    unreleased: t.bigint().notNull(),
    released: t.bigint().notNull(),
    withdrawn: t.bigint().notNull(),
    contributed: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.user, table.token] }) }),
);

/**
 * One row per vault user. The counts are the user's vault events of each kind indexed so far, so
 * each is the next nonce of that kind as far as the indexer knows (DiveIn 0, Withdraw 1, Exchange 2).
 */
export const vaultUser = onchainTable('vault_user', (t) => ({
  user: t.hex().primaryKey(),
  depositCount: t.integer().notNull(),
  withdrawCount: t.integer().notNull(),
  exchangeCount: t.integer().notNull(),
  firstBlock: t.bigint().notNull(),
}));

/** The vault's `Withdrawn` events, one row per event (a settled voucher). */
export const vaultWithdrawal = onchainTable(
  'vault_withdrawal',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    token: t.hex().notNull(),
    amount: t.bigint().notNull(),
    nonce: t.bigint().notNull(),
    deadline: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({ userNonceIdx: index().on(table.user, table.nonce) }),
);

/** The vault's `Exchanged` events (`pureTransfer`), one row per event. */
export const vaultExchange = onchainTable(
  'vault_exchange',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    tokenIn: t.hex().notNull(),
    amountIn: t.bigint().notNull(),
    tokenOut: t.hex().notNull(),
    amountOut: t.bigint().notNull(),
    nonce: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userOutIdx: index().on(table.user, table.tokenOut, table.timestamp),
    outIdx: index().on(table.tokenOut, table.timestamp),
  }),
);

/**
 * The vault's totals per token (the data index): `deposited` every `DivedIn` amount, `withdrawn`,
 * `exchangedIn` / `exchangedOut` the exchange legs in this token, `funded` the reserve top-ups,
 * `liabilities` what the ledger owes users = Σ credited − Σ withdrawn.
 */
export const vaultToken = onchainTable('vault_token', (t) => ({
  token: t.hex().primaryKey(),
  deposited: t.bigint().notNull(),
  withdrawn: t.bigint().notNull(),
  exchangedIn: t.bigint().notNull(),
  exchangedOut: t.bigint().notNull(),
  funded: t.bigint().notNull(),
  liabilities: t.bigint().notNull(),
}));

/**
 * Every movement of a user's money that the chain shows, one row per bill (docs/decisions/bills.md):
 * the event id, with a suffix when one event makes several bills. `amount` is signed (negative = out).
 * A bill of the daily finance settlement has no transaction (`txHash` null) and log index 0.
 */
export const bill = onchainTable(
  'bill',
  (t) => ({
    id: t.text().primaryKey(),
    user: t.hex().notNull(),
    type: t.text().notNull(),
    token: t.hex().notNull(),
    amount: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.blockNumber, table.logIndex),
    userTypeIdx: index().on(table.user, table.type, table.blockNumber, table.logIndex),
  }),
);

/** The EULP pair's `Sync` events (its reserves from then on), for the exchange quotes' TWAP. */
export const pairSync = onchainTable(
  'pair_sync',
  (t) => ({
    id: t.text().primaryKey(),
    reserve0: t.bigint().notNull(),
    reserve1: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({ timeIdx: index().on(table.timestamp, table.blockNumber, table.logIndex) }),
);

/**
 * The latest indexed block (id 'head'): the vouchers' expiry clock and the ledger's "as of". Its hash pins
 * the solvency read to this very block (a reorg that replaced it is not read as if it were it).
 */
export const indexedHead = onchainTable('indexed_head', (t) => ({
  id: t.text().primaryKey(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
  hash: t.hex().notNull(),
}));

/**
 * Finance (package) orders (docs/decisions/finance.md), one per package `DivedIn`, keyed by the
 * global order number `seq` (1, 2, 3… in (block, logIndex) order); a `loop` order is made by loop
 * reinvestment (no payment moved: `payment` is its package's price, `nonce` −1). The terms are those of the
 * settings version in force at payment; `gained` is the USDT value earned (static income), of which
 * `gainedUsdt` was paid in USDT and `gainedEtro` in ETRO; `etroOwed` the USDT value of ETERNO-02
 * income not yet paid for want of any ETRO price. Status: waiting → in_progress → finished. While in
 * progress the row keeps its purchase's zeros and readers derive the four figures from the settled
 * days since `allottedAt` (src/finance/orderGains.ts); the settlement writes them when it finishes.
 */
export const financeOrder = onchainTable(
  'finance_order',
  (t) => ({
    seq: t.bigint().primaryKey(),
    eventId: t.text().notNull(),
    user: t.hex().notNull(),
    /** The DiveIn nonce that paid it: the API marks the purchase authorisation of (user, nonce) paid. */
    nonce: t.bigint().notNull(),
    packageId: t.integer().notNull(),
    units: t.integer().notNull(),
    registrationType: t.text().notNull(),
    payment: t.bigint().notNull(),
    multiple01Bps: t.integer().notNull(),
    multiple02Bps: t.integer().notNull(),
    allocation01Bps: t.integer().notNull(),
    dailyRateBps: t.integer().notNull(),
    rewardLimit: t.bigint().notNull(),
    gained: t.bigint().notNull(),
    /** Dynamic incomes counted against this order (docs/decisions/referral.md, "Dynamic incomes"). */
    dynamicGained: t.bigint().notNull(),
    gainedUsdt: t.bigint().notNull(),
    gainedEtro: t.bigint().notNull(),
    etroOwed: t.bigint().notNull(),
    status: t.text().notNull(),
    createdAt: t.bigint().notNull(),
    allottedAt: t.bigint(),
    finishedAt: t.bigint(),
    /** The paying transaction; null for a loop order made at a settlement. */
    txHash: t.hex(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.seq),
    userNonceIdx: index().on(table.user, table.nonce),
    statusIdx: index().on(table.status, table.seq),
  }),
);

/**
 * Fixed-term ("regular") orders, one per regular `DivedIn`, keyed by their own number `seq`. The
 * interest is fixed at payment; `state` active → matured at `maturesAt` (the first settlement at or
 * after start + days), when principal and interest are credited.
 */
export const regularOrder = onchainTable(
  'regular_order',
  (t) => ({
    seq: t.bigint().primaryKey(),
    eventId: t.text().notNull(),
    user: t.hex().notNull(),
    /** The DiveIn nonce that paid it (see finance_order.nonce). */
    nonce: t.bigint().notNull(),
    productId: t.integer().notNull(),
    days: t.integer().notNull(),
    dailyRateBps: t.integer().notNull(),
    principal: t.bigint().notNull(),
    interest: t.bigint().notNull(),
    state: t.text().notNull(),
    startAt: t.bigint().notNull(),
    maturesAt: t.bigint().notNull(),
    maturedAt: t.bigint(),
    txHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    userIdx: index().on(table.user, table.seq),
    userNonceIdx: index().on(table.user, table.nonce),
    stateIdx: index().on(table.state, table.maturesAt),
  }),
);

/**
 * One row per settled day (`settlesAt` = its 00:00 UTC): the quota in force, the waiting queue
 * before allotting (orders paid before `settlesAt`), what was allotted, the static income paid, the
 * orders finished, the regular orders matured, the day's ETRO TWAP (null: no price known) and the
 * block that settled it.
 */
export const financeRound = onchainTable('finance_round', (t) => ({
  settlesAt: t.bigint().primaryKey(),
  quota: t.bigint().notNull(),
  queueLength: t.integer().notNull(),
  queueAmount: t.bigint().notNull(),
  allottedCount: t.integer().notNull(),
  allotted: t.bigint().notNull(),
  incomeOrders: t.integer().notNull(),
  incomeUsdt: t.bigint().notNull(),
  incomeEtro: t.bigint().notNull(),
  finishedCount: t.integer().notNull(),
  maturedCount: t.integer().notNull(),
  maturedAmount: t.bigint().notNull(),
  etroPrice: t.bigint(),
  blockNumber: t.bigint().notNull(),
}));

/**
 * The settlement's progress (id 'state'): the last settled day (its 00:00 UTC; at the first block,
 * that block's day, so nothing before the indexer's start is settled) and the next order numbers.
 */
export const financeState = onchainTable('finance_state', (t) => ({
  id: t.text().primaryKey(),
  lastSettled: t.bigint().notNull(),
  nextSeq: t.bigint().notNull(),
  nextRegularSeq: t.bigint().notNull(),
}));

/**
 * Referral accounts of the ReferralRegistry (docs/decisions/referral.md, "Team figures and
 * indexing"), one per registered wallet: the registry's fields, the placement (parent, side,
 * children), and the account's place in its two side chains (`head_*` the chain's top account id,
 * `pos_*` its position from the head), which the team volumes are kept by. `ownVolume` = the
 * account's own package payments. Genesis accounts are roots: no inviter, no parent, `side` null.
 */
export const referralAccount = onchainTable(
  'referral_account',
  (t) => ({
    wallet: t.hex().primaryKey(),
    id: t.integer().notNull(),
    inviter: t.hex(),
    inviterId: t.integer(),
    parent: t.hex(),
    parentId: t.integer(),
    side: t.integer(),
    automatic: t.boolean().notNull(),
    isOriginal: t.boolean().notNull(),
    serviceLevel: t.integer().notNull(),
    headLeft: t.integer().notNull(),
    posLeft: t.integer().notNull(),
    headRight: t.integer().notNull(),
    posRight: t.integer().notNull(),
    depth: t.integer().notNull(),
    left: t.hex(),
    right: t.hex(),
    ownVolume: t.bigint().notNull(),
    /** Σ the own volumes of the accounts it invited (the "recommend volume"), kept at each purchase. */
    directVolume: t.bigint().notNull(),
    registeredBlock: t.bigint().notNull(),
    registeredAt: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    idIdx: index().on(table.id),
    inviterIdx: index().on(table.inviter, table.id),
    leftLegIdx: index().on(table.headLeft, table.posLeft),
    rightLegIdx: index().on(table.headRight, table.posRight),
  }),
);

/**
 * The inviter tree's first 10 levels: `ancestor` invited `descendant` directly (level 1) or through
 * level − 1 others. Written at registration from the inviter's own rows (at most 10 rows).
 */
export const referralUpline = onchainTable(
  'referral_upline',
  (t) => ({
    descendant: t.hex().notNull(),
    level: t.integer().notNull(),
    ancestor: t.hex().notNull(),
    descendantId: t.integer().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.descendant, table.level] }),
    ancestorIdx: index().on(table.ancestor, table.descendantId),
  }),
);

/**
 * The side chains' Fenwick trees (referral/layout.ts): row `idx` of chain (`head`, `side`) holds a
 * partial sum of val = own payments + the other side's volume (`volume`) and of the member counts
 * (`members`) of the chain's accounts.
 */
export const referralLeg = onchainTable(
  'referral_leg',
  (t) => ({
    head: t.integer().notNull(),
    side: t.integer().notNull(),
    idx: t.integer().notNull(),
    volume: t.bigint().notNull(),
    members: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.head, table.side, table.idx] }) }),
);

/** The same Fenwick trees per UTC day (`day` = its 00:00): the volume of that day's payments only. */
export const referralLegDay = onchainTable(
  'referral_leg_day',
  (t) => ({
    head: t.integer().notNull(),
    side: t.integer().notNull(),
    day: t.bigint().notNull(),
    idx: t.integer().notNull(),
    volume: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.head, table.side, table.day, table.idx] }),
    // The settlement's binary income: the chains a day's payments touched.
    dayIdx: index().on(table.day, table.head, table.side),
  }),
);

/**
 * Per user, the dynamic incomes' loop reinvestment (docs/decisions/referral.md, "Dynamic incomes"):
 * the loop share put aside so far (`reinvested`), the part not yet a full unit (`balance`), and the
 * loop orders made.
 */
export const referralIncome = onchainTable('referral_income', (t) => ({
  user: t.hex().primaryKey(),
  reinvested: t.bigint().notNull(),
  balance: t.bigint().notNull(),
  loopOrders: t.integer().notNull(),
}));

/**
 * Dynamic incomes credited unreleased, per user, token and UTC day (`day` = its 00:00): each releases
 * linearly over the release days after it (protocol referral/incomes.ts `releasePart`); `released`
 * is what the settlements released of it so far.
 */
export const incomeTranche = onchainTable(
  'income_tranche',
  (t) => ({
    user: t.hex().notNull(),
    token: t.hex().notNull(),
    day: t.bigint().notNull(),
    amount: t.bigint().notNull(),
    released: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.user, table.token, table.day] }), dayIdx: index().on(table.day) }),
);

/** The prize pool of each UTC day (`day` = its 00:00): 2 % of the day's package payments, in EUSD. */
export const prizePoolDay = onchainTable('prize_pool_day', (t) => ({
  day: t.bigint().primaryKey(),
  amount: t.bigint().notNull(),
  /** The settlement that paid it (null until then). */
  paidAt: t.bigint(),
}));

/** Per UTC day and inviter, the payments of their direct invitees that day (the prize pool's ranking). */
export const prizeVolumeDay = onchainTable(
  'prize_volume_day',
  (t) => ({
    day: t.bigint().notNull(),
    user: t.hex().notNull(),
    volume: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.day, table.user] }) }),
);

/**
 * One settled day of a user's binary (balance) income (`day` = the UTC day whose new team volume it
 * matched, settled at day + 1): new volume per side, the carry in, what was matched, the income
 * (binaryBps of it), the part the daily cap cut, the carry out. Written only for an earner with new
 * team volume that day; the latest row before a day gives its carry in.
 */
export const binaryDay = onchainTable(
  'binary_day',
  (t) => ({
    user: t.hex().notNull(),
    day: t.bigint().notNull(),
    leftNew: t.bigint().notNull(),
    rightNew: t.bigint().notNull(),
    leftCarryIn: t.bigint().notNull(),
    rightCarryIn: t.bigint().notNull(),
    matched: t.bigint().notNull(),
    income: t.bigint().notNull(),
    capped: t.bigint().notNull(),
    leftCarryOut: t.bigint().notNull(),
    rightCarryOut: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.user, table.day] }) }),
);

/**
 * EUSD market orders (src/EusdMarket.ts), keyed by the order id: made by `Listed`, updated by
 * `Filled` (remaining, `filled` at 0) and `Cancelled`. The open book reads (status, unitPrice, orderId).
 */
export const marketOrder = onchainTable(
  'market_order',
  (t) => ({
    orderId: t.bigint().primaryKey(),
    seller: t.hex().notNull(),
    unitPrice: t.bigint().notNull(),
    quantity: t.bigint().notNull(),
    remaining: t.bigint().notNull(),
    /** The EUSD a cancel sent back to the seller (the `Cancelled` event's `refunded`); 0 unless cancelled. */
    refunded: t.bigint().notNull(),
    feeBps: t.integer().notNull(),
    status: t.text().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    bookIdx: index().on(table.status, table.unitPrice, table.orderId),
    sellerIdx: index().on(table.seller, table.orderId),
  }),
);

/** EUSD market `Filled` events, one row per event. */
export const marketFill = onchainTable(
  'market_fill',
  (t) => ({
    id: t.text().primaryKey(),
    orderId: t.bigint().notNull(),
    buyer: t.hex().notNull(),
    seller: t.hex().notNull(),
    quantity: t.bigint().notNull(),
    unitPrice: t.bigint().notNull(),
    cost: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    reward: t.bigint().notNull(),
    remaining: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    buyerIdx: index().on(table.buyer, table.blockNumber, table.logIndex),
    sellerIdx: index().on(table.seller, table.blockNumber, table.logIndex),
  }),
);

/**
 * Home › TREND (src/trend): the price candles of the ETRO/USDT and WFON/USDT pairs, one row per
 * (pair `ETRO` | `FON`, interval `1h` | `1d`, bucket start in unix seconds), from the pairs' `Swap`
 * events. Prices are USDT per token at 1e18 (the swaps' execution prices); volumes in base units.
 */
export const candle = onchainTable(
  'candle',
  (t) => ({
    pair: t.text().notNull(),
    interval: t.text().notNull(),
    bucket: t.bigint().notNull(),
    open: t.bigint().notNull(),
    high: t.bigint().notNull(),
    low: t.bigint().notNull(),
    close: t.bigint().notNull(),
    volumeToken: t.bigint().notNull(),
    volumeUsdt: t.bigint().notNull(),
    trades: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.pair, table.interval, table.bucket] }) }),
);

/**
 * Nodes (ECONOMY §9, src/EternoNodes.ts), keyed by the node id: made by `NodeCreated`, updated by
 * edits, joins, quits, votes, close announcements and the close; `weight` the Σ rarity weights of the
 * NFTs it holds now, `members` the member count (the master not counted; once closed, the entry NFTs
 * still waiting for their owners); `closeAt` when an announced close is due (null when none);
 * `rewardTotal` / `lastReward` /
 * `lastRewardDay` (the pool's day, its 00:00 UTC) written by the daily settlement (src/nodes).
 */
export const node = onchainTable(
  'node',
  (t) => ({
    nodeId: t.bigint().primaryKey(),
    master: t.hex().notNull(),
    partnerTokenId: t.bigint().notNull(),
    name: t.text().notNull(),
    description: t.text().notNull(),
    shareBps: t.integer().notNull(),
    weight: t.integer().notNull(),
    members: t.integer().notNull(),
    staked: t.bigint().notNull(),
    votes: t.bigint().notNull(),
    open: t.boolean().notNull(),
    closeAt: t.bigint(),
    rewardTotal: t.bigint().notNull(),
    lastReward: t.bigint(),
    lastRewardDay: t.bigint(),
    createdAt: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
  }),
  (table) => ({
    // GET /nodes: open nodes, most votes first.
    listIdx: index().on(table.open, table.votes, table.nodeId),
  }),
);

/**
 * Every NFT a node held, one row per entry (`id` = the `NodeCreated` / `NodeJoined` event): the
 * master's partner NFT (`role` master) or a member's entry NFT; `quitAt` / `quitTx` set when it left
 * (`NodeQuit`, or `NodeClosed` for every NFT the node still held). The settlement counts an NFT for a UTC day when
 * it was held through the whole day: joined before the day's start, not left before its end. `waiting`: a
 * member's entry NFT the contract still holds for it after the node's close (review M-5), set by the
 * `NodeClosed` that ended it and cleared by its `NodeQuit` (the member's reclaim or a `returnNfts`).
 */
export const nodeMember = onchainTable(
  'node_member',
  (t) => ({
    id: t.text().primaryKey(),
    nodeId: t.bigint().notNull(),
    account: t.hex().notNull(),
    role: t.text().notNull(),
    tokenId: t.bigint().notNull(),
    weight: t.integer().notNull(),
    joinedAt: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    quitAt: t.bigint(),
    quitTx: t.hex(),
    waiting: t.boolean().notNull(),
  }),
  (table) => ({
    nodeIdx: index().on(table.nodeId, table.quitAt),
    accountIdx: index().on(table.account, table.quitAt),
    heldIdx: index().on(table.joinedAt, table.quitAt),
  }),
);

/** Votes: a voter's ETRO staked on a node (the `total` of its latest `Voted` / `Unvoted`). */
export const nodeVote = onchainTable(
  'node_vote',
  (t) => ({
    nodeId: t.bigint().notNull(),
    voter: t.hex().notNull(),
    amount: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.nodeId, table.voter] }), voterIdx: index().on(table.voter) }),
);

/**
 * Per node and UTC day (`day` = its 00:00) on which its votes or share rate changed: the votes and
 * share rate at the day's start (before its first change) and the day's minimum votes. A day without
 * a row held the values of the next row's start (or the node's current ones): the settlement reads a
 * node's votes held through day D as the D row's minimum, else that start.
 */
export const nodeDay = onchainTable(
  'node_day',
  (t) => ({
    nodeId: t.bigint().notNull(),
    day: t.bigint().notNull(),
    startVotes: t.bigint().notNull(),
    minVotes: t.bigint().notNull(),
    startShareBps: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.nodeId, table.day] }) }),
);

/**
 * The node reward pool per UTC day (`day` = its 00:00): the day's package payments (fed at each
 * purchase), what earlier days carried in, and, once the day is settled (null until then), the pool
 * (poolBps of the payments + the carry in), what was paid, Σ power, the settling block. pool − paid
 * carries into the next day's row.
 */
export const nodePoolDay = onchainTable('node_pool_day', (t) => ({
  day: t.bigint().primaryKey(),
  payments: t.bigint().notNull(),
  carryIn: t.bigint().notNull(),
  pool: t.bigint(),
  paid: t.bigint(),
  power: t.bigint(),
  settledBlock: t.bigint(),
}));

/** One settled day of one node with power: votes and weight counted, power, what its accounts were paid. */
export const nodeRewardDay = onchainTable(
  'node_reward_day',
  (t) => ({
    day: t.bigint().notNull(),
    nodeId: t.bigint().notNull(),
    votes: t.bigint().notNull(),
    weight: t.integer().notNull(),
    power: t.bigint().notNull(),
    reward: t.bigint().notNull(),
    masterReward: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.day, table.nodeId] }), nodeIdx: index().on(table.nodeId, table.day) }),
);
