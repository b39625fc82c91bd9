/**
 * The assets overview's five balances as the page should show them: the chain's integers,
 * formatted by the protocol's own `formatTokenAmount`, found in the rows `data-testid="balance-…"`.
 */
import type { Page } from 'playwright-core';
import { formatTokenAmount } from '@eterno/protocol/amount';
import { BALANCE_KEYS, type BalanceKey } from './chain.ts';
import { WaitTimeoutError } from './wait.ts';

export function balanceTexts(balances: Record<BalanceKey, bigint>): Record<BalanceKey, string> {
  return Object.fromEntries(BALANCE_KEYS.map((k) => [k, formatTokenAmount(balances[k], k)])) as Record<
    BalanceKey,
    string
  >;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * True when `shown` holds `amount` as a whole number (not as part of a longer one), with or
 * without thousands grouping (`formatTokenAmount(…, { grouping: true })`).
 */
export function showsAmount(shown: string, amount: string): boolean {
  const ungrouped = shown.replace(/\s+/g, ' ').replace(/(\d),(?=\d{3}(?:\D|$))/g, '$1');
  return new RegExp(`(^|[^\\d.,])${esc(amount)}($|[^\\d.,])`).test(ungrouped);
}

export async function shownBalances(page: Page): Promise<Record<BalanceKey, string | null>> {
  const entries = await Promise.all(
    BALANCE_KEYS.map(async (k) => {
      const row = page.getByTestId(`balance-${k}`);
      const shown = (await row.count()) === 1 ? await row.innerText({ timeout: 1_000 }).catch(() => null) : null;
      return [k, shown] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<BalanceKey, string | null>;
}

/** Waits until every balance row shows its expected amount; the error lists what was shown. */
export async function waitForBalances(
  page: Page,
  expected: Record<BalanceKey, string>,
  { timeoutMs = 30_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: Record<BalanceKey, string | null> | undefined;
  for (;;) {
    last = await shownBalances(page);
    const seen = last;
    if (BALANCE_KEYS.every((k) => seen[k] !== null && showsAmount(seen[k], expected[k]))) return;
    if (Date.now() > deadline) {
      throw new WaitTimeoutError(
        `balances not shown within ${timeoutMs} ms; expected ${JSON.stringify(expected)}, shown ${JSON.stringify(last)}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
