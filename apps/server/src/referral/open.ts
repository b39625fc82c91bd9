/**
 * Builds the referral context at the server's start: the registry of the deployments file
 * (`ETERNO_DEPLOYMENTS`) and the placement signer's key (`ETERNO_PLACEMENT_SIGNER_KEY`, required and never
 * the vault signer's `ETERNO_SIGNER_KEY`: two keys, so a leak of one is not a leak of both — security
 * review I-3; locally the devstack passes anvil account 10's, which the deploy makes the registry's
 * placement signer), refused like the vault's key (a well-known test key off a local chain), and the daily cap
 * of invitations per inviter (`ETERNO_INVITATIONS_PER_DAY`, default 200). Null when the
 * deployments have no registry: the registration and invitation routes are then not served.
 */
import { readFileSync } from 'node:fs';
import { parseDeployments } from '@eterno/protocol/deployments';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { EnvError, requireEnv } from '../api/env.ts';
import type { InvitationStore } from '../store/invitationStore.ts';
import { readSignerAccount, type SignerAccount } from '../vault/signer.ts';
import { INVITATIONS_PER_DAY, PLACEMENT_TTL_SECONDS, type ReferralContext } from './context.ts';

/** The placement signer's key, `ETERNO_PLACEMENT_SIGNER_KEY`: required, and refused when it is the vault signer's. */
export function readPlacementSigner(env: NodeJS.ProcessEnv, network: string): SignerAccount {
  const account = readSignerAccount(env, network, 'ETERNO_PLACEMENT_SIGNER_KEY');
  const vaultKey = env.ETERNO_SIGNER_KEY;
  if (vaultKey !== undefined && vaultKey.toLowerCase() === account.privateKey)
    throw new EnvError(
      "ETERNO_PLACEMENT_SIGNER_KEY is the vault signer's key (ETERNO_SIGNER_KEY): the placement signer needs a key of its own",
    );
  return account;
}

/** `ETERNO_INVITATIONS_PER_DAY`: a positive integer, default `INVITATIONS_PER_DAY`. */
export function readInvitationsPerDay(env: NodeJS.ProcessEnv): number {
  const value = env.ETERNO_INVITATIONS_PER_DAY;
  if (value === undefined || value === '') return INVITATIONS_PER_DAY;
  if (!/^[1-9]\d{0,6}$/.test(value))
    throw new EnvError(`ETERNO_INVITATIONS_PER_DAY must be a positive integer, not "${value}"`);
  return Number(value);
}

export function openReferralContext(
  env: NodeJS.ProcessEnv,
  { store }: { store: InvitationStore },
): ReferralContext | null {
  const deployments = parseDeployments(JSON.parse(readFileSync(requireEnv(env, 'ETERNO_DEPLOYMENTS'), 'utf8')));
  const registry = deployments.contracts.ReferralRegistry;
  if (registry === undefined) return null;
  const account = readPlacementSigner(env, deployments.network);
  return {
    chainId: deployments.chainId,
    registry: registry.toLowerCase() as Address,
    signer: privateKeyToAccount(account.privateKey),
    store,
    placementTtl: PLACEMENT_TTL_SECONDS,
    invitationsPerDay: readInvitationsPerDay(env),
    now: () => BigInt(Math.floor(Date.now() / 1000)),
  };
}
