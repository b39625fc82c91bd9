/**
 * Whether the vault's holdings of a token cover everything it owes and has promised of it (ECONOMY §1
 * "Honesty", the server's invariant: holdings ≥ liabilities + open vouchers + unexpired quotes): covered
 * when the free reserve (holdings − those three) is not negative, else short by the difference.
 */
export function coverage(freeReserve: bigint): { covered: boolean; shortfall: bigint } {
  return freeReserve >= 0n ? { covered: true, shortfall: 0n } : { covered: false, shortfall: -freeReserve };
}
