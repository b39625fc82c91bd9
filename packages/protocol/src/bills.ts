/**
 * The bill types as one list (the spec's 23 in its order, then `deposit`, `node_reward`, `loop`),
 * where each comes from, the contribution bill's types, and how a user's bills rebuild their ledger.
 * Rules: docs/decisions/bills.md.
 */
import { BILL_TYPES } from './domain.ts';
import { DYNAMIC_INCOME_TYPES } from './referralApi.ts';
import { EXTRA_BILL_TYPES, type AnyBillType } from './vaultApi.ts';

/** Every bill type, in the order of the type filter: the spec's 23, then `deposit`, `node_reward` and `loop`. */
export const ANY_BILL_TYPES: readonly AnyBillType[] = [...BILL_TYPES, ...EXTRA_BILL_TYPES];

export function isAnyBillType(value: unknown): value is AnyBillType {
  return (ANY_BILL_TYPES as readonly unknown[]).includes(value);
}

/** The types that add to the accumulated contribution: a vault deposit and a package payment. */
export const CONTRIBUTION_BILL_TYPES = ['deposit', 'buy_package'] as const satisfies readonly AnyBillType[];

/**
 * Who makes a type's bills: `indexer` (a chain event, the `bill` table), `vouchers` (the server's
 * withdrawal vouchers: a pending `withdraw`, a `timeout_return`), the indexer's finance, referral,
 * market or nodes part (`finance`, `referral`, `market`, `nodes`), or `reserved` (a type of the spec
 * with no rule yet — ECONOMY §5 — listed in the filter as reserved, never faked). Some types have two
 * producers. Rules: docs/decisions/bills.md ("Reserved types").
 */
export type BillProducer = 'indexer' | 'vouchers' | 'finance' | 'referral' | 'market' | 'nodes' | 'reserved';

export const BILL_PRODUCERS: Readonly<Record<AnyBillType, readonly BillProducer[]>> = {
  regular: ['finance'],
  direct: ['referral'],
  indirect: ['referral'],
  team: ['reserved'],
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
  fon_release: ['reserved'],
  deposit: ['indexer'],
  node_reward: ['nodes'],
  loop: ['referral'],
};

/** The types no rule makes (yet): the filter marks them, their empty list says why. */
export const RESERVED_BILL_TYPES: readonly AnyBillType[] = ANY_BILL_TYPES.filter((type) =>
  BILL_PRODUCERS[type].includes('reserved'),
);

/** The types the indexer's chain handlers or the vouchers make (not a finance, referral, market or nodes rule). */
export const PRODUCED_BILL_TYPES: readonly AnyBillType[] = ANY_BILL_TYPES.filter((type) =>
  BILL_PRODUCERS[type].some((p) => p === 'indexer' || p === 'vouchers'),
);

/** One ledger row's figures (`ledger_balance`: per user and token), as bigint. */
export type LedgerFigures = {
  credited: bigint;
  unreleased: bigint;
  released: bigint;
  withdrawn: bigint;
  contributed: bigint;
};

/** The bills credited unreleased: every dynamic income, its burn and its loop share (they release over time). */
export const UNRELEASED_BILL_TYPES = [
  ...DYNAMIC_INCOME_TYPES,
  'burn',
  'loop',
] as const satisfies readonly AnyBillType[];

/** The bills credited released at once (a `regular` bill only when positive: the maturity, not the deposit). */
export const RELEASED_BILL_TYPES = [
  'deposit',
  'finance_income',
  'regular',
  'node_reward',
] as const satisfies readonly AnyBillType[];

/**
 * A user's ledger figures in one token rebuilt from their indexed bills in that token (the `bill`
 * table; the vouchers' pending `withdraw` and `timeout_return` entries are not ledger movements), by
 * the rule of docs/decisions/bills.md ("The ledger from the bills"):
 *   credited    = Σ RELEASED_BILL_TYPES (positive `regular` only) + Σ UNRELEASED_BILL_TYPES
 *   unreleased  = Σ UNRELEASED_BILL_TYPES − Σ unlock_income
 *   released    = credited − unreleased
 *   withdrawn   = −Σ withdraw
 *   contributed = Σ deposit − Σ buy_package
 * Every other type moves the wallet, not the ledger.
 */
export function ledgerFromBills(bills: readonly { type: string; amount: bigint }[]): LedgerFigures {
  const sum = (pick: (b: { type: string; amount: bigint }) => boolean) =>
    bills.filter(pick).reduce((s, b) => s + b.amount, 0n);
  const is = (types: readonly string[]) => (b: { type: string }) => types.includes(b.type);
  const credited =
    sum((b) => is(RELEASED_BILL_TYPES)(b) && (b.type !== 'regular' || b.amount > 0n)) + sum(is(UNRELEASED_BILL_TYPES));
  const unreleased = sum(is(UNRELEASED_BILL_TYPES)) - sum(is(['unlock_income']));
  return {
    credited,
    unreleased,
    released: credited - unreleased,
    withdrawn: -sum(is(['withdraw'])),
    contributed: sum(is(['deposit'])) - sum(is(['buy_package'])),
  };
}
