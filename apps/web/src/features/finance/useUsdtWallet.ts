import type { Address } from 'viem';
import { useBlockRead } from '../../chain/useBlockRead.ts';
import { getConfig } from '../../config.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { readExchangeWallet } from '../vault/readExchangeWallet.ts';

/** The wallet's USDT balance and allowance to the vault, and the block's time: ONE Multicall3 call per block. */
export function useUsdtWallet(usdt: Address | undefined) {
  const { account } = useWallet();
  const { contracts } = getConfig().deployments;
  return useBlockRead(
    'finance-usdt',
    [usdt?.toLowerCase() ?? null, account?.toLowerCase() ?? null],
    (client) => {
      if (!account || !usdt) throw new Error('no account or USDT');
      return readExchangeWallet(client, {
        multicall: contracts.Multicall3,
        token: usdt,
        symbol: 'USDT',
        account,
        vault: contracts.EternoVault,
      });
    },
    { enabled: account !== undefined && usdt !== undefined },
  );
}
