/**
 * Typed client of the server's NFT route (wire format in `@eterno/protocol/nftApi`): with the
 * session's bearer token, `GET /nft/seed/:tokenId` gives the token's owner its committed rarity seed
 * and proof (docs/decisions/nft.md). Failures throw ApiError with the server's code (NFT_NOT_OWNER,
 * NFT_NOT_FOUND, NFT_ALREADY_REVEALED, NFT_SEEDS_UNAVAILABLE, …); no session, or a 401, clears the
 * session and throws UNAUTHORIZED.
 */
import type { Hex } from 'viem';
import type { ApiDeps } from '../session/api.ts';
import { sessionRequest } from '../session/sessionRequest.ts';
import { Reader } from './indexer.ts';

export interface NftSeed {
  readonly tokenId: bigint;
  readonly seed: Hex;
  /** The Merkle proof, from the leaf up. */
  readonly proof: readonly Hex[];
}

export async function fetchNftSeed(tokenId: bigint, deps: Partial<ApiDeps> = {}): Promise<NftSeed> {
  const path = `/nft/seed/${tokenId}`;
  const body = await sessionRequest(deps, { method: 'GET', path });
  const r = Reader.of(body, path, 200);
  return { tokenId: r.bigint('tokenId'), seed: r.hash('seed'), proof: r.hashList('proof') };
}
