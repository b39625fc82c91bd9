/** Stake lock periods in days (spec §4, §9: `enterStaking_{days}`). */
export const LOCK_PERIODS_DAYS = [30, 60, 90, 120, 150, 180, 210, 360] as const;
export type LockPeriodDays = (typeof LOCK_PERIODS_DAYS)[number];

export function isLockPeriod(value: unknown): value is LockPeriodDays {
  return (LOCK_PERIODS_DAYS as readonly unknown[]).includes(value);
}

/** Bill (income ledger) entry types, in the spec §3 order, as stable ids. */
export const BILL_TYPES = [
  'regular',
  'direct',
  'indirect',
  'team',
  'trade_unlock',
  'stake_revenue',
  'airdrop',
  'task',
  'unlock_income',
  'withdraw',
  'link',
  'binary',
  'matching',
  'personal_pool',
  'finance_income',
  'buy_package',
  'service_center',
  'timeout_return',
  'swap_release',
  'burn',
  'lp_reward',
  'exchange',
  'fon_release',
] as const;
export type BillType = (typeof BILL_TYPES)[number];

export function isBillType(value: unknown): value is BillType {
  return (BILL_TYPES as readonly unknown[]).includes(value);
}

/** Finance order statuses, in lifecycle order: unpaid → waiting → in progress → finished. */
export const ORDER_STATUSES = ['unpaid', 'waiting', 'in_progress', 'finished'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/** Every token symbol the app shows (FON is the native coin). */
export const TOKEN_SYMBOLS = ['UNITS', 'USDT', 'ETRO', 'EUSD', 'PUSD', 'EULP', 'FON'] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];

export function isTokenSymbol(value: unknown): value is TokenSymbol {
  return (TOKEN_SYMBOLS as readonly unknown[]).includes(value);
}

/** The assets overview, in display order (spec §3 account balances). */
export const TOKENS = ['UNITS', 'EULP', 'ETRO', 'USDT', 'FON'] as const satisfies readonly TokenSymbol[];

/** Every token is 18 decimals on chain, USDT included (it is only shown with 6 digits). */
export const TOKEN_DECIMALS = 18;
