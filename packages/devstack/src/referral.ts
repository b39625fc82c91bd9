/**
 * Registers test accounts in the local ReferralRegistry (docs/decisions/referral.md): tests that buy
 * a package with an account the seed leaves unregistered register it first, for real, through the
 * registry's `register` (automatic placement under `inviter`, the deployer by default). Each account
 * needs FON for gas. Already registered accounts are skipped, so a helper call is idempotent.
 */
import { createPublicClient, createWalletClient, http, type Account, type Address } from 'viem';
import { defineEternoChain } from '@eterno/protocol/chain';
import type { Deployments } from '@eterno/protocol/deployments';
import { referralRegistryAbi } from '@eterno/protocol/generated/abis';

export type RegisterOptions = {
  /** The inviter (registered); the deployments' deployer (the genesis root) when absent. */
  inviter?: Address;
  /** 0 = left (default), 1 = right. */
  side?: 0 | 1;
};

/** The local registry of a deployments file (throws when none is deployed). */
export function registryOf(deployments: Pick<Deployments, 'contracts'>): Address {
  const registry = deployments.contracts.ReferralRegistry;
  if (registry === undefined) throw new Error('no ReferralRegistry in the deployments');
  return registry;
}

/** Registers each of `accounts` (in order) that is not registered yet; returns the ones it registered. */
export async function registerAccounts(
  rpcUrl: string,
  deployments: Pick<Deployments, 'contracts' | 'accounts'>,
  accounts: readonly Account[],
  { inviter, side = 0 }: RegisterOptions = {},
): Promise<Address[]> {
  const registry = registryOf(deployments);
  const root = inviter ?? deployments.accounts?.find((a) => a.label === 'deployer')?.address;
  if (root === undefined) throw new Error('registerAccounts: no inviter and no deployer in the deployments');
  const chain = defineEternoChain(rpcUrl);
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const registered: Address[] = [];
  for (const account of accounts) {
    const known = await client.readContract({
      address: registry,
      abi: referralRegistryAbi,
      functionName: 'isRegistered',
      args: [account.address],
    });
    if (known) continue;
    const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
    const hash = await wallet.writeContract({
      address: registry,
      abi: referralRegistryAbi,
      functionName: 'register',
      args: [root, side],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`registering ${account.address} reverted (${hash})`);
    registered.push(account.address);
  }
  return registered;
}
