import type { Address } from 'viem';
import { readNft, type NftView } from '@eterno/protocol/nft/readNft';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/** Ecology › NFT's figures: ONE Multicall3 eth_call per new block (sale, odds, the account's NFTs). */
export function useNftView(account: Address | undefined): BlockRead<NftView> {
  return useBlockRead(
    'nft',
    [account?.toLowerCase() ?? null],
    (client) => {
      if (!account) throw new Error('no account');
      return readNft(client, { contracts: getConfig().deployments.contracts, account });
    },
    { enabled: account !== undefined },
  );
}
