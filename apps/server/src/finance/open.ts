/**
 * Builds the finance context at the server's start: the vault context it pays through, the
 * purchase store, the finance settings (`ETERNO_FINANCE_SETTINGS` or the shipped file, ./settings.ts)
 * and the registration source chosen from the deployments file (`ETERNO_DEPLOYMENTS`: the referral
 * registry when one is deployed, read on the chain `PONDER_RPC_URL_201022`, else open registration).
 * A bad setting stops the start.
 */
import { readFileSync } from 'node:fs';
import { defineEternoChain, ETERNO_CHAIN_ID } from '@eterno/protocol/chain';
import { parseDeployments } from '@eterno/protocol/deployments';
import { createPublicClient, http } from 'viem';
import { requireEnv } from '../api/env.ts';
import type { PurchaseStore } from '../store/purchaseStore.ts';
import type { VaultContext } from '../vault/context.ts';
import type { FinanceContext } from './context.ts';
import type { FinanceView } from './financeView.ts';
import { registrationSourceFor } from './registration.ts';
import { loadFinanceSettings } from './settings.ts';

export function openFinanceContext(
  env: NodeJS.ProcessEnv,
  { vault, store, view }: { vault: VaultContext; store: PurchaseStore; view: FinanceView },
): FinanceContext {
  const deployments = parseDeployments(JSON.parse(readFileSync(requireEnv(env, 'ETERNO_DEPLOYMENTS'), 'utf8')));
  const rpcUrl = requireEnv(env, `PONDER_RPC_URL_${ETERNO_CHAIN_ID}`);
  const client = createPublicClient({ chain: defineEternoChain(rpcUrl), transport: http(rpcUrl) });
  return {
    vault,
    store,
    view,
    settings: loadFinanceSettings(env),
    registration: registrationSourceFor(deployments.contracts, client),
  };
}
