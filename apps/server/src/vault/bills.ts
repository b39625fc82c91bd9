/**
 * `GET /bills`: the user's indexed bills merged with the bills of the server's own vouchers, newest
 * first. A voucher still `signed` shows `withdraw` −amount at its signing time (no transaction yet);
 * when it settles, the chain's `withdraw` bill replaces it; an expired voucher shows `withdraw`
 * −amount at its signing time and `timeout_return` +amount at its deadline. Cancelled vouchers
 * (never sent, or superseded) show nothing.
 *
 * Order and cursor: (time, blockNumber, logIndex, id) descending, written
 * `<time>:<blockNumber>:<logIndex>:<id>` (the id breaks the tie of the two bills one event can
 * make). A voucher bill has the largest blockNumber (it sorts before the chain's bills of the same
 * second) and logIndex 0.
 */
import { BILL_TYPES } from '@eterno/protocol/domain';
import { EXTRA_BILL_TYPES, type AnyBillType, type BillJson, type BillsResponseJson } from '@eterno/protocol/vaultApi';
import type { Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { VaultContext } from './context.ts';
import type { BillPlace, IndexedBill } from './ledgerView.ts';
import { judgeVouchers, type JudgedVoucher } from './vouchers.ts';

export const ANY_BILL_TYPES: readonly AnyBillType[] = [...BILL_TYPES, ...EXTRA_BILL_TYPES];

const VOUCHER_BLOCK = 2n ** 63n - 1n;

export type BillCursor = BillPlace;

export type BillsQuery = { type?: AnyBillType; token?: Address; limit: number; before?: BillCursor };

type Placed = { bill: BillJson; place: BillCursor };

export function parseBillCursor(value: string | undefined): BillCursor | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{1,20}):(\d{1,20}):(\d{1,9}):([\w:.-]{1,200})$/.exec(value);
  if (m === null) throw new ApiError('BAD_REQUEST');
  return { time: BigInt(m[1]!), blockNumber: BigInt(m[2]!), logIndex: Number(m[3]), id: m[4]! };
}

export function formatBillCursor(p: BillCursor): string {
  return `${p.time}:${p.blockNumber}:${p.logIndex}:${p.id}`;
}

/** Negative when `a` is newer than `b` (sorts first). */
export function newerFirst(a: BillCursor, b: BillCursor): number {
  const keys: Array<[bigint, bigint]> = [
    [a.time, b.time],
    [a.blockNumber, b.blockNumber],
    [BigInt(a.logIndex), BigInt(b.logIndex)],
  ];
  for (const [x, y] of keys) if (x !== y) return x > y ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

export function parseBillType(value: string | undefined): AnyBillType | undefined {
  if (value === undefined) return undefined;
  const found = ANY_BILL_TYPES.find((t) => t === value);
  if (found === undefined) throw new ApiError('BAD_REQUEST');
  return found;
}

function indexedBill(row: IndexedBill): Placed {
  const type = ANY_BILL_TYPES.find((t) => t === row.type);
  if (type === undefined) throw new Error(`bill.type: unknown value "${row.type}"`);
  return {
    bill: {
      id: row.id,
      type,
      token: row.token,
      amount: row.amount.toString(),
      time: row.timestamp.toString(),
      txHash: row.txHash,
    },
    place: { time: row.timestamp, blockNumber: row.blockNumber, logIndex: row.logIndex, id: row.id },
  };
}

/** The bills a voucher shows (none once settled or cancelled). */
export function voucherBills({ row, state }: JudgedVoucher): Placed[] {
  if (state !== 'signed' && state !== 'expired') return [];
  const outId = `voucher-${row.id}-withdraw`;
  const returnId = `voucher-${row.id}-timeout_return`;
  const out: Placed = {
    bill: {
      id: outId,
      type: 'withdraw',
      token: row.token,
      amount: (-row.amount).toString(),
      time: row.signedAt.toString(),
      txHash: null,
    },
    place: { time: row.signedAt, blockNumber: VOUCHER_BLOCK, logIndex: 0, id: outId },
  };
  if (state === 'signed') return [out];
  return [
    out,
    {
      bill: {
        id: returnId,
        type: 'timeout_return',
        token: row.token,
        amount: row.amount.toString(),
        time: row.deadline.toString(),
        txHash: null,
      },
      place: { time: row.deadline, blockNumber: VOUCHER_BLOCK, logIndex: 0, id: returnId },
    },
  ];
}

/** One page of the user's bills. */
export async function listBills(ctx: VaultContext, user: Address, query: BillsQuery): Promise<BillsResponseJson> {
  const me = user.toLowerCase() as Address;
  const token = query.token?.toLowerCase() as Address | undefined;
  const [indexed, signed] = await Promise.all([
    ctx.ledger.bills({ user: me, type: query.type, token, limit: query.limit + 1, before: query.before }),
    ctx.store.signedOf(me),
  ]);
  const { judged } = await judgeVouchers(ctx, me, signed);
  const fromVouchers = judged
    .flatMap(voucherBills)
    .filter(
      (p) =>
        (query.type === undefined || p.bill.type === query.type) &&
        (token === undefined || p.bill.token === token) &&
        (query.before === undefined || newerFirst(query.before, p.place) < 0),
    );
  const all = [...indexed.map(indexedBill), ...fromVouchers].sort((a, b) => newerFirst(a.place, b.place));
  const page = all.slice(0, query.limit);
  const last = page.at(-1);
  return {
    bills: page.map((p) => p.bill),
    nextBefore: all.length > query.limit && last !== undefined ? formatBillCursor(last.place) : null,
  };
}
