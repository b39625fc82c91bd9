/**
 * A node's power for one UTC day (ECONOMY §9): its votes × its NFT weight, both as held through the
 * whole day (the day's minimum votes; the weights of the NFTs it held from the day's start to its
 * end). Rules: docs/decisions/nodes.md ("Node rewards").
 */
export function nodePower(votes: bigint, weight: number | bigint): bigint {
  const w = BigInt(weight);
  if (votes < 0n || w < 0n) throw new RangeError(`votes and weight must not be negative, got ${votes} × ${w}`);
  return votes * w;
}
