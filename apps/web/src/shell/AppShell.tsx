import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { WagmiProvider } from 'wagmi';
import { getConnection, reconnect } from 'wagmi/actions';
import { loginUrlFor } from '../app/guard.ts';
import { queryClient } from '../chain/queryClient.ts';
import { createWagmiConfig } from '../chain/wagmiConfig.ts';
import { getConfig } from '../config.ts';
import { clearSession, getSession, subscribeSession } from '../session/session.ts';
import { restoreWallet, type RestoredWallet } from '../wallet/restore.ts';
import { Toaster } from '../components/toast/Toaster.tsx';
import { NetworkBanner } from '../features/network/NetworkBanner.tsx';
import { PendingChangesBanner } from '../features/pending/PendingChangesBanner.tsx';
import { Header } from './Header.tsx';
import { PageSkeleton } from './PageSkeleton.tsx';
import { TabBar } from './TabBar.tsx';
import { WalletContext } from './walletContext.ts';
import './shell.css';

type Restore = { status: 'restoring' } | { status: 'ready'; wallet: RestoredWallet } | { status: 'lost' };

/**
 * The signed-in app (spec §2): restores the wallet of the session, then provides wagmi and
 * TanStack Query to the pages, with the header (and under it the banner of changes pending on
 * chain, docs/decisions/security.md) and the bottom tab bar around them. Without a
 * wallet the session ends and the user goes back to /login, keeping the target.
 */
export default function AppShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const wagmiConfig = useMemo(() => createWagmiConfig({ rpcUrl: getConfig().rpcUrl }), []);
  const [restore, setRestore] = useState<Restore>({ status: 'restoring' });
  const target = `${location.pathname}${location.search}${location.hash}`;
  const targetRef = useRef(target);
  useEffect(() => {
    targetRef.current = target;
  }, [target]);

  useEffect(() => {
    let active = true;
    restoreWallet().then(
      (wallet) => {
        if (!active) return;
        setRestore(wallet ? { status: 'ready', wallet } : { status: 'lost' });
      },
      () => {
        if (active) setRestore({ status: 'lost' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (restore.status !== 'lost') return;
    clearSession();
    navigate(loginUrlFor(target), { replace: true });
  }, [restore.status, navigate, target]);

  useEffect(
    () =>
      subscribeSession((session) => {
        if (!session) navigate(loginUrlFor(targetRef.current), { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    if (restore.status !== 'ready') return;
    if (getConnection(wagmiConfig).status === 'connected') return;
    // The wallet already shared this account (restoreWallet checked eth_accounts): reconnecting asks nothing.
    reconnect(wagmiConfig).catch((error: unknown) => {
      console.warn('wagmi could not connect the restored wallet', error);
    });
  }, [restore.status, wagmiConfig]);

  const address = restore.status === 'ready' ? restore.wallet.account : getSession()?.address;

  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <div className="shell">
          <Header address={address} />
          <PendingChangesBanner />
          <NetworkBanner />
          <main className="shell-main">
            {restore.status === 'ready' ? (
              <WalletContext.Provider value={restore.wallet}>
                <Suspense fallback={<PageSkeleton />}>
                  <Outlet />
                </Suspense>
              </WalletContext.Provider>
            ) : (
              <PageSkeleton />
            )}
          </main>
          <TabBar />
          <Toaster />
        </div>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
