/**
 * The wire format of the vault and bill API (apps/server: /vault/*, /bills), shared by the server,
 * which writes it, and the web client, which parses it. Conventions as in `indexerApi.ts`: every
 * uint256 and every unix time in seconds is a decimal string, addresses and hashes lower-case hex,
 * pages newest first with `limit` 1–100 and a `nextBefore` cursor (null on the last page).
 *
 * Everything here except `GET /vault/config` and `GET /vault/stats` needs the session token
 * (`Authorization: Bearer <token>`); the user is always the session's address, never a parameter.
 * Rules: ../../../docs/decisions/vault.md (vouchers, nonces, expiry) and bills.md (the bill types).
 */
import type { BillType } from './domain.ts';

type Hex = `0x${string}`;

/**
 * Bill types beyond the spec's 23: `deposit` (a plain vault top-up, which the spec does not name),
 * `node_reward` (the node reward pool) and `loop` (the loop share of a paid dynamic income, ECONOMY §10).
 */
export const EXTRA_BILL_TYPES = ['deposit', 'node_reward', 'loop'] as const;
export type ExtraBillType = (typeof EXTRA_BILL_TYPES)[number];
export type AnyBillType = BillType | ExtraBillType;

/** Signature parts as the contracts take them: r and s 32-byte hex, left-padded to 64 digits; v 27 or 28. */
export interface SignatureJson {
  r: Hex;
  s: Hex;
  v: number;
}

/** `GET /vault/config`: what the vault accepts and the server's limits, shown to users (help, forms). */
export interface VaultConfigJson {
  chainId: number;
  vault: Hex;
  /**
   * Tokens the vault takes and pays, with the contract's caps: per transaction, per UTC day vault-wide (net
   * outflow) and per user.
   */
  tokens: Array<{ token: Hex; symbol: string; perTxCap: string; perDayCap: string; perUserDayCap: string }>;
  /** Seconds a withdrawal voucher stays valid (default 1,800). */
  voucherLifetime: number;
  /** Seconds an exchange quote stays valid. */
  quoteLifetime: number;
  exchange: Array<{
    tokenIn: Hex;
    tokenOut: Hex;
    /** `fixed` (1:1, e.g. USDT ↔ EUSD) or `twap` (the EULP pair's 30-minute time-weighted price). */
    pricing: 'fixed' | 'twap';
    feeBps: number;
    /** Most `tokenOut` one user may receive per UTC day, decimal string. */
    perDayCap: string;
    /** Most `tokenOut` all exchanges may pay per UTC day (the server's exchange budget). */
    dayBudget: string;
  }>;
  /** Deposits and exchanges are paused. */
  paused: boolean;
  /** The pause still holds withdrawals (it does so for the contract's MAX_PAUSE at most). */
  withdrawalsPaused: boolean;
  /** When withdrawals reopen at the latest (unix seconds; "0" when never paused). */
  withdrawalsReopenAt: string;
}

/**
 * `GET /vault/limits` (session): what the caps and budgets leave the user today, per vault token, read on
 * chain and from the indexed ledger (docs/decisions/vouchers.md, "Day caps").
 */
export interface VaultLimitsJson {
  tokens: Array<{
    token: Hex;
    symbol: string;
    /** Most one withdrawal or exchange output may be. */
    perTxCap: string;
    /** The vault-wide day cap (net outflow) and what it leaves today. */
    vaultDayCap: string;
    vaultRemainingToday: string;
    /** The user's own day cap of payouts (withdrawals and exchange outputs) and what it leaves today. */
    userDayCap: string;
    userRemainingToday: string;
    /** As an exchange's output: the user's exchange day cap (server) and what it leaves today. */
    exchangeUserDayCap: string;
    exchangeUserRemainingToday: string;
    /** As an exchange's output: the day's exchange budget (server) and what is left of it. */
    exchangeDayBudget: string;
    exchangeDayRemaining: string;
    /** As an exchange's output: the vault's exchange budget (chain) less the unexpired quotes. */
    exchangeBudgetRemaining: string;
  }>;
  /** The indexed block the ledger figures are at. */
  blockNumber: string;
}

