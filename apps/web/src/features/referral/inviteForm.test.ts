import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { describe, expect, it } from 'vitest';
import { checkInviteForm, emptyInviteForm } from './inviteForm.ts';

const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CODE = inviteCodeOf(2n);

describe('invite register form', () => {
  it('gives the spec’s required prompts in the form’s order', () => {
    expect(checkInviteForm(emptyInviteForm(CODE))).toEqual({ field: 'invitee', code: 'INVITEE_ADDRESS_REQUIRED' });
    const f = { ...emptyInviteForm(CODE), invitee: DAVE };
    expect(checkInviteForm(f)).toEqual({ field: 'placement', code: 'PLACEMENT_REQUIRED' });
    expect(checkInviteForm({ ...f, placement: 'manual' })).toEqual({
      field: 'contact',
      code: 'CONTACT_ADDRESS_REQUIRED',
    });
    expect(checkInviteForm({ ...f, placement: 'auto' })).toEqual({ field: 'side', code: 'INVALID_SIDE' });
    expect(checkInviteForm({ ...f, placement: 'auto', side: 0, inviteCode: ' ' })).toEqual({
      field: 'inviteCode',
      code: 'INVITE_CODE_REQUIRED',
    });
  });

  it('says Invalid wallet address and Invalid invite code', () => {
    expect(checkInviteForm({ ...emptyInviteForm(CODE), invitee: '0x12' })).toEqual({
      field: 'invitee',
      code: 'INVALID_WALLET_ADDRESS',
    });
    const f = { ...emptyInviteForm(CODE), invitee: DAVE, side: 1 as const };
    expect(checkInviteForm({ ...f, placement: 'manual', contact: 'TXyz' })).toEqual({
      field: 'contact',
      code: 'INVALID_WALLET_ADDRESS',
    });
    expect(checkInviteForm({ ...f, placement: 'auto', inviteCode: '00002Y' })).toEqual({
      field: 'inviteCode',
      code: 'INVALID_INVITE_CODE',
    });
  });

  it('builds the request (checksummed addresses, no contact for automatic)', () => {
    const f = { ...emptyInviteForm(CODE), invitee: DAVE.toLowerCase(), side: 1 as const };
    expect(checkInviteForm({ ...f, placement: 'auto', contact: BOB })).toEqual({
      invitee: DAVE,
      placement: 'auto',
      contact: null,
      side: 1,
      inviteCode: CODE,
    });
    expect(checkInviteForm({ ...f, placement: 'manual', contact: BOB.toLowerCase() })).toMatchObject({ contact: BOB });
  });
});
