/**
 * The monitoring settings, read once from the environment (defaults in brackets):
 *   ETERNO_READY_MAX_LAG_BLOCKS   blocks the indexed block may be behind the chain's head before
 *                                 `/ready` answers 503 INDEXER_LAGGING [10]
 *   ETERNO_SOLVENCY_CHECK_S       seconds between two solvency checks (./solvencyWatch.ts) [60]
 *   ETERNO_RESERVE_ALERT_USDT     the free reserve below which the solvency alert fires, in token
 *   ETERNO_RESERVE_ALERT_EUSD     units (a decimal: "25000", "0.5") [0: only a shortfall]
 *   ETERNO_RESERVE_ALERT_ETRO
 *   ETERNO_METRICS_ALLOW          comma list of addresses that may read `/metrics` besides the
 *                                 loopback (a Prometheus server on another host) [none]
 * A bad value stops the start with an EnvError naming it. Rules: docs/operations.md.
 */
import { AmountError, parseAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import { EnvError, envInteger } from '../api/env.ts';
import { VAULT_TOKEN_SYMBOLS } from '../vault/context.ts';

export type OpsSettings = {
  maxLagBlocks: number;
  solvencyCheckMs: number;
  /** Base units by token symbol. */
  reserveThresholds: ReadonlyMap<string, bigint>;
  metricsAllow: readonly string[];
};

export const DEFAULT_MAX_LAG_BLOCKS = 10;
export const DEFAULT_SOLVENCY_CHECK_S = 60;

function tokenAmount(env: NodeJS.ProcessEnv, name: string): bigint {
  const text = env[name];
  if (text === undefined || text === '') return 0n;
  try {
    return parseAmount(text, TOKEN_DECIMALS);
  } catch (error) {
    if (error instanceof AmountError) throw new EnvError(`${name}: "${text}" is not an amount of token units`);
    throw error;
  }
}

export function readOpsSettings(env: NodeJS.ProcessEnv): OpsSettings {
  return {
    maxLagBlocks: envInteger(env, 'ETERNO_READY_MAX_LAG_BLOCKS', DEFAULT_MAX_LAG_BLOCKS, 0, 1_000_000),
    solvencyCheckMs: envInteger(env, 'ETERNO_SOLVENCY_CHECK_S', DEFAULT_SOLVENCY_CHECK_S, 5, 86_400) * 1000,
    reserveThresholds: new Map(VAULT_TOKEN_SYMBOLS.map((s) => [s, tokenAmount(env, `ETERNO_RESERVE_ALERT_${s}`)])),
    metricsAllow: (env.ETERNO_METRICS_ALLOW ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  };
}
