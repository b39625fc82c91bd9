import { index, onchainTable } from "ponder";

/** ERC-20 `Transfer` events of the five tokens and the EULP pair token, one row per event. */
export const transfer = onchainTable(
  "transfer",
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
