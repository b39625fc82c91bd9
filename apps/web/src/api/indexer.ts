/**
 * Typed client of the indexer's read API (GET /trades, /stakes, /locks, /farm; wire format in
 * `@eterno/protocol/indexerApi`, documented in docs/architecture.md). Each call fetches from
 * `getConfig().apiUrl`, checks every field of the answer and returns typed records: amounts, block
 * numbers and ids as bigint, times as unix seconds (number), addresses checksummed.
 *
 * Failures throw ApiError: the server's code (BAD_REQUEST, INVALID_WALLET_ADDRESS) with its HTTP
 * status, NETWORK_ERROR when there was no answer, SERVER_ERROR when the answer is not the
 * documented JSON (the message names the first bad field).
 */
import { getAddress, type Address, type Hash, type Hex } from 'viem';
import type { FarmEventKind, LockSource, StakePool } from '@eterno/protocol/indexerApi';
import { FARM_EVENT_KINDS, LOCK_SOURCES, STAKE_POOLS } from '@eterno/protocol/indexerApi';
import { getConfig } from '../config.ts';
import { apiRequest, type ApiDeps } from '../session/api.ts';
import { ApiError } from '../session/ApiError.ts';

export type { FarmEventKind, LockSource, StakePool };

/** Where an event sits on chain. */
export interface EventPlace {
  /** Ponder's event id (unique, stable): a React key. */
  readonly id: string;
  readonly blockNumber: bigint;
  /** Unix seconds of the block. */
  readonly timestamp: number;
  readonly txHash: Hash;
  readonly logIndex: number;
}

/** An exchange record: a buy (USDT in, fee included; ETRO out, locked 24 h) or a sell (ETRO in, USDT out). */
export interface Trade extends EventPlace {
  readonly trader: Address;
  readonly isBuy: boolean;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** USDT; 0 for a sell. */
  readonly fee: bigint;
}

export interface StakeOrder {
  readonly pool: StakePool;
  readonly orderId: bigint;
  readonly owner: Address;
  readonly amount: bigint;
  readonly lockDays: number;
  readonly rateBps: number;
  /** The full-term reward (ETRO) fixed when the order was made. */
  readonly reward: bigint;
  /** EULP pool: the base credited at entry, released by the second; 0 in the ETRO pool. */
  readonly base: bigint;
  /** Unix seconds. */
  readonly stakingTime: number;
  /** Seconds; the lock ends at stakingTime + lockTime. */
  readonly lockTime: number;
  readonly unstaked: boolean;
  /** The reward that stayed the owner's (ETRO pool: 0 when early); null while staked. */
  readonly paidReward: bigint | null;
  /** The rest of the full reward, forfeited; null while staked. */
  readonly forfeited: bigint | null;
  /** Left before the lock ended; null while staked. */
  readonly early: boolean | null;
  readonly enteredTx: Hash;
  /** Unix seconds; null while staked. */
  readonly leftTime: number | null;
  readonly leftTx: Hash | null;
}

/** ETRO locked for the user: "swap release" (source swap) or "stake revenue" (a staking pool). */
export interface LockCredit extends EventPlace {
  readonly kind: 'credit';
  readonly user: Address;
  readonly writer: Address;
  readonly source: LockSource;
  readonly amount: bigint;
  /** Unix seconds when the linear release begins. */
  readonly start: number;
  /** Release duration in seconds (0: all at start). */
  readonly duration: number;
  /** The claim fee fixed at the credit (a claim charges at most this), in basis points. */
  readonly feeBps: number;
  /** An EULP order's base reward: revocable, in `slot` of the user's table (null otherwise). */
  readonly revocable: boolean;
  readonly slot: number | null;
}

/**
 * Released ETRO claimed by the user: `amount` claimed, `fee` of it to the fee receiver (received amount − fee),
 * and the split per kind.
 */
export interface LockClaim extends EventPlace {
  readonly kind: 'claim';
  readonly user: Address;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly swapAmount: bigint;
  readonly stakeAmount: bigint;
  readonly swapFee: bigint;
  readonly stakeFee: bigint;
}

/** A revocable entry revoked by its writer (an EULP order left early): `kept` stays, `unreleased` went back. */
export interface LockRevoke extends EventPlace {
  readonly kind: 'revoke';
  readonly user: Address;
  readonly writer: Address;
  readonly source: LockSource;
  readonly slot: number;
  readonly kept: bigint;
  readonly unreleased: bigint;
}

export type LockRecord = LockCredit | LockClaim | LockRevoke;

export interface FarmEvent extends EventPlace {
  readonly kind: FarmEventKind;
  readonly user: Address;
  readonly pid: bigint;
  /** LP for deposit / withdraw / emergencyWithdraw, ETRO paid for harvest. */
  readonly amount: bigint;
}

/** One page, newest first; pass `nextBefore` as `before` for the next (older) page, null on the last. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextBefore: string | null;
}

export interface PageQuery {
  /** 1–100, the server's default 20. */
  readonly limit?: number;
  /** `nextBefore` of the previous page. */
  readonly before?: string;
}

