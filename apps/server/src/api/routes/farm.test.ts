import { describe, expect, it } from 'vitest';
import { farmEventJson, parseFarmQuery } from './farm.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TX = `0x${'ab'.repeat(32)}` as const;

describe('parseFarmQuery', () => {
  it('takes account, limit and cursor, and refuses bad ones', () => {
    expect(parseFarmQuery({ account: ALICE, limit: '100' })).toEqual({
      account: ALICE.toLowerCase(),
      limit: 100,
      before: undefined,
    });
    expect(() => parseFarmQuery({ account: ALICE, before: 'x' })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', status: 400 }),
    );
    expect(() => parseFarmQuery({ account: '0x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_WALLET_ADDRESS', status: 400 }),
    );
  });
});

describe('farmEventJson', () => {
  const row = {
    id: 'e1',
    kind: 'harvest',
    user: ALICE.toLowerCase() as `0x${string}`,
    pid: 0n,
    amount: 8n * 10n ** 18n,
    blockNumber: 40n,
    timestamp: 1_700_000_000n,
    txHash: TX,
    logIndex: 1,
  };

  it('writes the event with decimal strings', () => {
    expect(farmEventJson(row)).toEqual({
      id: 'e1',
      kind: 'harvest',
      user: ALICE.toLowerCase(),
      pid: '0',
      amount: '8000000000000000000',
      blockNumber: '40',
      timestamp: '1700000000',
      txHash: TX,
      logIndex: 1,
    });
  });

  it('refuses a row of an unknown kind', () => {
    expect(() => farmEventJson({ ...row, kind: 'stake' })).toThrow(/unknown value "stake"/);
  });
});
