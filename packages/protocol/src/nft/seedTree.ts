/**
 * The NFT rarity seeds (docs/decisions/nft.md, review finding L-1): the operator's secret, each
 * token's seed derived from it, the Merkle tree of a batch of `SEED_BATCH` token ids whose root the
 * operator commits on chain (`EternoNft.commitSeeds`), and the proof a reveal sends
 * (`EternoNft.reveal(tokenId, seed, proof)`). Everything follows from the operator's key, so a backup
 * of that key restores every seed. Pure and deterministic; the contract checks the same tree
 * (`EternoNft.seedRootFrom`).
 *
 *   secret       = keccak256("ETERNO NFT seeds v1" ‖ operator private key)
 *   seed(id)     = keccak256(abi.encode(secret, chainId, nft, id))
 *   leaf(id)     = keccak256(abi.encode(id, seed(id)))        at position (id − 1) mod SEED_BATCH
 *   node         = keccak256(abi.encode(left, right))
 */
import { concat, encodeAbiParameters, keccak256, stringToHex, type Address, type Hex } from 'viem';

/** Token ids per committed root (batch b holds ids b × SEED_BATCH + 1 … (b + 1) × SEED_BATCH). */
export const SEED_BATCH = 256n;
/** The depth of a batch's tree: a proof's length. */
export const SEED_TREE_DEPTH = 8;

/** Where the seeds are used: the chain and the NFT contract (a seed is bound to both). */
export type SeedDomain = { readonly chainId: number; readonly nft: Address };

/** The operator's seed secret, from its private key (`ETERNO_NFT_OPERATOR_KEY`). */
export function nftSeedSecret(operatorKey: Hex): Hex {
  if (!/^0x[0-9a-fA-F]{64}$/.test(operatorKey)) throw new TypeError('the NFT operator key must be 0x + 64 hex digits');
  return keccak256(concat([stringToHex('ETERNO NFT seeds v1'), operatorKey]));
}

/** The seed of token `tokenId`. */
export function nftSeed(secret: Hex, domain: SeedDomain, tokenId: bigint): Hex {
  if (tokenId < 1n) throw new RangeError(`token ids start at 1, got ${tokenId}`);
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
      [secret, BigInt(domain.chainId), domain.nft, tokenId],
    ),
  );
}

/** The batch token `tokenId` belongs to. */
export const seedBatchOf = (tokenId: bigint): bigint => (tokenId - 1n) / SEED_BATCH;

const pair = (left: Hex, right: Hex): Hex =>
  keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [left, right]));

/** Every level of batch `batch`'s tree, leaves first. */
function levels(secret: Hex, domain: SeedDomain, batch: bigint): Hex[][] {
  const leaves: Hex[] = [];
  for (let i = 0n; i < SEED_BATCH; i++) {
    const tokenId = batch * SEED_BATCH + i + 1n;
    const seed = nftSeed(secret, domain, tokenId);
    leaves.push(keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [tokenId, seed])));
  }
  const tree = [leaves];
  for (let level = 1; level <= SEED_TREE_DEPTH; level++) {
    const below = tree[level - 1]!;
    tree.push(Array.from({ length: below.length / 2 }, (_, i) => pair(below[2 * i]!, below[2 * i + 1]!)));
  }
  return tree;
}

/** The root of batch `batch` (what the operator commits). */
export function seedBatchRoot(secret: Hex, domain: SeedDomain, batch: bigint): Hex {
  return levels(secret, domain, batch)[SEED_TREE_DEPTH]![0]!;
}

/** The roots of batches `first` … `first + count − 1`, in order (one `commitSeeds`). */
export function seedBatchRoots(secret: Hex, domain: SeedDomain, first: bigint, count: number): Hex[] {
  return Array.from({ length: count }, (_, i) => seedBatchRoot(secret, domain, first + BigInt(i)));
}

/** What a reveal of `tokenId` sends: its seed and the proof of its leaf (siblings from the leaf up). */
export type SeedOpening = { readonly seed: Hex; readonly proof: readonly Hex[]; readonly root: Hex };

export function seedOpening(secret: Hex, domain: SeedDomain, tokenId: bigint): SeedOpening {
  const tree = levels(secret, domain, seedBatchOf(tokenId));
  let index = Number((tokenId - 1n) % SEED_BATCH);
  const proof: Hex[] = [];
  for (let level = 0; level < SEED_TREE_DEPTH; level++) {
    proof.push(tree[level]![index ^ 1]!);
    index >>= 1;
  }
  return { seed: nftSeed(secret, domain, tokenId), proof, root: tree[SEED_TREE_DEPTH]![0]! };
}

/** The root `seed` and `proof` lead to for `tokenId` (as the contract computes it). */
export function seedRootFrom(tokenId: bigint, seed: Hex, proof: readonly Hex[]): Hex {
  let node = keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [tokenId, seed]));
  let index = (tokenId - 1n) % SEED_BATCH;
  for (const sibling of proof) {
    node = index % 2n === 0n ? pair(node, sibling) : pair(sibling, node);
    index /= 2n;
  }
  return node;
}
