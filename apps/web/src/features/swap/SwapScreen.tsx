import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Hash } from 'viem';
import type { SwapDirection } from '@eterno/protocol/swap/readSwap';
import { readErrorText } from '../../chain/readErrorText.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { currentHash } from '../../tx/txState.ts';
import { LockCard } from '../lock/LockCard.tsx';
import { durationText } from './format.ts';
import { quoteAmount } from './swapForm.ts';
import { SwapPanel } from './SwapPanel.tsx';
import { TradeRecords } from './TradeRecords.tsx';
import { useDeadline } from './useDeadline.ts';
import { useDebounced } from './useDebounced.ts';
import { useLockClaim } from '../lock/useLockClaim.ts';
import { useSlippage } from './useSlippage.ts';
import { useSwapRead } from './useSwapRead.ts';
import { useSwapTrade } from './useSwapTrade.ts';
import { useTrades } from './useTrades.ts';
import '../assets/assets.css';
import '../../screens/screens.css';
import './swap.css';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';

/** How long the amount must stay unchanged before it is quoted. */
const QUOTE_DEBOUNCE_MS = 300;

/** Assets › swap: buy ETRO with USDT (6 % fee, locked 24 h) or sell it, the lock balance with Claim, and the trades. */
export default function SwapScreen() {
  const { t } = useTranslation(['swap', 'common', 'errors', 'lock']);
  const { account } = useWallet();
  const [direction, setDirection] = useState<SwapDirection>('buy');
  const [text, setText] = useState('');
  const [slippageBps, setSlippageBps] = useSlippage();
  const [deadlineMinutes, setDeadlineMinutes] = useDeadline();
  const amount = useDebounced(quoteAmount(text), QUOTE_DEBOUNCE_MS);
  const read = useSwapRead(account, direction, amount);
  const trade = useSwapTrade();
  const claim = useLockClaim();
  const [awaitHash, setAwaitHash] = useState<Hash | null>(null);
  const trades = useTrades(account, awaitHash);
  const { data, error, retry } = read;
  const errorText = (caught: unknown) => readErrorText(caught, t as (key: string) => string, 'swap:loadError');
  const failure = error && !data ? errorText(error) : null;

  // The user's confirmed trade: the trade lists look for it until the indexer has it.
  const tradeHash = trade.tx.state.phase === 'confirmed' ? currentHash(trade.tx.state) : undefined;
  useEffect(() => {
    if (tradeHash) setAwaitHash(tradeHash);
  }, [tradeHash]);

  return (
    <section className="swap-screen" aria-busy={read.loading}>
      <header className="card-heading">
        <h2>{t('swap:title')}</h2>
        {data ? <BlockChip blockNumber={data.blockNumber} /> : null}
      </header>

      {failure ? (
        <ReadErrorCard failure={failure} onRetry={retry} />
      ) : (
        <>
          <SwapPanel
            direction={direction}
            onDirection={setDirection}
            text={text}
            onText={setText}
            slippageBps={slippageBps}
            onSlippage={setSlippageBps}
            deadlineMinutes={deadlineMinutes}
            onDeadline={setDeadlineMinutes}
            data={data}
            tx={trade.tx}
            onTrade={trade.trade}
          />
          {error && data ? (
            <p className="stale-note" role="status">
              {errorText(error).message}
            </p>
          ) : null}
          <LockCard
            lock={data?.lock}
            emptyNote={t('lock:empty', { duration: data ? durationText(t, data.vestingDuration) : '…' })}
            tx={claim.tx}
            onClaim={(claimable) => void claim.claim(claimable)}
          />
        </>
      )}

      <TradeRecords lists={trades} account={account} />
    </section>
  );
}
