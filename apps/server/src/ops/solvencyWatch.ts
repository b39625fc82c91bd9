/**
 * The solvency alert (security review M-1: the vault holds at least liabilities + open vouchers +
 * unexpired quotes). On an interval — never inside a request — it reads every vault token's figures
 * (src/vault/solvency.ts `readSolvency`, one indexed block), sets the gauges below and writes a log
 * line at `error` for each token whose free reserve is below its threshold (./settings.ts), on every
 * check while it stays below, and one `info` line when it is back above.
 *
 * Gauges, in token units (18 decimals, written exactly) by token symbol:
 *   eterno_vault_free_reserve            holdings − liabilities − open vouchers − unexpired quotes
 *   eterno_vault_holdings / _liabilities / _open_vouchers / _unexpired_quotes   its parts
 *   eterno_vault_free_reserve_threshold  the configured alert threshold
 *   eterno_vault_free_reserve_below_threshold  1 while below it, else 0
 *   eterno_vault_payouts_7d              withdrawals and exchange payouts of the last 7 days (./payouts.ts)
 *   eterno_vault_runway_days             days of payouts the free reserve covers at the 7 days' rate
 *                                        (+Inf without payouts, 0 when the free reserve is not positive)
 *   eterno_vault_solvency_block          the indexed block the figures are of
 *   eterno_vault_solvency_last_success_timestamp_seconds  when a check last succeeded
 */
import { formatAmount } from '@eterno/protocol/amount';
import { TOKEN_DECIMALS } from '@eterno/protocol/domain';
import type { Address } from 'viem';
import type { TokenSolvency } from '../vault/solvency.ts';
import type { PayoutsSince } from './payouts.ts';
import { Gauge, type Registry } from './prometheus.ts';

export const RUNWAY_WINDOW_SECONDS = 7n * 86_400n;

export type SolvencyFigures = {
  head: { blockNumber: bigint; timestamp: bigint };
  tokens: readonly Pick<
    TokenSolvency,
    'token' | 'holdings' | 'liabilities' | 'openVouchers' | 'unexpiredQuotes' | 'free'
  >[];
};

export type SolvencyWatchDeps = {
  registry: Registry;
  solvency: () => Promise<SolvencyFigures>;
  payoutsSince: PayoutsSince;
  symbolOf: (token: Address) => string | undefined;
  /** Base units by symbol; a token without one alerts below 0 (a shortfall). */
  thresholds: ReadonlyMap<string, bigint>;
  log: (entry: Record<string, unknown>) => void;
  /** Unix seconds (the gauge of the last success). */
  now?: () => number;
};

export type SolvencyWatch = {
  /** One check: the gauges and the alert lines. Never throws (a failed read is logged at `warn`). */
  check(): Promise<void>;
  /** Checks now and every `intervalMs`; returns the stop. */
  start(intervalMs: number): { stop(): void };
};

const units = (amount: bigint): string => formatAmount(amount, TOKEN_DECIMALS, { digits: TOKEN_DECIMALS });

/** Days the free reserve lasts at `paid` per window: 2 decimals, rounded down. */
export function runwayDays(free: bigint, paid: bigint): string {
  if (free <= 0n) return '0';
  if (paid <= 0n) return '+Inf';
  const hundredths = (free * (RUNWAY_WINDOW_SECONDS / 86_400n) * 100n) / paid;
  return formatAmount(hundredths, 2, { digits: 2 });
}

export function createSolvencyWatch(deps: SolvencyWatchDeps): SolvencyWatch {
  const g = (name: string, help: string) => deps.registry.register(new Gauge(name, help, ['token']));
  const free = g(
    'eterno_vault_free_reserve',
    'Vault holdings minus liabilities, open vouchers and unexpired quotes (token units).',
  );
  const holdings = g('eterno_vault_holdings', "The vault's balance of the token at the indexed block (token units).");
  const liabilities = g(
    'eterno_vault_liabilities',
    'What the ledger owes users that no open voucher holds (token units).',
  );
  const openVouchers = g(
    'eterno_vault_open_vouchers',
    'What signed vouchers that can still pay would take (token units).',
  );
  const quotes = g(
    'eterno_vault_unexpired_quotes',
    'What signed exchange quotes that can still execute would pay (token units).',
  );
  const threshold = g(
    'eterno_vault_free_reserve_threshold',
    'The free reserve below which the solvency alert fires (token units).',
  );
  const below = g(
    'eterno_vault_free_reserve_below_threshold',
    '1 while the free reserve is below its threshold, else 0.',
  );
  const payouts = g('eterno_vault_payouts_7d', 'Withdrawals and exchange payouts of the last 7 days (token units).');
  const runway = g('eterno_vault_runway_days', "Days of payouts the free reserve covers at the last 7 days' rate.");
  const block = deps.registry.register(
    new Gauge('eterno_vault_solvency_block', 'The indexed block the solvency figures are of.'),
  );
  const lastSuccess = deps.registry.register(
    new Gauge(
      'eterno_vault_solvency_last_success_timestamp_seconds',
      'When a solvency check last succeeded (unix seconds).',
    ),
  );
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const belowNow = new Set<string>();

  const check = async () => {
    let figures: SolvencyFigures;
    let paid: Map<Address, bigint>;
    try {
      figures = await deps.solvency();
      paid = await deps.payoutsSince(figures.head.timestamp - RUNWAY_WINDOW_SECONDS);
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
      deps.log({
        level: 'warn',
        msg: 'solvency: check failed',
        ...(code ? { code } : {}),
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    for (const t of figures.tokens) {
      const symbol = deps.symbolOf(t.token) ?? t.token;
      const label = { token: symbol };
      const limit = deps.thresholds.get(symbol) ?? 0n;
      const tokenPaid = paid.get(t.token.toLowerCase() as Address) ?? 0n;
      free.set(label, units(t.free));
      holdings.set(label, units(t.holdings));
      liabilities.set(label, units(t.liabilities));
      openVouchers.set(label, units(t.openVouchers));
      quotes.set(label, units(t.unexpiredQuotes));
      threshold.set(label, units(limit));
      payouts.set(label, units(tokenPaid));
      runway.set(label, runwayDays(t.free, tokenPaid));
      const isBelow = t.free < limit;
      below.set(label, isBelow ? 1 : 0);
      const figuresOf = {
        token: symbol,
        address: t.token,
        free: t.free.toString(),
        threshold: limit.toString(),
        holdings: t.holdings.toString(),
        liabilities: t.liabilities.toString(),
        openVouchers: t.openVouchers.toString(),
        unexpiredQuotes: t.unexpiredQuotes.toString(),
        block: figures.head.blockNumber.toString(),
      };
      if (isBelow) {
        belowNow.add(symbol);
        deps.log({ level: 'error', msg: 'solvency: free reserve below threshold', ...figuresOf });
      } else if (belowNow.delete(symbol)) {
        deps.log({ level: 'info', msg: 'solvency: free reserve back above threshold', ...figuresOf });
      }
    }
    block.set({}, figures.head.blockNumber.toString());
    lastSuccess.set({}, now());
  };

  return {
    check,
    start(intervalMs) {
      let running = false;
      const run = () => {
        if (running) return;
        running = true;
        void check().finally(() => {
          running = false;
        });
      };
      run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
  };
}
