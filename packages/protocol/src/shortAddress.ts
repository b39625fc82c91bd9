/**
 * The address text helpers that need no viem (the login page uses them: its bundle stays free of
 * viem's checksum code). `./address.ts` re-exports them beside the checks that do need viem.
 */

/** The spec's short form (§3): the first 8 characters, an ellipsis, the last 6. */
export function shortenAddress(address: string): string {
  if (address.length <= 14) return address;
  return `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/** A Tron-style account ("T…"), which the spec refuses with 'error account'. */
export function isTronStyleAccount(account: string): boolean {
  return account.startsWith('T');
}
