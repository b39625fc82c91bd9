import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLiquidityPair, LIQUIDITY_PAIRS, type LiquidityPair } from '@eterno/protocol/liquidity/pairs';
import { quoteRemoveLiquidity } from '@eterno/protocol/liquidity/quoteRemove';
import { readErrorText } from '../../chain/readErrorText.ts';
import { BlockChip } from '../../components/BlockChip.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { useWallet } from '../../shell/walletContext.ts';
import { DeadlineSetting } from '../swap/DeadlineSetting.tsx';
import { SlippageSetting } from '../swap/SlippageSetting.tsx';
import { useDeadline } from '../swap/useDeadline.ts';
import { useSlippage } from '../swap/useSlippage.ts';
import { AddLiquidityForm } from './AddLiquidityForm.tsx';
import { amountText, shareText } from './format.ts';
import { RemoveLiquidityForm } from './RemoveLiquidityForm.tsx';
import { useLiquidityRead } from './useLiquidityRead.ts';
import { useAddLiquidity, useRemoveLiquidity } from './useLiquidityTx.ts';
import '../../screens/screens.css';
import '../swap/swap.css';
import './liquidity.css';

const PAIRS = Object.keys(LIQUIDITY_PAIRS) as LiquidityPair[];
const TABS = ['add', 'remove'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/assets/overview/liquidity?pair=eulp|elp[&tab=remove]`: add liquidity to EULP (ETRO/USDT) or ELP
 * (EUSD/USDT) through the Uniswap V2 router, or remove it; the swap's slippage and deadline settings;
 * the user's position in the pool.
 */
export default function LiquidityScreen() {
  const { t } = useTranslation(['liquidity', 'common', 'errors']);
  const { account } = useWallet();
  const [params, setParams] = useSearchParams();
  const requested = params.get('pair')?.toUpperCase();
  const pair: LiquidityPair = isLiquidityPair(requested) ? requested : 'EULP';
  const tab: Tab = params.get('tab') === 'remove' ? 'remove' : 'add';
  const read = useLiquidityRead(account, pair);
  const add = useAddLiquidity();
  const remove = useRemoveLiquidity();
  const [slippageBps, setSlippageBps] = useSlippage();
  const [deadlineMinutes, setDeadlineMinutes] = useDeadline();
  const [slippageInvalid, setSlippageInvalid] = useState(false);
  const [deadlineInvalid, setDeadlineInvalid] = useState(false);
  const { data, error, retry } = read;
  const current = data?.pair === pair ? data : undefined;
  const errorText = (caught: unknown) => readErrorText(caught, t as (key: string) => string, 'liquidity:loadError');
  const failure = error && !data ? errorText(error) : null;
  const busy = add.tx.busy || remove.tx.busy;
  const names = LIQUIDITY_PAIRS[pair];
  const settings = { slippageBps, deadlineMinutes, settingsInvalid: slippageInvalid || deadlineInvalid };

  const go = (next: { pair?: LiquidityPair; tab?: Tab }) => {
    add.tx.reset();
    remove.tx.reset();
    const nextPair = next.pair ?? pair;
    const nextTab = next.tab ?? tab;
    setParams({ pair: nextPair.toLowerCase(), ...(nextTab === 'remove' ? { tab: 'remove' } : {}) }, { replace: true });
  };

  const position = current ? quoteRemoveLiquidity(current.holdings, current.balances.LP) : null;
  const positionShare = position ? shareText(position.shareBps, position.liquidity > 0n) : null;

  return (
    <section className="liquidity-screen" aria-busy={read.loading} data-testid="liquidity-screen">
      <header className="card-heading">
        <h2>{t('liquidity:title')}</h2>
        {current ? <BlockChip blockNumber={current.blockNumber} /> : null}
      </header>
      <p className="liquidity-intro">{t('liquidity:intro')}</p>

      <div className="pill-switch" role="group" aria-label={t('liquidity:pairLabel')}>
        {PAIRS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === pair ? 'pill-option pill-option-active' : 'pill-option'}
            aria-pressed={p === pair}
            disabled={busy}
            onClick={() => go({ pair: p })}
          >
            {t(`liquidity:pair.${p}`)}
          </button>
        ))}
      </div>

      <div className="segmented" role="tablist" aria-label={t('liquidity:tabsLabel')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === tab}
            className="segment"
            disabled={busy}
            onClick={() => go({ tab: name })}
          >
            {t(`liquidity:tabs.${name}`)}
          </button>
        ))}
      </div>

      {failure ? (
        <ReadErrorCard failure={failure} onRetry={retry} />
      ) : (
        <>
          {tab === 'add' ? (
            <AddLiquidityForm
              key={pair}
              pair={pair}
              account={account}
              data={current}
              settings={settings}
              tx={add.tx}
              onAdd={add.add}
            />
          ) : (
            <RemoveLiquidityForm
              key={pair}
              pair={pair}
              account={account}
              data={current}
              settings={settings}
              tx={remove.tx}
              onRemove={remove.remove}
            />
          )}
          <div className="swap-card liquidity-settings">
            <SlippageSetting bps={slippageBps} onChange={setSlippageBps} onInvalid={setSlippageInvalid} />
            <DeadlineSetting minutes={deadlineMinutes} onChange={setDeadlineMinutes} onInvalid={setDeadlineInvalid} />
          </div>
          {error && data ? (
            <p className="stale-note" role="status">
              {errorText(error).message}
            </p>
          ) : null}
        </>
      )}

      <section className="swap-card" aria-labelledby="liquidity-position" data-testid="position">
        <h3 id="liquidity-position">{t('liquidity:position.title')}</h3>
        <dl className="figure-list">
          <div>
            <dt>{t('liquidity:position.lp', { lp: pair })}</dt>
            <dd data-testid="position-lp">{current ? amountText(current.balances.LP, pair) : '…'}</dd>
          </div>
          {(['A', 'B'] as const).map((side) => {
            const symbol = side === 'A' ? names.tokenA : names.tokenB;
            return (
              <div key={side}>
                <dt>{t('liquidity:position.pooled', { symbol })}</dt>
                <dd data-testid={`position-${side.toLowerCase()}`}>
                  {position ? amountText(side === 'A' ? position.amountA : position.amountB, symbol) : '…'}
                </dd>
              </div>
            );
          })}
          <div>
            <dt>{t('liquidity:position.share')}</dt>
            <dd data-testid="position-share">
              {position
                ? positionShare === null
                  ? t('liquidity:quote.shareBelow')
                  : t('liquidity:quote.percent', { percent: positionShare })
                : '…'}
            </dd>
          </div>
        </dl>
      </section>
    </section>
  );
}
