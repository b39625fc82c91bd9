/**
 * Whether a user may buy a package: registered in the referral tree (ECONOMY §2). The product
 * source is the ReferralRegistry named in the deployments file, read through the server's chain
 * client on every purchase (`isRegistered`, never cached: a registration counts from its block).
 * Only a deployment without a registry uses `openRegistration` (everyone counts as registered).
 * Rules: docs/decisions/finance.md, docs/decisions/referral.md.
 */
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';
import type { Address, PublicClient } from 'viem';

export type RegistrationSource = {
  /** Whether `user` (lower-case) is registered in the referral tree. */
  isRegistered(user: Address): Promise<boolean>;
};

/** Everyone is registered: the source of a deployment without a referral registry. */
export const openRegistration: RegistrationSource = { isRegistered: async () => true };

/** The registry at `registry`, read through `client` (its `isRegistered`). */
export function registryRegistration(client: PublicClient, registry: Address): RegistrationSource {
  return {
    isRegistered: (user) =>
      client.readContract({ address: registry, abi: referralRegistryAbi, functionName: 'isRegistered', args: [user] }),
  };
}

/**
 * The product's registration source for a deployments file's contracts: the registry named there
 * (read through `client`) when one is deployed, else `openRegistration`.
 */
export function registrationSourceFor(
  contracts: Readonly<Record<string, Address | undefined>>,
  client: PublicClient,
): RegistrationSource {
  const registry = contracts.ReferralRegistry;
  return registry === undefined ? openRegistration : registryRegistration(client, registry);
}
