/**
 * Typed client of the server's vault routes (wire format in `@eterno/protocol/vaultApi`):
 * GET /vault/config (public), and with the session's bearer token GET /vault/balances, GET /vault/limits,
 * GET|POST /vault/withdrawals, POST /vault/withdrawals/:id/cancel, POST /vault/deposits and
 * POST /vault/exchange-quotes. Every field of an answer is checked (`Reader` of ./indexer.ts):
 * amounts, nonces and deadlines as bigint, other unix times as seconds (number), addresses
 * checksummed.
 *
 * Failures throw ApiError with the server's catalogue code (INSUFFICIENT_BALANCE, VOUCHER_OPEN,
 * OVER_TX_CAP, …) and its HTTP status; a call without a session, or one the server answers 401,
 * clears the session and throws UNAUTHORIZED.
 */
import type { Address, Hash } from 'viem';
import type { VaultSignature } from '@eterno/protocol/vault/typedData';
import { WITHDRAWAL_STATES, type WithdrawalState } from '@eterno/protocol/vaultApi';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { IndexerResponseError, Reader, type Page, type PageQuery } from './indexer.ts';

export type { WithdrawalState };

/** Signature parts as the vault takes them (r, s 32-byte hex; v 27 or 28). */
export type SignatureParts = VaultSignature;

export interface VaultTokenConfig {
  readonly token: Address;
  readonly symbol: string;
  /** Most one withdrawal or exchange output may pay. */
  readonly perTxCap: bigint;
  /** Most the token's net outflow may be in one UTC day, vault-wide. */
  readonly perDayCap: bigint;
  /** Most one user may be paid of the token in one UTC day. */
  readonly perUserDayCap: bigint;
}

export interface ExchangePairConfig {
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  readonly pricing: 'fixed' | 'twap';
  readonly feeBps: number;
  /** Most `tokenOut` one user may receive per UTC day. */
  readonly perDayCap: bigint;
  /** Most `tokenOut` all exchanges may pay per UTC day. */
  readonly dayBudget: bigint;
}

export interface VaultConfig {
  readonly chainId: number;
  readonly vault: Address;
  readonly tokens: readonly VaultTokenConfig[];
  /** Seconds a withdrawal voucher stays valid. */
  readonly voucherLifetime: number;
  /** Seconds an exchange quote stays valid. */
  readonly quoteLifetime: number;
  readonly exchange: readonly ExchangePairConfig[];
  /** Deposits and exchanges are paused. */
  readonly paused: boolean;
  /** The pause still holds withdrawals (the contract lets them through after its maximum). */
  readonly withdrawalsPaused: boolean;
  /** When withdrawals reopen at the latest (unix seconds, 0: never paused). */
  readonly withdrawalsReopenAt: number;
}

/** What the caps and budgets leave the user today for one token (`VaultLimitsJson`). */
export interface VaultTokenLimits {
  readonly token: Address;
  readonly symbol: string;
  readonly perTxCap: bigint;
  readonly vaultDayCap: bigint;
  readonly vaultRemainingToday: bigint;
  readonly userDayCap: bigint;
  readonly userRemainingToday: bigint;
  readonly exchangeUserDayCap: bigint;
  readonly exchangeUserRemainingToday: bigint;
  readonly exchangeDayBudget: bigint;
  readonly exchangeDayRemaining: bigint;
  readonly exchangeBudgetRemaining: bigint;
}

export interface VaultLimits {
  readonly tokens: readonly VaultTokenLimits[];
  readonly blockNumber: bigint;
}

/** One token of the user's ledger (see `LedgerBalanceJson` for each figure's meaning). */
export interface LedgerBalance {
  readonly token: Address;
  readonly symbol: string;
  readonly credited: bigint;
  readonly unreleased: bigint;
  readonly released: bigint;
  readonly withdrawn: bigint;
  readonly reserved: bigint;
  readonly available: bigint;
  readonly contributed: bigint;
}

export interface LedgerBalances {
  readonly balances: readonly LedgerBalance[];
  /** The indexed block the figures are at, and its time (unix seconds). */
  readonly blockNumber: bigint;
  readonly blockTime: number;
}

export interface Withdrawal {
  readonly id: string;
  readonly user: Address;
  readonly token: Address;
  readonly amount: bigint;
  readonly nonce: bigint;
  /** Unix seconds; the contract's `deadline` argument. */
  readonly deadline: bigint;
  /** Unix seconds. */
  readonly signedAt: number;
  readonly state: WithdrawalState;
  /** Present while the voucher can still be sent (`signed`), else null. */
  readonly signature: SignatureParts | null;
  readonly settledTx: Hash | null;
  /** Unix seconds; null until settled. */
  readonly settledAt: number | null;
}

