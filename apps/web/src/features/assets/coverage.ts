/**
 * Whether the vault's holdings of a token cover what the ledger owes users of it (ECONOMY §1
 * "Honesty"): covered when holdings ≥ liabilities, else short by the difference. Open vouchers are
 * part of the liabilities until settled, so they are not added again.
 */
export function coverage(holdings: bigint, liabilities: bigint): { covered: boolean; shortfall: bigint } {
  return holdings >= liabilities
    ? { covered: true, shortfall: 0n }
    : { covered: false, shortfall: liabilities - holdings };
}
