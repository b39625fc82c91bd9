/**
 * Builds the finance context at the server's start: the vault context it pays through, the
 * purchase store, the finance settings (`ETERNO_FINANCE_SETTINGS` or the shipped file, ./settings.ts)
 * and the registration source chosen from the deployments file (`ETERNO_DEPLOYMENTS`: the referral
 * registry when one is deployed, else open registration). A bad setting stops the start.
 */
import { readFileSync } from 'node:fs';
import { parseDeployments } from '@eterno/protocol/deployments';
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
  return {
    vault,
    store,
    view,
    settings: loadFinanceSettings(env),
    registration: registrationSourceFor(deployments.contracts),
  };
}