export interface DepositAuthorisation {
  readonly user: Address;
  readonly token: Address;
  readonly amount: bigint;
  readonly custom: bigint;
  readonly custom1: bigint;
  readonly nonce: bigint;
  readonly deadline: bigint;
  readonly signature: SignatureParts;
}

export interface ExchangeQuote {
  readonly user: Address;
  readonly tokenIn: Address;
  readonly tokenOut: Address;
  readonly amountIn: bigint;
  /** What the user receives, the fee already taken. */
  readonly amountOut: bigint;
  /** The fee, in `tokenOut`. */
  readonly fee: bigint;
  readonly feeBps: number;
  readonly pricing: 'fixed' | 'twap';
  /** `tokenOut` per 1e18 `tokenIn` before the fee (18-decimal fixed point). */
  readonly price: bigint;
  readonly nonce: bigint;
  readonly deadline: bigint;
  readonly signature: SignatureParts;
}

const PRICINGS = ['fixed', 'twap'] as const;

/** Signature parts of a server answer (r, s 32-byte hex; v 27 or 28). */
export function signature(r: Reader): SignatureParts {
  const v = r.int('v');
  if (v !== 27 && v !== 28) throw new IndexerResponseError('signature.v', 200);
  return { r: r.hash('r'), s: r.hash('s'), v };
}

function vaultConfig(r: Reader): VaultConfig {
  return {
    chainId: r.int('chainId'),
    vault: r.address('vault'),
    tokens: r.list('tokens').map((t) => ({
      token: t.address('token'),
      symbol: t.string('symbol'),
      perTxCap: t.bigint('perTxCap'),
      perDayCap: t.bigint('perDayCap'),
      perUserDayCap: t.bigint('perUserDayCap'),
    })),
    voucherLifetime: r.int('voucherLifetime'),
    quoteLifetime: r.int('quoteLifetime'),
    exchange: r.list('exchange').map((p) => ({
      tokenIn: p.address('tokenIn'),
      tokenOut: p.address('tokenOut'),
      pricing: p.oneOf('pricing', PRICINGS),
      feeBps: p.int('feeBps'),
      perDayCap: p.bigint('perDayCap'),
      dayBudget: p.bigint('dayBudget'),
    })),
    paused: r.bool('paused'),
    withdrawalsPaused: r.bool('withdrawalsPaused'),
    withdrawalsReopenAt: r.seconds('withdrawalsReopenAt'),
  };
}

function ledgerBalance(r: Reader): LedgerBalance {
  return {
    token: r.address('token'),
    symbol: r.string('symbol'),
    credited: r.bigint('credited'),
    unreleased: r.bigint('unreleased'),
    released: r.bigint('released'),
    withdrawn: r.bigint('withdrawn'),
    reserved: r.bigint('reserved'),
    available: r.bigint('available'),
    contributed: r.bigint('contributed'),
  };
}

function withdrawal(r: Reader): Withdrawal {
  const state = r.oneOf('state', WITHDRAWAL_STATES);
  const settled = state === 'settled';
  return {
    id: r.string('id'),
    user: r.address('user'),
    token: r.address('token'),
    amount: r.bigint('amount'),
    nonce: r.bigint('nonce'),
    deadline: r.bigint('deadline'),
    signedAt: r.seconds('signedAt'),
    state,
    signature: r.nullUnless(state === 'signed', 'signature', (k) => signature(r.object(k))),
    settledTx: r.nullUnless(settled, 'settledTx', (k) => r.hash(k)),
    settledAt: r.nullUnless(settled, 'settledAt', (k) => r.seconds(k)),
  };
}

/** A signed `diveInWithToken` authorisation (also the body of a finance purchase's answer). */
export function depositAuthorisation(r: Reader): DepositAuthorisation {
  return {
    user: r.address('user'),
    token: r.address('token'),
    amount: r.bigint('amount'),
    custom: r.bigint('custom'),
    custom1: r.bigint('custom1'),
    nonce: r.bigint('nonce'),
    deadline: r.bigint('deadline'),
    signature: signature(r.object('signature')),
  };
}

function exchangeQuote(r: Reader): ExchangeQuote {
  return {
    user: r.address('user'),
    tokenIn: r.address('tokenIn'),
    tokenOut: r.address('tokenOut'),
    amountIn: r.bigint('amountIn'),
    amountOut: r.bigint('amountOut'),
    fee: r.bigint('fee'),
    feeBps: r.int('feeBps'),
    pricing: r.oneOf('pricing', PRICINGS),
    price: r.bigint('price'),
    nonce: r.bigint('nonce'),
    deadline: r.bigint('deadline'),
    signature: signature(r.object('signature')),
  };
}

