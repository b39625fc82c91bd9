/**
 * Typed client of `GET /bills` (wire format `BillsResponseJson` in `@eterno/protocol/vaultApi`):
 * the session user's bills, newest first, optionally of one type and one token, paged with the
 * `nextBefore` cursor. Every field is checked; amounts are signed bigints (negative = out), times
 * unix seconds, the token checksummed, `txHash` null for a movement with no transaction (a timeout
 * return, a withdrawal not yet on chain).
 *
 * Failures throw ApiError (see `sessionRequest`; a malformed answer is SERVER_ERROR naming the field).
 */
import type { Address, Hash } from 'viem';
import { ANY_BILL_TYPES } from '@eterno/protocol/bills';
import type { AnyBillType } from '@eterno/protocol/vaultApi';
import type { ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader, type Page, type PageQuery } from './indexer.ts';

export interface Bill {
  /** Stable and unique: a React key. */
  readonly id: string;
  readonly type: AnyBillType;
  readonly token: Address;
  /** Base units, signed: negative = money out. */
  readonly amount: bigint;
  /** Unix seconds. */
  readonly time: number;
  readonly txHash: Hash | null;
}

export interface BillQuery extends PageQuery {
  readonly type?: AnyBillType;
  readonly token?: Address;
}

function bill(r: Reader): Bill {
  return {
    id: r.string('id'),
    type: r.oneOf('type', ANY_BILL_TYPES),
    token: r.address('token'),
    amount: r.signedBigint('amount'),
    time: r.seconds('time'),
    txHash: r.nullUnless(!r.isNull('txHash'), 'txHash', (k) => r.hash(k)),
  };
}

/** GET /bills with the session token. */
export async function fetchBills(query: BillQuery = {}, deps: Partial<ApiDeps> = {}): Promise<Page<Bill>> {
  const params = new URLSearchParams();
  if (query.type !== undefined) params.set('type', query.type);
  if (query.token !== undefined) params.set('token', query.token.toLowerCase());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', query.before);
  const qs = params.toString();
  const path = qs ? `/bills?${qs}` : '/bills';
  const body = await sessionRequest<unknown>(deps, { method: 'GET', path });
  const root = Reader.of(body, '/bills', 200);
  return { items: root.list('bills').map(bill), nextBefore: root.cursor() };
}
