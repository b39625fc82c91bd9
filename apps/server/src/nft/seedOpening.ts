/**
 * The seed of one token for its owner (`GET /nft/seed/:tokenId`): read on chain at the latest block
 * (so the purchase is mined) the token's owner and rarity and its batch's committed root; refused
 * NFT_NOT_FOUND (no such token yet), NFT_NOT_OWNER (the session's wallet is not its owner: nobody else
 * learns the rarity before the owner reveals), NFT_ALREADY_REVEALED; with confirmations (the
 * deployments', 0 locally) also INDEXER_BEHIND until the owner holds the token in the block that many
 * below the head (a buyer who learnt a bad rarity must not get a new draw from a reorg that drops the
 * purchase; docs/decisions/nft.md); then the seed and proof from the
 * operator's secret, checked against the committed root (a root the key does not give means the
 * server runs with the wrong key: NFT_SEEDS_UNAVAILABLE, logged, nothing handed out).
 */
import { eternoNftAbi } from '@eterno/protocol/generated/abis';
import type { NftSeedJson } from '@eterno/protocol/nftApi';
import { seedBatchOf, seedOpening } from '@eterno/protocol/nft/seedTree';
import { ContractFunctionRevertedError, BaseError, type Address } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { NftOperator } from './operator.ts';

async function tokenInfo(operator: NftOperator, tokenId: bigint, at: { blockNumber: bigint } | { blockTag: 'latest' }) {
  try {
    return await operator.client.readContract({
      address: operator.domain.nft,
      abi: eternoNftAbi,
      functionName: 'infoOf',
      args: [tokenId],
      ...at,
    });
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'ERC721NonexistentToken')
      throw new ApiError('NFT_NOT_FOUND');
    throw error;
  }
}

/** Whether `user` owns `tokenId` in the block `operator.confirmations` below the head (none near genesis). */
async function ownedWhenFinal(operator: NftOperator, tokenId: bigint, user: Address): Promise<boolean> {
  const head = await operator.client.getBlockNumber({ cacheTime: 0 });
  const final = head - BigInt(operator.confirmations);
  if (final < 0n) return false;
  try {
    const info = await tokenInfo(operator, tokenId, { blockNumber: final });
    return info.owner.toLowerCase() === user.toLowerCase();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NFT_NOT_FOUND') return false;
    throw error;
  }
}

export async function openSeed(operator: NftOperator | null, user: Address, tokenId: bigint): Promise<NftSeedJson> {
  if (operator === null) throw new ApiError('NFT_SEEDS_UNAVAILABLE');
  const info = await tokenInfo(operator, tokenId, { blockTag: 'latest' });
  if (info.owner.toLowerCase() !== user.toLowerCase()) throw new ApiError('NFT_NOT_OWNER');
  if (info.rarity !== 0) throw new ApiError('NFT_ALREADY_REVEALED');
  if (operator.confirmations > 0 && !(await ownedWhenFinal(operator, tokenId, user)))
    throw new ApiError('INDEXER_BEHIND');
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
