/**
 * What the finance handlers read besides the chain, once per indexer process: the finance settings
 * (./settings.ts), the referral and nodes settings, and the USDT and ETRO addresses of the deployments (the purchase token, the
 * ETERNO-02 payout token and the EULP pair's order). An invalid settings file stops the indexer
 * at start with the faulty field named.
 */
import { readFileSync } from 'node:fs';
import { parseDeployments, type ContractKey } from '@eterno/protocol/deployments';
import type { Address } from 'viem';
import { EnvError, requireEnv } from '../api/env.ts';
import { loadNodesSettings, type NodesSettings } from '../nodes/settings.ts';
import { loadReferralSettings, referralSettingsAt, type ReferralSettings } from '../referral/incomeSettings.ts';
import type { LoopPackage } from '../referral/incomeLedger.ts';
import { rewardLimit } from '@eterno/protocol/finance/rules';
import { findPackage, loadFinanceSettings, packagePrice, settingsAt, type FinanceSettings } from './settings.ts';
import { settlementFaultsFrom, type SettlementFaults } from './settlementFaults.ts';

export type FinanceInputs = {
  settings: FinanceSettings;
  /** The dynamic incomes' settings (the referral part of a purchase and of the settlement). */
  referral: ReferralSettings;
  /** The node reward pool's rate (src/nodes: fed at each purchase, paid at the settlement). */
  nodes: NodesSettings;
  /** Lower-case addresses. */
  usdt: Address;
  etro: Address;
  /** The prize pool's payout token. */
  eusd: Address;
  /** Failure points the indexer crash test injects (./settlementFaults.ts); never set by the product. */
  faults?: SettlementFaults;
};

/** Each referral version's loop package must exist in the finance version in force when it starts. */
function checkLoopPackages(settings: FinanceSettings, referral: ReferralSettings): void {
  for (const v of referral.versions)
    if (findPackage(settingsAt(settings, v.effectiveFrom), v.loopPackageId) === undefined)
      throw new EnvError(
        `referral settings ${referral.source}: loopPackageId ${v.loopPackageId} is no package of the finance settings in force at ${v.effectiveFrom}`,
      );
}

export function readFinanceInputs(env: NodeJS.ProcessEnv): FinanceInputs {
  const file = requireEnv(env, 'ETERNO_DEPLOYMENTS');
  const { contracts, network } = parseDeployments(JSON.parse(readFileSync(file, 'utf8')));
  const at = (name: ContractKey): Address => contracts[name].toLowerCase() as Address;
  const settings = loadFinanceSettings(env);
  const referral = loadReferralSettings(env);
  checkLoopPackages(settings, referral);
  const nodes = loadNodesSettings(env);
  const faults = settlementFaultsFrom(env, network);
  return {
    settings,
    referral,
    nodes,
    usdt: at('USDT'),
    etro: at('ETRO'),
    eusd: at('EUSD'),
    ...(faults ? { faults } : {}),
  };
}

let inputs: FinanceInputs | undefined;

/** The process's inputs, read on first use. */
export function financeInputs(): FinanceInputs {
  inputs ??= readFinanceInputs(process.env);
  return inputs;
}

/** The package a loop order is made of at `time` (the referral version's, at the finance version's terms). */
export function loopPackageAt(inputs: FinanceInputs, time: bigint): LoopPackage {
  const id = referralSettingsAt(inputs.referral, time).loopPackageId;
  const version = settingsAt(inputs.settings, time);
  const pkg = findPackage(version, id);
  if (pkg === undefined)
    throw new Error(`referral: the loop package ${id} is not in the finance settings in force at ${time}`);
  const price = packagePrice(version, pkg);
  return { ...pkg, price, rewardLimit: rewardLimit(price, pkg) };
}
