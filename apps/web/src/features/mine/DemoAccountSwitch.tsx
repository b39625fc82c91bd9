import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@eterno/protocol/address';
import { getConfig } from '../../config.ts';
import { useWallet } from '../../shell/walletContext.ts';
import { DEMO_METHODS, DEMO_WALLET_RDNS, type DemoAccount } from '../../wallet/demoWalletGate.ts';
import { recallProviderKind } from '../../wallet/providerMemory.ts';

/** Whether this session signed in with the local demo wallet (the only wallet this switch can drive). */
export function signedInWithDemoWallet(storage: Storage = globalThis.sessionStorage): boolean {
  const kind = recallProviderKind(storage);
  return getConfig().demoWallet && kind?.type === 'eip6963' && kind.rdns === DEMO_WALLET_RDNS;
}

/**
 * Mine › Settings, local chain only: the demo wallet's accounts (the local seed's alice, bob, carol,
 * and two it leaves unregistered). Picking one switches the wallet like a real wallet's account
 * switch (accountsChanged → the page reloads, spec §4, and the other account signs in again), so a
 * demo user can try a market trade from both sides (docs/decisions/wallet-connection.md).
 */
export function DemoAccountSwitch() {
  const { t } = useTranslation('screens');
  const { provider } = useWallet();
  const accounts = useQuery({
    queryKey: ['demo-wallet', 'accounts'],
    queryFn: async () => (await provider.request({ method: DEMO_METHODS.accounts })) as DemoAccount[],
    staleTime: Infinity,
  });
  const seeded = getConfig().deployments.accounts ?? [];
  const labelOf = (account: DemoAccount) =>
    seeded.find((s) => s.address.toLowerCase() === account.address.toLowerCase())?.label ??
    t('mine.setting.demoAccount', { index: account.index });
  return (
    <section className="settings-item demo-accounts" data-testid="demo-accounts" aria-labelledby="demo-accounts-title">
      <h3 id="demo-accounts-title">{t('mine.setting.demoTitle')}</h3>
      <p>{t('mine.setting.demoHint')}</p>
      {accounts.data ? (
        <ul className="demo-account-list">
          {accounts.data.map((account) => (
            <li key={account.index}>
              <button
                type="button"
                className="demo-account"
                aria-pressed={account.selected}
                disabled={account.selected}
                data-testid={`demo-account-${account.index}`}
                onClick={() => void provider.request({ method: DEMO_METHODS.select, params: [account.index] })}
              >
                <span className="demo-account-label">{labelOf(account)}</span>
                <span className="demo-account-address">{shortenAddress(account.address)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <span className="skeleton skeleton-title" aria-hidden="true" />
      )}
    </section>
  );
}
