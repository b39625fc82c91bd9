import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePublicClient, useWatchBlockNumber } from 'wagmi';
import { reportBlockWatchError, setBlockWatchDown } from '../../chain/blockWatch.ts';
import { useTranslation } from 'react-i18next';
import { networkStatusOf, watchNetwork, type NetworkStatus } from './networkStatus.ts';
import './network.css';

/** The test id of the banner (the e2e suites check it is really visible). */
export const NETWORK_BANNER_TEST_ID = 'network-banner';

/** The one line the app shows while the server or the chain cannot be reached (none otherwise). */
export function NetworkBannerView({ status, onRetry }: { status: NetworkStatus; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (!status.server && !status.chain) return null;
  const which = status.server && status.chain ? 'both' : status.server ? 'server' : 'chain';
  return (
    <div className="network-banner" role="status" aria-live="polite" data-testid={NETWORK_BANNER_TEST_ID}>
      <p>
        <strong>{t(`network.unreachable.${which}`)}</strong> {t('network.retrying')}
      </p>
      <button type="button" className="network-banner-retry" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** A new block: the chain answers again. */
const blockArrived = () => setBlockWatchDown(false);

/**
 * The banner over the signed-in screens, fed by their reads and the chain's block watch
 * (./networkStatus.ts, chain/blockWatch.ts).
 */
export function NetworkBanner() {
  const client = useQueryClient();
  const chain = usePublicClient();
  useWatchBlockNumber({ onBlockNumber: blockArrived, onError: reportBlockWatchError });
  const [status, setStatus] = useState<NetworkStatus>(() => networkStatusOf(client));
  const watch = useRef<ReturnType<typeof watchNetwork>>(undefined);
  useEffect(() => {
    const probe = chain ? () => chain.getBlockNumber({ cacheTime: 0 }) : undefined;
    watch.current = watchNetwork(client, setStatus, probe);
    return watch.current.stop;
  }, [client, chain]);
  return <NetworkBannerView status={status} onRetry={() => void watch.current?.retryNow()} />;
}
