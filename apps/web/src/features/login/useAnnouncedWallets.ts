import { useEffect, useState } from 'react';
import { getBootConfig } from '../../config.ts';
import { announceDemoWalletIfAllowed } from '../../wallet/demoWalletGate.ts';
import { watchAnnouncedProviders, type Eip6963ProviderDetail } from '../../wallet/eip6963.ts';

/** The EIP-6963 wallets announced in this page (the local demo wallet included when allowed). */
export function useAnnouncedWallets(): readonly Eip6963ProviderDetail[] {
  const [wallets, setWallets] = useState<readonly Eip6963ProviderDetail[]>([]);
  useEffect(() => {
    const watcher = watchAnnouncedProviders(window, setWallets);
    announceDemoWalletIfAllowed({ config: getBootConfig(), win: window }).catch((error: unknown) => {
      console.warn('demo wallet not available', error);
    });
    return watcher.stop;
  }, []);
  return wallets;
}