export class IndexerResponseError extends ApiError {
  constructor(field: string, status: number) {
    super('SERVER_ERROR', `the indexer's answer is malformed at ${field}`, status);
  }
}

type Json = Record<string, unknown>;

/** Reads one JSON object field by field; the first bad field throws IndexerResponseError. */
export class Reader {
  constructor(
    private readonly value: Json,
    private readonly path: string,
    private readonly status: number,
  ) {}

  static of(value: unknown, path: string, status: number): Reader {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new IndexerResponseError(path, status);
    return new Reader(value as Json, path, status);
  }

  private bad(key: string): never {
    throw new IndexerResponseError(`${this.path}.${key}`, this.status);
  }

  private raw(key: string): unknown {
    return this.value[key];
  }

  bigint(key: string): bigint {
    const v = this.raw(key);
    if (typeof v !== 'string' || !/^\d{1,78}$/.test(v)) this.bad(key);
    return BigInt(v);
  }

  /** A signed decimal string (a bill's amount: negative = out). */
  signedBigint(key: string): bigint {
    const v = this.raw(key);
    if (typeof v !== 'string' || !/^-?\d{1,78}$/.test(v)) this.bad(key);
    return BigInt(v);
  }

  /** A decimal string that fits a JS number (unix seconds, durations). */
  seconds(key: string): number {
    const n = Number(this.bigint(key));
    if (!Number.isSafeInteger(n)) this.bad(key);
    return n;
  }

  int(key: string): number {
    const v = this.raw(key);
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) this.bad(key);
    return v;
  }

  /** A list of non-negative safe integers (e.g. rates in basis points). */
  intList(key: string): number[] {
    const v = this.raw(key);
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0)) this.bad(key);
    return v as number[];
  }

  bool(key: string): boolean {
    const v = this.raw(key);
    if (typeof v !== 'boolean') this.bad(key);
    return v;
  }

  string(key: string): string {
    const v = this.raw(key);
    if (typeof v !== 'string' || v.length === 0) this.bad(key);
    return v;
  }

  /** A string that may be empty (a free text such as a node's description). */
  text(key: string): string {
    const v = this.raw(key);
    if (typeof v !== 'string') this.bad(key);
    return v;
  }

  address(key: string): Address {
    const v = this.raw(key);
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) this.bad(key);
    return getAddress(v);
  }

  hash(key: string): Hash {
    const v = this.raw(key);
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(v)) this.bad(key);
    return v as Hash;
  }

  /** A list of 32-byte hex values (e.g. a Merkle proof). */
  hashList(key: string): Hash[] {
    const v = this.raw(key);
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && /^0x[0-9a-fA-F]{64}$/.test(x))) this.bad(key);
    return v as Hash[];
  }

  /** One of `values` (strings or numbers; `0` and `'0'` differ). */
  oneOf<T extends string | number>(key: string, values: readonly T[]): T {
    const v = this.raw(key);
    if (!(values as readonly unknown[]).includes(v)) this.bad(key);
    return v as T;
  }

  /** A 65-byte signature (r, s, v) as 0x-prefixed hex. */
  signature(key: string): Hex {
    const v = this.raw(key);
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(v)) this.bad(key);
    return v as Hex;
  }

  isNull(key: string): boolean {
    return this.raw(key) === null;
  }

  /** `read(key)` when `present`, else the field must be null. */
  nullUnless<T>(present: boolean, key: string, read: (key: string) => T): T | null {
    if (present) return read(key);
    if (!this.isNull(key)) this.bad(key);
    return null;
  }

  /** A nested object field. */
  object(key: string): Reader {
    return Reader.of(this.raw(key), `${this.path}.${key}`, this.status);
  }

  list(key: string): Reader[] {
    const v = this.raw(key);
    if (!Array.isArray(v)) this.bad(key);
    return v.map((item, i) => Reader.of(item, `${this.path}.${key}[${i}]`, this.status));
  }

  cursor(): string | null {
    if (this.isNull('nextBefore')) return null;
    return this.string('nextBefore');
  }
}

function eventPlace(r: Reader): EventPlace {
  return {
    id: r.string('id'),
    blockNumber: r.bigint('blockNumber'),
    timestamp: r.seconds('timestamp'),
    txHash: r.hash('txHash'),
    logIndex: r.int('logIndex'),
  };
}

function trade(r: Reader): Trade {
  return {
    ...eventPlace(r),
    trader: r.address('trader'),
    isBuy: r.bool('isBuy'),
    amountIn: r.bigint('amountIn'),
    amountOut: r.bigint('amountOut'),
    fee: r.bigint('fee'),
  };
}