/**
 * One user's ledger for one token. `credited` = everything credited so far; `unreleased` the
 * part of it not yet released; `released` = credited − unreleased; `withdrawn` the settled
 * withdrawals; `reserved` the open voucher's amount (0 or one voucher); `available` =
 * released − withdrawn − reserved (what a voucher may be asked for); `contributed` the user's
 * accumulated contribution (deposits, later package payments).
 */
export interface LedgerBalanceJson {
  token: Hex;
  symbol: string;
  credited: string;
  unreleased: string;
  released: string;
  withdrawn: string;
  reserved: string;
  available: string;
  contributed: string;
}

/** `GET /vault/balances` */
export interface LedgerBalancesResponseJson {
  balances: LedgerBalanceJson[];
  /** The indexed block the figures are at. */
  blockNumber: string;
  blockTime: string;
}

/** A voucher's state: `signed` (open), `settled` (its `Withdrawn` is indexed), `expired` (returned), `cancelled`. */
export const WITHDRAWAL_STATES = ['signed', 'settled', 'expired', 'cancelled'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** `POST /vault/withdrawals` `{ token, amount }` → 201 with this; `GET /vault/withdrawals` lists them. */
export interface WithdrawalJson {
  id: string;
  user: Hex;
  token: Hex;
  amount: string;
  nonce: string;
  deadline: string;
  /** Unix seconds the voucher was signed. */
  signedAt: string;
  state: WithdrawalState;
  /** Present while the voucher can still be sent (`signed`), else null. */
  signature: SignatureJson | null;
  settledTx: Hex | null;
  settledAt: string | null;
}

export interface WithdrawalsResponseJson {
  withdrawals: WithdrawalJson[];
  nextBefore: string | null;
}

/** `POST /vault/deposits` `{ token, amount, custom? }` → a signed `diveInWithToken` authorisation. */
export interface DepositAuthorisationJson {
  user: Hex;
  token: Hex;
  amount: string;
  custom: string;
  custom1: string;
  nonce: string;
  deadline: string;
  signature: SignatureJson;
}

/** `POST /vault/exchange-quotes` `{ tokenIn, tokenOut, amountIn }` → a signed `pureTransfer` quote. */
export interface ExchangeQuoteJson {
  user: Hex;
  tokenIn: Hex;
  tokenOut: Hex;
  amountIn: string;
  /** What the user receives, the fee already taken. */
  amountOut: string;
  /** The fee, in `tokenOut`. */
  fee: string;
  feeBps: number;
  pricing: 'fixed' | 'twap';
  /** `tokenOut` per 1e18 `tokenIn` before the fee (18-decimal fixed point). */
  price: string;
  nonce: string;
  deadline: string;
  signature: SignatureJson;
}

/** One bill entry: a movement of the user's money. `amount` is signed (negative = out). */
export interface BillJson {
  id: string;
  type: AnyBillType;
  token: Hex;
  amount: string;
  time: string;
  /** The transaction that caused it; null for a movement with no transaction (a timeout return, a pending withdrawal). */
  txHash: Hex | null;
}

/** `GET /bills?type=&token=&limit=&before=` */
export interface BillsResponseJson {
  bills: BillJson[];
  nextBefore: string | null;
}

/**
 * `GET /vault/stats`: the data index's vault figures, per vault token, all as of block `blockNumber` (the
 * indexed head): the figures a user can check against the chain (docs/decisions/vouchers.md, "Solvency").
 * The invariant the server keeps: holdings ≥ liabilities + openVouchers + unexpiredQuotes.
 */
export interface VaultStatsJson {
  /** Distinct addresses that have used the vault. */
  users: string;
  tokens: Array<{
    token: Hex;
    symbol: string;
    deposited: string;
    withdrawn: string;
    /** The vault's `balanceOf` at `blockNumber`. */
    holdings: string;
    /** What the ledger owes users that no open voucher holds: Σ (credited − withdrawn) − openVouchers. */
    liabilities: string;
    /** What signed vouchers that have not paid can still pay (cancelled ones until their deadlines). */
    openVouchers: string;
    /** What signed exchange quotes that can still execute would pay. */
    unexpiredQuotes: string;
    /** holdings − liabilities − openVouchers − unexpiredQuotes (negative: a shortfall). */
    freeReserve: string;
    /** What exchange outputs may still pay on chain (funded + exchange inputs − exchange outputs). */
    exchangeBudget: string;
  }>;
  blockNumber: string;
}
