/**
 * The seed of one token for its owner (`GET /nft/seed/:tokenId`): read on chain at the latest block
 * (so the purchase is mined) the token's owner and rarity and its batch's committed root; refused
 * NFT_NOT_FOUND (no such token yet), NFT_NOT_OWNER (the session's wallet is not its owner: nobody else
 * learns the rarity before the owner reveals), NFT_ALREADY_REVEALED; then the seed and proof from the
 * operator's secret, checked against the committed root (a root the key does not give means the
 * server runs with the wrong key: NFT_SEEDS_UNAVAILABLE, logged, nothing handed out).
 */
import { eternoNftAbi } from '@eterno/protocol/generated/abis';
import type { NftSeedJson } from '@eterno/protocol/nftApi';
import { seedBatchOf, seedOpening } from '@eterno/protocol/nft/seedTree';
import { ContractFunctionRevertedError, BaseError, type Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { NftOperator } from './operator.ts';

async function tokenInfo(operator: NftOperator, tokenId: bigint) {
  try {
    return await operator.client.readContract({
      address: operator.domain.nft,
      abi: eternoNftAbi,
      functionName: 'infoOf',
      args: [tokenId],
      blockTag: 'latest',
    });
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'ERC721NonexistentToken')
      throw new ApiError('NFT_NOT_FOUND');
    throw error;
  }
}

export async function openSeed(operator: NftOperator | null, user: Address, tokenId: bigint): Promise<NftSeedJson> {
  if (operator === null) throw new ApiError('NFT_SEEDS_UNAVAILABLE');
  const info = await tokenInfo(operator, tokenId);
  if (info.owner.toLowerCase() !== user.toLowerCase()) throw new ApiError('NFT_NOT_OWNER');
  if (info.rarity !== 0) throw new ApiError('NFT_ALREADY_REVEALED');
  const committed = await operator.client.readContract({
    address: operator.domain.nft,
    abi: eternoNftAbi,
    functionName: 'seedRootOf',
    args: [seedBatchOf(tokenId)],
  });
  const opening = seedOpening(operator.secret, operator.domain, tokenId);
  if (opening.root !== committed) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'NFT seed root mismatch: ETERNO_NFT_OPERATOR_KEY is not the key that committed this batch',
        tokenId: tokenId.toString(),
        committed,
      }),
    );
    throw new ApiError('NFT_SEEDS_UNAVAILABLE');
  }
  return { tokenId: tokenId.toString(), seed: opening.seed, proof: [...opening.proof] };
}
