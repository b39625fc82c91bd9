/**
 * Keeps rarity seeds committed ahead of the purchases (review finding L-1): when fewer than
 * `lowWater` token ids with a committed seed are left, the operator commits `batches` more batch
 * roots (`EternoNft.commitSeeds`) and waits for the receipt. One pass at a time; runs in the indexer's
 * API process only (one sender of the operator's transactions). A pass that fails is logged and
 * tried again at the next tick; a purchase meanwhile is refused on chain (SeedsNotCommitted) and by the
 * app before sending (NFT_SEEDS_EXHAUSTED), never given a seed chosen after it.
 */
import { eternoNftAbi } from '@eterno/protocol/generated/abis';
import { SEED_BATCH, seedBatchRoots } from '@eterno/protocol/nft/seedTree';
import type { Hash } from 'viem';
import type { NftOperator } from './operator.ts';

export type SeedKeeperOptions = {
  /** Commit when fewer ids than this are left (default 256, one batch). */
  lowWater?: bigint;
  /** Batches per commit (default 4). */
  batches?: number;
};

/** One pass: the commit's hash when one was sent (and mined), else null. */
export async function topUpSeeds(operator: NftOperator, opts: SeedKeeperOptions = {}): Promise<Hash | null> {
  const lowWater = opts.lowWater ?? SEED_BATCH;
  const count = opts.batches ?? 4;
  const nft = operator.domain.nft;
  const [[batches], supply, committer] = await Promise.all([
    operator.client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'seedCommitments' }),
    operator.client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'totalSupply' }),
    operator.client.readContract({ address: nft, abi: eternoNftAbi, functionName: 'seedCommitter' }),
  ]);
  if (batches * SEED_BATCH - supply >= lowWater) return null;
  if (committer.toLowerCase() !== operator.account.address.toLowerCase())
    throw new Error(`the NFT's seed committer is ${committer}, not the operator ${operator.account.address}`);
  const roots = seedBatchRoots(operator.secret, operator.domain, batches, count);
  const hash = await operator.wallet.writeContract({
    address: nft,
    abi: eternoNftAbi,
    functionName: 'commitSeeds',
    args: [roots],
    account: operator.account,
    chain: operator.wallet.chain,
  });
  const receipt = await operator.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`commitSeeds ${hash} reverted`);
  return hash;
}

/** Runs `topUpSeeds` every `intervalMs` (default 5 s) until stopped. */
export function startSeedKeeper(
  operator: NftOperator,
  opts: SeedKeeperOptions & { intervalMs?: number } = {},
): { stop: () => void } {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const hash = await topUpSeeds(operator, opts);
      if (hash !== null) console.log(JSON.stringify({ level: 'info', msg: 'NFT seeds committed', hash }));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'NFT seed top-up failed', error: String(error) }));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 5_000);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
