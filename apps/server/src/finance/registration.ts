/**
 * Whether a user may buy a package: registered in the referral tree (ECONOMY §2). The referral
 * registry is built by the referral issue; until a registry is deployed the product source is
 * `openRegistration` (everyone counts as registered). The check itself runs on every purchase
 * and is tested with a source that says no. Rules: docs/decisions/finance.md.
 */
import type { Address } from 'viem';

export type RegistrationSource = {
  /** Whether `user` (lower-case) is registered in the referral tree. */
  isRegistered(user: Address): Promise<boolean>;
};

/** Everyone is registered: the source in force while no referral registry is deployed. */
export const openRegistration: RegistrationSource = { isRegistered: async () => true };

/**
 * The product's registration source for a deployments file's contracts: the registry named there
 * when one is deployed (the referral issue adds it), else `openRegistration`.
 */
export function registrationSourceFor(contracts: Readonly<Record<string, string | undefined>>): RegistrationSource {
  if (contracts.ReferralRegistry !== undefined)
    throw new Error('a ReferralRegistry is deployed but the server has no reader for it yet (referral issue)');
  return openRegistration;
}
