import { describe, expect, it } from 'vitest';
import { TxSimulationError } from '../tx/errors.ts';
import type { RevertReason } from '../tx/revert.ts';
import { ReferralError, referralErrorOf, toReferralError } from './referralErrors.ts';

const custom = (name: string, args: readonly unknown[] = []): RevertReason => ({
  kind: 'custom',
  name,
  args,
  inputs: args.map((_, i) => `arg${i}`),
});
const inviter = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('referral errors', () => {
  it('maps every custom error of the registry to its code', () => {
    expect(
      [
        custom('AlreadyRegistered', [other]),
        custom('NotRegistered', [inviter.toLowerCase()]),
        custom('NotRegistered', [other]),
        custom('SelfInvite', [other]),
        custom('InvalidSide', [2]),
        custom('SeatTaken', [other, 1]),
        custom('PlacementExpired', [1n, 2n]),
        custom('InvalidPlacementSignature', [other]),
        custom('ZeroAddress'),
      ].map((reason) => referralErrorOf(reason, inviter)),
    ).toEqual([
      'ALREADY_REGISTERED',
      'INVITER_NOT_REGISTERED',
      'CONTACT_NOT_REGISTERED',
      'SELF_INVITE',
      'INVALID_SIDE',
      'SEAT_TAKEN',
      'PLACEMENT_EXPIRED',
      'PLACEMENT_NOT_APPROVED',
      'INVALID_WALLET_ADDRESS',
    ]);
  });

  it('leaves any other revert as it is', () => {
    expect(referralErrorOf(custom('Expired', [1n]))).toBeNull();
    expect(referralErrorOf({ kind: 'panic', code: 0x11n })).toBeNull();
    const foreign = new TxSimulationError(0, custom('OwnableUnauthorizedAccount', [other]));
    expect(toReferralError(foreign)).toBe(foreign);
    const plain = new Error('network');
    expect(toReferralError(plain)).toBe(plain);
    const ours = toReferralError(new TxSimulationError(0, custom('SeatTaken', [other, 0])));
    expect(ours).toBeInstanceOf(ReferralError);
    expect((ours as ReferralError).message).toBe('This seat is already taken, please choose another');
  });
});
