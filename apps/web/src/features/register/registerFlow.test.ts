import { EternoError } from '@eterno/protocol/errors';
import type { TxStep } from '@eterno/protocol/tx/steps';
import { zeroAddress, type Address } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { prepareRegistration, registerPlan, type RegisterDeps } from './registerFlow.ts';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address;
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address;
const REGISTRY = '0x0000000000000000000000000000000000000abc' as Address;
const SIG = `0x${'11'.repeat(65)}` as const;

function deps(over: Partial<RegisterDeps> = {}, reads: Partial<RegisterDeps['reads']> = {}): RegisterDeps {
  return {
    user: USER,
    registry: REGISTRY,
    reads: {
      walletOf: async (id) => (id === 2n ? ALICE : zeroAddress),
      isRegistered: async () => false,
      now: async () => 1_000n,
      ...reads,
    },
    requestPlacement: vi.fn(async (r) => ({
      user: USER,
      inviter: r.inviter as Address,
      contact: r.contact as Address,
      side: r.side,
      deadline: '1600',
      signature: SIG,
    })),
    simulate: vi.fn(async () => undefined),
    ...over,
  };
}

const fnOf = (steps: readonly TxStep[]) =>
  steps.map((s) => (s.kind === 'call' ? [s.call.functionName, s.call.args] : s));

describe('registration flow', () => {
  it('resolves an invite code on chain and refuses an unknown one', async () => {
    const d = deps();
    const p = await prepareRegistration(
      { inviter: { kind: 'code', id: 2n }, side: 1, placement: 'auto', contact: null },
      d,
    );
    expect(p.registration).toEqual({ placement: 'automatic', inviter: ALICE, side: 1 });
    expect(d.simulate).toHaveBeenCalledTimes(1);
    await expect(
      prepareRegistration({ inviter: { kind: 'code', id: 9n }, side: 1, placement: 'auto', contact: null }, d),
    ).rejects.toMatchObject({ code: 'UNKNOWN_INVITE_CODE' });
  });

  it('refuses self-invite and a second registration before asking anyone', async () => {
    const d = deps();
    await expect(
      prepareRegistration(
        { inviter: { kind: 'address', address: USER }, side: 0, placement: 'auto', contact: null },
        d,
      ),
    ).rejects.toMatchObject({ code: 'SELF_INVITE' });
    const registered = deps({}, { isRegistered: async () => true });
    await expect(
      prepareRegistration(
        { inviter: { kind: 'address', address: ALICE }, side: 0, placement: 'auto', contact: null },
        registered,
      ),
    ).rejects.toMatchObject({ code: 'ALREADY_REGISTERED' });
    expect(d.simulate).not.toHaveBeenCalled();
    expect(d.requestPlacement).not.toHaveBeenCalled();
  });

  it('fetches the placement approval only for a contact other than the inviter, and passes the server’s refusal on', async () => {
    const d = deps();
    const under = await prepareRegistration(
      { inviter: { kind: 'address', address: ALICE }, side: 0, placement: 'manual', contact: ALICE },
      d,
    );
    expect(under.attestation).toBeUndefined();
    const other = await prepareRegistration(
      { inviter: { kind: 'address', address: ALICE }, side: 1, placement: 'manual', contact: BOB },
      d,
    );
    expect(d.requestPlacement).toHaveBeenCalledWith({ inviter: ALICE, contact: BOB, side: 1 });
    expect(fnOf(await registerPlan(other, d))).toEqual([['registerUnder', [ALICE, BOB, 1, 1600n, SIG]]]);
    const refused = deps({
      requestPlacement: async () => {
        throw new EternoError('CONTACT_OUTSIDE_TEAM');
      },
    });
    await expect(
      prepareRegistration(
        { inviter: { kind: 'address', address: ALICE }, side: 1, placement: 'manual', contact: BOB },
        refused,
      ),
    ).rejects.toMatchObject({ code: 'CONTACT_OUTSIDE_TEAM' });
  });

  it('asks a fresh approval at confirm when the review’s is about to expire', async () => {
    let now = 1_000n;
    const d = deps({}, { now: async () => now });
    const p = await prepareRegistration(
      { inviter: { kind: 'address', address: ALICE }, side: 1, placement: 'manual', contact: BOB },
      d,
    );
    now = 1_560n;
    await registerPlan(p, d);
    expect(d.requestPlacement).toHaveBeenCalledTimes(2);
  });
});
