/**
 * A node's part of the day's pool split inside the node (ECONOMY §9): the master takes
 * floor(amount × shareBps / 10 000); the rest goes to the node's NFTs (the master's partner NFT
 * included) by weight, each floor(rest × weight / Σ weight). `dust`, what the floors leave, carries
 * to the next day's pool, so master + Σ nfts + dust = amount exactly. Rules: docs/decisions/nodes.md
 * ("Node rewards").
 */
import { BPS } from '../finance/rules.ts';

export type NodeNft<A> = { readonly account: A; readonly tokenId: bigint; readonly weight: number };

export function splitNode<A>(
  amount: bigint,
  shareBps: number,
  nfts: readonly NodeNft<A>[],
): { master: bigint; nfts: Array<{ account: A; tokenId: bigint; amount: bigint }>; dust: bigint } {
  if (!Number.isSafeInteger(shareBps) || shareBps < 0 || shareBps > 10_000)
    throw new RangeError(`shareBps must be an integer from 0 to 10000, got ${shareBps}`);
  if (amount < 0n) throw new RangeError(`amount must not be negative, got ${amount}`);
  const weight = nfts.reduce((s, n) => {
    if (!Number.isSafeInteger(n.weight) || n.weight < 0) throw new RangeError(`weight ${n.weight} is not a count`);
    return s + BigInt(n.weight);
  }, 0n);
  // No NFT held through the day: the whole part carries (a node without weight has no power anyway).
  if (weight === 0n) return { master: 0n, nfts: [], dust: amount };
  const master = (amount * BigInt(shareBps)) / BPS;
  const rest = amount - master;
  const parts = nfts.map((n) => ({
    account: n.account,
    tokenId: n.tokenId,
    amount: (rest * BigInt(n.weight)) / weight,
  }));
  return { master, nfts: parts, dust: rest - parts.reduce((s, p) => s + p.amount, 0n) };
}