function apiDeps(deps: Partial<ApiDeps>): ApiDeps {
  return { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
}

/** GET /vault/config: the tokens the vault takes with their caps, the lifetimes, the exchange pairs, pause. */
export async function fetchVaultConfig(deps: Partial<ApiDeps> = {}): Promise<VaultConfig> {
  const body = await apiRequest<unknown>(apiDeps(deps), { method: 'GET', path: '/vault/config' });
  return vaultConfig(Reader.of(body, '/vault/config', 200));
}

/** GET /vault/balances: the signed-in user's ledger per token, at the indexed block. */
export async function fetchLedgerBalances(deps: Partial<ApiDeps> = {}): Promise<LedgerBalances> {
  const body = await sessionRequest(deps, { method: 'GET', path: '/vault/balances' });
  const r = Reader.of(body, '/vault/balances', 200);
  return {
    balances: r.list('balances').map(ledgerBalance),
    blockNumber: r.bigint('blockNumber'),
    blockTime: r.seconds('blockTime'),
  };
}

/** GET /vault/limits: what the caps and budgets leave the signed-in user today, per token. */
export async function fetchVaultLimits(deps: Partial<ApiDeps> = {}): Promise<VaultLimits> {
  const body = await sessionRequest(deps, { method: 'GET', path: '/vault/limits' });
  const r = Reader.of(body, '/vault/limits', 200);
  return {
    tokens: r.list('tokens').map((t) => ({
      token: t.address('token'),
      symbol: t.string('symbol'),
      perTxCap: t.bigint('perTxCap'),
      vaultDayCap: t.bigint('vaultDayCap'),
      vaultRemainingToday: t.bigint('vaultRemainingToday'),
      userDayCap: t.bigint('userDayCap'),
      userRemainingToday: t.bigint('userRemainingToday'),
      exchangeUserDayCap: t.bigint('exchangeUserDayCap'),
      exchangeUserRemainingToday: t.bigint('exchangeUserRemainingToday'),
      exchangeDayBudget: t.bigint('exchangeDayBudget'),
      exchangeDayRemaining: t.bigint('exchangeDayRemaining'),
      exchangeBudgetRemaining: t.bigint('exchangeBudgetRemaining'),
    })),
    blockNumber: r.bigint('blockNumber'),
  };
}

/** GET /vault/withdrawals: the signed-in user's vouchers with their state, newest first. */
export async function fetchWithdrawals(query: PageQuery = {}, deps: Partial<ApiDeps> = {}): Promise<Page<Withdrawal>> {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  const qs = params.toString();
  const path = qs ? `/vault/withdrawals?${qs}` : '/vault/withdrawals';
  const body = await sessionRequest(deps, { method: 'GET', path });
  const r = Reader.of(body, '/vault/withdrawals', 200);
  return { items: r.list('withdrawals').map(withdrawal), nextBefore: r.cursor() };
}

/** POST /vault/withdrawals: reserves `amount` and returns the signed voucher (201). */
export async function requestWithdrawal(
  args: { readonly token: Address; readonly amount: bigint },
  deps: Partial<ApiDeps> = {},
): Promise<Withdrawal> {
  const body = await sessionRequest(deps, {
    method: 'POST',
    path: '/vault/withdrawals',
    body: { token: args.token.toLowerCase(), amount: args.amount.toString() },
  });
  return withdrawal(Reader.of(body, '/vault/withdrawals', 201));
}

/** POST /vault/withdrawals/:id/cancel: releases an unsent voucher's reservation (the wallet refused it). */
export async function cancelWithdrawal(id: string, deps: Partial<ApiDeps> = {}): Promise<Withdrawal> {
  const path = `/vault/withdrawals/${encodeURIComponent(id)}/cancel`;
  const body = await sessionRequest(deps, { method: 'POST', path, body: {} });
  return withdrawal(Reader.of(body, path, 200));
}

/** POST /vault/deposits: a signed `diveInWithToken` authorisation for a plain top-up (custom 0). */
export async function requestDeposit(
  args: { readonly token: Address; readonly amount: bigint },
  deps: Partial<ApiDeps> = {},
): Promise<DepositAuthorisation> {
  const body = await sessionRequest(deps, {
    method: 'POST',
    path: '/vault/deposits',
    body: { token: args.token.toLowerCase(), amount: args.amount.toString() },
  });
  return depositAuthorisation(Reader.of(body, '/vault/deposits', 200));
}

/** POST /vault/exchange-quotes: a signed `pureTransfer` quote for `amountIn` of `tokenIn`. */
export async function requestExchangeQuote(
  args: { readonly tokenIn: Address; readonly tokenOut: Address; readonly amountIn: bigint },
  deps: Partial<ApiDeps> = {},
): Promise<ExchangeQuote> {
  const body = await sessionRequest(deps, {
    method: 'POST',
    path: '/vault/exchange-quotes',
    body: {
      tokenIn: args.tokenIn.toLowerCase(),
      tokenOut: args.tokenOut.toLowerCase(),
      amountIn: args.amountIn.toString(),
    },
  });
  return exchangeQuote(Reader.of(body, '/vault/exchange-quotes', 200));
}
