import type { Address } from 'viem';
import { readNft, type NftView } from '@eterno/protocol/nft/readNft';
import { useBlockRead, type BlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';

/**
 * Ecology › NFT's figures: ONE Multicall3 eth_call per new block (sale, odds, the account's NFTs, as
 * many pages of them as `pages` asks: "load more" raises it).
 */
export function useNftView(account: Address | undefined, pages = 1): BlockRead<NftView> {
  return useBlockRead(
    'nft',
    [account?.toLowerCase() ?? null, pages],
    (client) => {
      if (!account) throw new Error('no account');
      return readNft(client, { contracts: getConfig().deployments.contracts, account, pages });
    },
    { enabled: account !== undefined },
  );
}
