/**
 * The wire format of the finance API (apps/server: /finance/*), shared by the server, which writes
 * it, and the web client, which parses it. Conventions as in `vaultApi.ts`: every uint256 and every
 * unix time in seconds is a decimal string, addresses and hashes lower-case hex; rates and ratios
 * are integers in basis points (1 bps = 0.01 %; 20,000 bps = 2.0×).
 *
 * `GET /finance/catalogue` and `GET /finance/rounds` are public (a session adds the user's own
 * figures); everything else needs the session token and concerns the session's address only.
 * Rules: ../../../docs/decisions/finance.md and ECONOMY §2.
 */
import type { OrderStatus } from './domain.ts';
import type { SignatureJson } from './vaultApi.ts';

type Hex = `0x${string}`;

/** How an order came to be (the spec's "registration type"); `loop` orders are made by loop reinvestment. */
export const REGISTRATION_TYPES = ['first', 'repeat', 'loop'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/** `custom1` of a package purchase's `diveInWithToken`: the registration type's code. */
export const REGISTRATION_TYPE_CODES = { first: 1, repeat: 2, loop: 3 } as const satisfies Record<
  RegistrationType,
  number
>;

/**
 * What `custom` of a `diveInWithToken` means: 0 a plain top-up, 1–99 a package id, 101–199 a
 * regular (fixed-term) product id. Any other value is indexed as a plain top-up.
 */
export const CUSTOM_RANGES = {
  package: { min: 1, max: 99 },
  regular: { min: 101, max: 199 },
} as const;

/** One package of the catalogue in force (ECONOMY §2). */
export interface FinancePackageJson {
  /** The package id (`custom` of its purchase). */
  id: number;
  units: number;
  /** USDT, 18 decimals: units × unit price. */
  price: string;
  /** ETERNO-01 multiple, bps (20,000 = 2.0×). */
  multiple01Bps: number;
  /** ETERNO-02 multiple, bps (30,000 = 3.0×). */
  multiple02Bps: number;
  /** Share of the payment under ETERNO-01, bps (6,000 = 60 %); the rest is ETERNO-02. */
  allocation01Bps: number;
  /** Total reward limit, USDT value: price × (alloc01 × mult01 + alloc02 × mult02). */
  rewardLimit: string;
  /** Static income per settled day, bps of the payment (50 = 0.5 %). */
  dailyRateBps: number;
  /** Most cycles (orders of this package) one user may take. */
  cyclesMax: number;
  /** The session user's cycles left; null without a session. */
  cyclesLeft: number | null;
}

/** One fixed-term ("regular") product. */
export interface RegularProductJson {
  /** The product id (`custom` of its purchase). */
  id: number;
  days: number;
  /** Interest per day, bps of the principal, fixed on the order at purchase. */
  dailyRateBps: number;
  /** USDT, inclusive bounds of one deposit. */
  minAmount: string;
  maxAmount: string;
}

/** `GET /finance/catalogue`: the settings in force now (and since when), shown in the help document too. */
export interface FinanceCatalogueJson {
  /** Unix time (UTC day start) from which these settings apply. */
  effectiveFrom: string;
  usdt: Hex;
  etro: Hex;
  unitPrice: string;
  packages: FinancePackageJson[];
  regular: RegularProductJson[];
  /** USDT of payments allotted per daily settlement. */
  dailyQuota: string;
  /** Seconds a purchase authorisation stays valid. */
  purchaseLifetime: number;
  /** Whether the session user is registered in the referral tree; null without a session. */
  registered: boolean | null;
}

/** `POST /finance/purchases` body: buy one package. `amount` must be the package's price. */
export interface PurchaseRequestJson {
  packageId: number;
  amount: string;
}

/** `POST /finance/regular-purchases` body: open one fixed-term deposit. */
export interface RegularPurchaseRequestJson {
  productId: number;
  amount: string;
}

/**
 * The answer to both purchase requests: a signed `diveInWithToken` authorisation
 * (custom = package or product id, custom1 = registration type code or 0), recorded as an unpaid
 * order until its deadline.
 */
export interface PurchaseAuthorisationJson {
  /** The unpaid order's id (`u<number>`), replaced by the indexed order once paid. */
  orderId: string;
  user: Hex;
  token: Hex;
  amount: string;
  custom: string;
  custom1: string;
  nonce: string;
  deadline: string;
  signature: SignatureJson;
}

/** One finance (package) order of the session user. */
export interface FinanceOrderJson {
  /** Indexed orders: the order number (decimal, global, in payment order); unpaid: `u<number>`. */
  id: string;
  packageId: number;
  units: number;
  registrationType: RegistrationType;
  payment: string;
  multiple01Bps: number;
  multiple02Bps: number;
  allocation01Bps: number;
  rewardLimit: string;
  /** Rewards gained so far, USDT value: static income plus the dynamic incomes counted against the order (ECONOMY §4). */
  gained: string;
  /** What was paid: USDT (ETERNO-01 share) and ETRO (ETERNO-02 share at the day's TWAP). */
  gainedUsdt: string;
  gainedEtro: string;
  status: OrderStatus;
  /** 1-based place in the allotment queue while waiting; else null. */
  queuePosition: number | null;
  /** Payment time (unpaid: when the authorisation was signed). */
  createdAt: string;
  allottedAt: string | null;
  finishedAt: string | null;
  /** Unpaid only: the authorisation's deadline. */
  deadline: string | null;
  txHash: Hex | null;
}

/** `GET /finance/orders?status=active|past&limit&before`: newest first. */
export interface FinanceOrdersPageJson {
  orders: FinanceOrderJson[];
  nextBefore: string | null;
}

export const REGULAR_ORDER_STATES = ['unpaid', 'active', 'matured'] as const;
export type RegularOrderState = (typeof REGULAR_ORDER_STATES)[number];

/** One fixed-term deposit of the session user. */
export interface RegularOrderJson {
  id: string;
  productId: number;
  days: number;
  dailyRateBps: number;
  principal: string;
  /** principal × rate × days, paid with the principal at maturity. */
  interest: string;
  state: RegularOrderState;
  startAt: string;
  /** The settlement at which principal and interest become available. */
  maturesAt: string;
  deadline: string | null;
  txHash: Hex | null;
}

/** `GET /finance/regular-orders`: newest first. */
export interface RegularOrdersPageJson {
  orders: RegularOrderJson[];
  nextBefore: string | null;
}

/** One daily allotment round. */
export interface FinanceRoundJson {
  /** Unix time of the settlement (00:00 UTC of block time). */
  settlesAt: string;
  quota: string;
  /** USDT allotted by it (the next round: what would be allotted if it ran now). */
  allotted: string;
  /** Waiting orders and their payments at that round (before it allots). */
  queueLength: number;
  queueAmount: string;
  /** The session user's first waiting order's 1-based place; null without one or without a session. */
  myPlace: number | null;
  /** The session user's waiting payments, USDT. */
  myWaiting: string;
}

/** `GET /finance/rounds`: the last settlement that ran (null before the first) and the next one. */
export interface FinanceRoundsJson {
  current: FinanceRoundJson | null;
  next: FinanceRoundJson;
  /** Block time of the latest indexed block. */
  now: string;
}

/** `GET /finance/summary`: the package figures of Mine (ECONOMY §4 mine summary). */
export interface FinanceSummaryJson {
  /** Units of the user's waiting and in-progress orders. */
  units: number;
  /** Payments of the user's waiting and in-progress orders, USDT. */
  currentValue: string;
  /** Σ reward limits of waiting and in-progress orders. */
  rewardLimit: string;
  rewardGained: string;
  rewardRemaining: string;
  /** Σ over packages of the cycles left. */
  cyclesRemaining: number;
}
