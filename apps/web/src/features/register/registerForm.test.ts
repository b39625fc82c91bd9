import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { describe, expect, it } from 'vitest';
import { checkForm, EMPTY_FORM, formFromInvitation, parseInviterRef } from './registerForm.ts';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('registration form', () => {
  it('asks for each required field in the form’s order before any format', () => {
    expect(checkForm(EMPTY_FORM)).toEqual({ field: 'inviter', code: 'INVITER_REQUIRED' });
    expect(checkForm({ ...EMPTY_FORM, inviter: '  ' })).toEqual({ field: 'inviter', code: 'INVITER_REQUIRED' });
    expect(checkForm({ ...EMPTY_FORM, inviter: ALICE })).toEqual({ field: 'side', code: 'INVALID_SIDE' });
    expect(checkForm({ ...EMPTY_FORM, inviter: ALICE, side: 0 })).toEqual({
      field: 'placement',
      code: 'PLACEMENT_REQUIRED',
    });
    expect(checkForm({ inviter: ALICE, side: 0, placement: 'manual', contact: '' })).toEqual({
      field: 'contact',
      code: 'CONTACT_ADDRESS_REQUIRED',
    });
  });

  it('says Invalid wallet address for a bad inviter or contact address, Invalid invite code for a bad code', () => {
    for (const bad of [
      '0x12',
      `0x${'g'.repeat(40)}`,
      'TXabcdefghijklmnopqrstu',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79C8',
    ])
      expect(parseInviterRef(bad)).toEqual({ field: 'inviter', code: 'INVALID_WALLET_ADDRESS' });
    expect(checkForm({ inviter: ALICE, side: 1, placement: 'manual', contact: '0xabc' })).toEqual({
      field: 'contact',
      code: 'INVALID_WALLET_ADDRESS',
    });
    expect(parseInviterRef('00002Y')).toEqual({ field: 'inviter', code: 'INVALID_INVITE_CODE' });
    expect(parseInviterRef('ZZ')).toEqual({ field: 'inviter', code: 'INVALID_INVITE_CODE' });
  });

  it('reads an invite code (forgiving case and dashes) or an address', () => {
    const code = inviteCodeOf(2n);
    expect(parseInviterRef(code.toLowerCase())).toEqual({ kind: 'code', id: 2n });
    expect(parseInviterRef(`${code.slice(0, 3)}-${code.slice(3)}`)).toEqual({ kind: 'code', id: 2n });
    expect(parseInviterRef(ALICE.toLowerCase())).toEqual({ kind: 'address', address: ALICE });
    expect(checkForm({ inviter: code, side: 1, placement: 'auto', contact: 'ignored' })).toEqual({
      inviter: { kind: 'code', id: 2n },
      side: 1,
      placement: 'auto',
      contact: null,
    });
    expect(checkForm({ inviter: ALICE, side: 0, placement: 'manual', contact: BOB.toLowerCase() })).toEqual({
      inviter: { kind: 'address', address: ALICE },
      side: 0,
      placement: 'manual',
      contact: BOB,
    });
  });

  it('prefills from an invitation', () => {
    expect(
      formFromInvitation({
        id: 'x',
        inviter: ALICE,
        inviteCode: '00002Z',
        invitee: BOB,
        placement: 'manual',
        contact: BOB,
        side: 1,
        createdAt: '1',
        state: 'open',
        registeredAt: null,
        packages: null,
        link: '/register?invitation=x',
      }),
    ).toEqual({ inviter: '00002Z', side: 1, placement: 'manual', contact: BOB });
  });
});
