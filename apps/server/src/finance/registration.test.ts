import { describe, expect, it } from 'vitest';
import { openRegistration, registrationSourceFor } from './registration.ts';

describe('registration sources', () => {
  it('counts everyone as registered while no referral registry is deployed', async () => {
    expect(await openRegistration.isRegistered('0x0000000000000000000000000000000000000001')).toBe(true);
    expect(registrationSourceFor({ EternoVault: '0x01' })).toBe(openRegistration);
  });

  it('refuses to start over a deployed registry it cannot read (never silently open)', () => {
    expect(() => registrationSourceFor({ ReferralRegistry: '0x02' })).toThrow(/ReferralRegistry/);
  });
});
