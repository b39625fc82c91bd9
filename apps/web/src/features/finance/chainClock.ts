/**
 * The chain's time now (unix seconds), from the indexed block time `now` received at
 * `receivedAtMs` on the wall clock, running on with the wall clock since. Deadlines and
 * settlements are judged by block time, which need not be the wall clock (a local chain jumps).
 */
export function chainNow(now: number, receivedAtMs: number, nowMs: number): number {
  return now + Math.max(0, Math.floor((nowMs - receivedAtMs) / 1000));
}