function stakeOrder(r: Reader): StakeOrder {
  const unstaked = r.bool('unstaked');
  return {
    pool: r.oneOf('pool', STAKE_POOLS),
    orderId: r.bigint('orderId'),
    owner: r.address('owner'),
    amount: r.bigint('amount'),
    lockDays: r.int('lockDays'),
    rateBps: r.int('rateBps'),
    reward: r.bigint('reward'),
    base: r.bigint('base'),
    stakingTime: r.seconds('stakingTime'),
    lockTime: r.int('lockTime'),
    unstaked,
    paidReward: r.nullUnless(unstaked, 'paidReward', (k) => r.bigint(k)),
    forfeited: r.nullUnless(unstaked, 'forfeited', (k) => r.bigint(k)),
    early: r.nullUnless(unstaked, 'early', (k) => r.bool(k)),
    enteredTx: r.hash('enteredTx'),
    leftTime: r.nullUnless(unstaked, 'leftTime', (k) => r.seconds(k)),
    leftTx: r.nullUnless(unstaked, 'leftTx', (k) => r.hash(k)),
  };
}

function lockRecord(r: Reader): LockRecord {
  const kind = r.oneOf('kind', ['credit', 'claim', 'revoke'] as const);
  if (kind === 'claim')
    return {
      ...eventPlace(r),
      kind,
      user: r.address('user'),
      amount: r.bigint('amount'),
      fee: r.bigint('fee'),
      swapAmount: r.bigint('swapAmount'),
      stakeAmount: r.bigint('stakeAmount'),
      swapFee: r.bigint('swapFee'),
      stakeFee: r.bigint('stakeFee'),
    };
  if (kind === 'revoke') {
    return {
      ...eventPlace(r),
      kind,
      user: r.address('user'),
      writer: r.address('writer'),
      source: r.oneOf('source', LOCK_SOURCES),
      slot: r.int('slot'),
      kept: r.bigint('kept'),
      unreleased: r.bigint('unreleased'),
    };
  }
  const revocable = r.bool('revocable');
  return {
    ...eventPlace(r),
    kind,
    user: r.address('user'),
    writer: r.address('writer'),
    source: r.oneOf('source', LOCK_SOURCES),
    amount: r.bigint('amount'),
    start: r.seconds('start'),
    duration: r.seconds('duration'),
    feeBps: r.int('feeBps'),
    revocable,
    slot: r.nullUnless(revocable, 'slot', (k) => r.int(k)),
  };
}

function farmEvent(r: Reader): FarmEvent {
  return {
    ...eventPlace(r),
    kind: r.oneOf('kind', FARM_EVENT_KINDS),
    user: r.address('user'),
    pid: r.bigint('pid'),
    amount: r.bigint('amount'),
  };
}

/** GET `path` with the defined `params` as its query, without a session; the answer as a Reader. */
export async function readPublic(
  deps: Partial<ApiDeps>,
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<Reader> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  const body = await apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path: qs ? `${path}?${qs}` : path },
  );
  return Reader.of(body, path, 200);
}

async function getPage<T>(
  deps: Partial<ApiDeps>,
  path: string,
  params: Record<string, string | number | undefined>,
  listKey: string,
  parse: (r: Reader) => T,
): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  const body = await apiRequest<unknown>(
    { apiUrl: deps.apiUrl ?? getConfig().apiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
    { method: 'GET', path: qs ? `${path}?${qs}` : path },
  );
  const root = Reader.of(body, path, 200);
  return { items: root.list(listKey).map(parse), nextBefore: root.cursor() };
}

/** GET /trades: everyone's recent trades, or one account's exchange records with `account`. */
export function fetchTrades(
  query: PageQuery & { readonly account?: string } = {},
  deps: Partial<ApiDeps> = {},
): Promise<Page<Trade>> {
  return getPage(
    deps,
    '/trades',
    { account: query.account, limit: query.limit, before: query.before },
    'trades',
    trade,
  );
}

/** GET /stakes: the account's stake orders in one pool, newest first. */
export function fetchStakes(
  query: PageQuery & { readonly account: string; readonly pool: StakePool },
  deps: Partial<ApiDeps> = {},
): Promise<Page<StakeOrder>> {
  return getPage(
    deps,
    '/stakes',
    { account: query.account, pool: query.pool, limit: query.limit, before: query.before },
    'stakes',
    stakeOrder,
  );
}

/** GET /locks: the account's lock credits and claims (the release records) in one list, newest first. */
export function fetchLocks(
  query: PageQuery & { readonly account: string },
  deps: Partial<ApiDeps> = {},
): Promise<Page<LockRecord>> {
  return getPage(
    deps,
    '/locks',
    { account: query.account, limit: query.limit, before: query.before },
    'records',
    lockRecord,
  );
}

/** GET /farm: the account's farm deposits, withdrawals, harvests and emergency withdrawals, newest first. */
export function fetchFarmEvents(
  query: PageQuery & { readonly account: string },
  deps: Partial<ApiDeps> = {},
): Promise<Page<FarmEvent>> {
  return getPage(
    deps,
    '/farm',
    { account: query.account, limit: query.limit, before: query.before },
    'events',
    farmEvent,
  );
}
