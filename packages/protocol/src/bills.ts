/**
 * The bill types as one list (the spec's 23 in its order, then `deposit`), where each comes from,
 * and the contribution bill's types. Rules: docs/decisions/bills.md.
 */
import { BILL_TYPES } from './domain.ts';
import { EXTRA_BILL_TYPES, type AnyBillType } from './vaultApi.ts';

/** Every bill type, in the order of the type filter: the spec's 23, then `deposit` and `node_reward`. */
export const ANY_BILL_TYPES: readonly AnyBillType[] = [...BILL_TYPES, ...EXTRA_BILL_TYPES];

export function isAnyBillType(value: unknown): value is AnyBillType {
  return (ANY_BILL_TYPES as readonly unknown[]).includes(value);
}

/** The types that add to the accumulated contribution: a vault deposit and, later, a package payment. */
export const CONTRIBUTION_BILL_TYPES = ['deposit', 'buy_package'] as const satisfies readonly AnyBillType[];

/**
 * Who makes a type's bills: `indexer` (a chain event, the `bill` table), `vouchers` (the server's
 * withdrawal vouchers: a pending `withdraw`, a `timeout_return`), or the later issue that will
 * (`finance`, `referral`, `market`, `nodes`), or `reserved` (a type with no rule yet: listed in the
 * filter, never faked). Some types have two producers.
 */
export type BillProducer = 'indexer' | 'vouchers' | 'finance' | 'referral' | 'market' | 'nodes' | 'reserved';

export const BILL_PRODUCERS: Readonly<Record<AnyBillType, readonly BillProducer[]>> = {
  regular: ['finance'],
  direct: ['referral'],
  indirect: ['referral'],
  team: ['referral'],
  trade_unlock: ['market'],
  stake_revenue: ['indexer'],
  airdrop: ['reserved'],
  task: ['reserved'],
  unlock_income: ['referral'],
  withdraw: ['indexer', 'vouchers'],
  link: ['reserved'],
  binary: ['referral'],
  matching: ['referral'],
  personal_pool: ['referral'],
  finance_income: ['finance'],
  buy_package: ['finance'],
  service_center: ['referral'],
  timeout_return: ['vouchers'],
  swap_release: ['indexer'],
  burn: ['referral'],
  lp_reward: ['indexer'],
  exchange: ['indexer'],
  fon_release: ['nodes'],
  deposit: ['indexer'],
  node_reward: ['nodes'],
};

/** The types produced from this issue on (by the indexer or the vouchers). */
export const PRODUCED_BILL_TYPES: readonly AnyBillType[] = ANY_BILL_TYPES.filter((type) =>
  BILL_PRODUCERS[type].some((p) => p === 'indexer' || p === 'vouchers'),
);
