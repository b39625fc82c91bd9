/**
 * Wire format of the server's NFT route (apps/server/src/api/routes/nftSeed.ts):
 * `GET /nft/seed/:tokenId` with the session's bearer token, for the token's owner only, once its
 * purchase is mined and while it is unrevealed: the seed the operator committed for the token and
 * its Merkle proof, to send in `EternoNft.reveal(tokenId, seed, proof)` (docs/decisions/nft.md).
 */
export interface NftSeedJson {
  tokenId: string;
  seed: `0x${string}`;
  /** SEED_TREE_DEPTH sibling hashes, from the leaf up. */
  proof: `0x${string}`[];
}
