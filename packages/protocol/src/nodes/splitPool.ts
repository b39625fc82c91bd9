/**
 * The day's pool split between the nodes by power (ECONOMY §9): node i gets
 * floor(pool × power_i / Σ power). What the floors leave, and the whole pool when no node has power,
 * is `carry` (paid with the next day's pool), so Σ shares + carry = pool exactly. Nodes of zero power
 * get nothing and are not listed. Rules: docs/decisions/nodes.md ("Node rewards").
 */
export type NodePower<K> = { readonly key: K; readonly power: bigint };

export function splitPool<K>(
  pool: bigint,
  nodes: readonly NodePower<K>[],
): { shares: Array<{ key: K; amount: bigint }>; carry: bigint } {
  if (pool < 0n) throw new RangeError(`pool must not be negative, got ${pool}`);
  const powered = nodes.filter((n) => {
    if (n.power < 0n) throw new RangeError(`power must not be negative, got ${n.power}`);
    return n.power > 0n;
  });
  const total = powered.reduce((s, n) => s + n.power, 0n);
  if (total === 0n) return { shares: [], carry: pool };
  const shares = powered.map((n) => ({ key: n.key, amount: (pool * n.power) / total }));
  return { shares, carry: pool - shares.reduce((s, x) => s + x.amount, 0n) };
}
