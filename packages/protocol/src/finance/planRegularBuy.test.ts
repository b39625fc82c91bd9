import { describe, expect, it } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { eternoVaultAbi } from '../generated/abis.ts';
import { InsufficientBalanceError } from '../tx/steps.ts';
import { planRegularBuy } from './planRegularBuy.ts';
import { PurchaseExpiredError, type PurchaseAuthorisation } from './planPurchase.ts';

const contracts = {
  EternoVault: '0x00000000000000000000000000000000000000Aa' as Address,
  USDT: '0x00000000000000000000000000000000000000bB' as Address,
};
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const amount = parseUnits('100', 18);
/** A regular product 101 authorisation (its signature is not judged here: the chain does; planBuy.test.ts sends one). */
const auth: PurchaseAuthorisation = {
  token: '0x00000000000000000000000000000000000000BB',
  amount,
  custom: 101n,
  custom1: 0n,
  deadline: 1_000n,
  signature: { r: word(1), s: word(2), v: 27 },
};
const base = { contracts, authorisation: auth, balance: amount, allowance: 0n, now: 999n };

describe('planRegularBuy', () => {
  it('approves exactly the principal in USDT, then calls diveInWithToken(101, 0, …) with gas 1,000,000', () => {
    const steps = planRegularBuy(base);
    expect(steps).toEqual([
      { kind: 'approve', token: auth.token, symbol: 'USDT', spender: contracts.EternoVault, amount },
      {
        kind: 'call',
        action: 'finance.regular',
        call: {
          address: contracts.EternoVault,
          abi: eternoVaultAbi,
          functionName: 'diveInWithToken',
          args: [101n, 0n, auth.token, amount, 1_000n, word(1), word(2), 27],
        },
        gasLimit: 1_000_000n,
      },
    ]);
  });

  it('skips the approval when the allowance covers the principal', () => {
    expect(planRegularBuy({ ...base, allowance: amount }).map((s) => s.kind)).toEqual(['call']);
  });

  it('refuses an expired authorisation, a short balance, a package authorisation and another token', () => {
    expect(planRegularBuy({ ...base, now: 1_000n })).toHaveLength(2);
    expect(() => planRegularBuy({ ...base, now: 1_001n })).toThrow(PurchaseExpiredError);
    expect(() => planRegularBuy({ ...base, balance: amount - 1n })).toThrow(InsufficientBalanceError);
    expect(() => planRegularBuy({ ...base, authorisation: { ...auth, custom: 5n } })).toThrow(RangeError);
    expect(() => planRegularBuy({ ...base, authorisation: { ...auth, custom: 200n } })).toThrow(RangeError);
    expect(() =>
      planRegularBuy({ ...base, authorisation: { ...auth, token: '0x00000000000000000000000000000000000000cc' } }),
    ).toThrow(RangeError);
  });
});
