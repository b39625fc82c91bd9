/**
 * A failure point inside the daily settlement, for the indexer crash test only (test/indexerKill.test.ts,
 * docs/decisions/indexer-crash.md), in the manner of the vault's `faults` (vault/context.ts): with
 * `ETERNO_TEST_SETTLEMENT_HALT_DAY` set to a day's 00:00 UTC (unix seconds), the settlement that settles
 * that day stops after its finance statements and referral parts are written (inside the block's open
 * database transaction) and before its node reward pools: it prints one line saying so and never
 * returns, so the test kills the indexer (SIGKILL) at a point it knows. The product never sets it; on a
 * deployment other than `local` it is refused at start.
 */
import { EnvError } from '../api/env.ts';

export type SettlementFaults = {
  /** Called by the settlement of `days` at block `block` between its finance/referral part and its node part. */
  midSettlement?: (days: readonly bigint[], block: bigint) => Promise<void>;
};

export const SETTLEMENT_HALT_ENV = 'ETERNO_TEST_SETTLEMENT_HALT_DAY';

/** The line printed (one JSON object on stdout) when the settlement halts. */
export const SETTLEMENT_HALTED_MSG = 'ETERNO test fault: settlement halted midway';

/** The faults `env` asks for (none unless `ETERNO_TEST_SETTLEMENT_HALT_DAY` is set); `network` is the deployments'. */
export function settlementFaultsFrom(env: NodeJS.ProcessEnv, network: string): SettlementFaults | undefined {
  const text = env[SETTLEMENT_HALT_ENV];
  if (text === undefined || text === '') return undefined;
  if (network !== 'local') throw new EnvError(`${SETTLEMENT_HALT_ENV} is a test fault: refused on network ${network}`);
  if (!/^\d+$/.test(text)) throw new EnvError(`${SETTLEMENT_HALT_ENV}: "${text}" is not a unix time`);
  const day = BigInt(text);
  return {
    async midSettlement(days, block) {
      if (!days.includes(day)) return;
      console.log(
        JSON.stringify({
          msg: SETTLEMENT_HALTED_MSG,
          pid: process.pid,
          block: block.toString(),
          days: days.map(String),
        }),
      );
      await new Promise<never>(() => {});
    },
  };
}
