import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { mergeLockRecords, parseLocksQuery } from './locks.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const alice = ALICE.toLowerCase() as `0x${string}`;
const SWAP = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as const;
const TX = `0x${'ab'.repeat(32)}` as const;

const credit = (blockNumber: bigint, logIndex: number) => ({
  id: `c${blockNumber}:${logIndex}`,
  user: alice,
  writer: SWAP,
  source: 'swap',
  amount: 5n,
  start: 1_700_000_000n,
  duration: 86_400n,
  feeBps: 500,
  revocable: false,
  slot: null,
  blockNumber,
  timestamp: 1_700_000_000n,
  txHash: TX,
  logIndex,
});
const claim = (blockNumber: bigint, logIndex: number) => ({
  id: `k${blockNumber}:${logIndex}`,
  user: alice,
  amount: 2n,
  fee: 1n,
  swapAmount: 2n,
  stakeAmount: 0n,
  swapFee: 1n,
  stakeFee: 0n,
  blockNumber,
  timestamp: 1_700_000_100n,
  txHash: TX,
  logIndex,
});
const revoke = (blockNumber: bigint, logIndex: number) => ({
  id: `r${blockNumber}:${logIndex}`,
  user: alice,
  writer: SWAP,
  source: 'stakeEULP',
  slot: 1,
  kept: 3n,
  unreleased: 7n,
  blockNumber,
  timestamp: 1_700_000_200n,
  txHash: TX,
  logIndex,
});

describe('parseLocksQuery', () => {
  it('requires a valid account', () => {
    expect(parseLocksQuery({ account: ALICE, before: '9:1' })).toEqual({
      account: alice,
      limit: 20,
      before: { blockNumber: 9n, logIndex: 1 },
    });
    expect(() => parseLocksQuery({})).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    expect(() => parseLocksQuery({ account: 'x' })).toThrow(ApiError);
    expect(() => parseLocksQuery({ account: 'x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_WALLET_ADDRESS' }),
    );
  });
});

describe('mergeLockRecords', () => {
  it('interleaves credits and claims newest first and writes each kind', () => {
    const page = mergeLockRecords([credit(5n, 2), credit(3n, 0)], [claim(5n, 4), claim(4n, 1)], [revoke(4n, 3)], 10);
    expect(page.records.map((r) => r.id)).toEqual(['k5:4', 'c5:2', 'r4:3', 'k4:1', 'c3:0']);
    expect(page.nextBefore).toBeNull();
    expect(page.records[1]).toEqual({
      kind: 'credit',
      id: 'c5:2',
      user: alice,
      writer: SWAP,
      source: 'swap',
      amount: '5',
      start: '1700000000',
      duration: '86400',
      feeBps: 500,
      revocable: false,
      slot: null,
      blockNumber: '5',
      timestamp: '1700000000',
      txHash: TX,
      logIndex: 2,
    });
    expect(page.records[0]).toEqual({
      kind: 'claim',
      id: 'k5:4',
      user: alice,
      amount: '2',
      fee: '1',
      swapAmount: '2',
      stakeAmount: '0',
      swapFee: '1',
      stakeFee: '0',
      blockNumber: '5',
      timestamp: '1700000100',
      txHash: TX,
      logIndex: 4,
    });
    expect(page.records[2]).toEqual({
      kind: 'revoke',
      id: 'r4:3',
      user: alice,
      writer: SWAP,
      source: 'stakeEULP',
      slot: 1,
      kept: '3',
      unreleased: '7',
      blockNumber: '4',
      timestamp: '1700000200',
      txHash: TX,
      logIndex: 3,
    });
  });

  it("cuts to the limit with the cursor of the page's last record", () => {
    const page = mergeLockRecords([credit(5n, 2), credit(3n, 0)], [claim(5n, 4), claim(4n, 1)], [], 2);
    expect(page.records.map((r) => r.id)).toEqual(['k5:4', 'c5:2']);
    expect(page.nextBefore).toBe('5:2');
  });
});
