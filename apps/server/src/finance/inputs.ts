/**
 * What the finance handlers read besides the chain, once per indexer process: the finance settings
 * (./settings.ts) and the USDT and ETRO addresses of the deployments (the purchase token, the
 * ETERNO-02 payout token and the EULP pair's order). An invalid settings file stops the indexer
 * at start with the faulty field named.
 */
import { readFileSync } from 'node:fs';
import { parseDeployments } from '@eterno/protocol/deployments';
import type { Address } from 'viem';
import { requireEnv } from '../api/env.ts';
import { loadFinanceSettings, type FinanceSettings } from './settings.ts';

export type FinanceInputs = {
  settings: FinanceSettings;
  /** Lower-case addresses. */
  usdt: Address;
  etro: Address;
};

export function readFinanceInputs(env: NodeJS.ProcessEnv): FinanceInputs {
  const file = requireEnv(env, 'ETERNO_DEPLOYMENTS');
  const { contracts } = parseDeployments(JSON.parse(readFileSync(file, 'utf8')));
  const at = (name: string): Address => {
    const address = contracts[name];
    if (address === undefined) throw new Error(`${file}: no ${name} address`);
    return address.toLowerCase() as Address;
  };
  return { settings: loadFinanceSettings(env), usdt: at('USDT'), etro: at('ETRO') };
}

let inputs: FinanceInputs | undefined;

/** The process's inputs, read on first use. */
export function financeInputs(): FinanceInputs {
  inputs ??= readFinanceInputs(process.env);
  return inputs;
}
