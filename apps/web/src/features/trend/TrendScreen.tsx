import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '@eterno/protocol/amount';
import { figurePrice } from '@eterno/protocol/figure';
import {
  CANDLE_INTERVAL_NAMES,
  CANDLE_PAIRS,
  type CandleInterval,
  type CandlePair,
} from '@eterno/protocol/trend/candles';
import type { CandlePage } from '../../api/candles.ts';
import { readErrorText } from '../../chain/readErrorText.ts';
import { FigureText } from '../../components/FigureText.tsx';
import { ReadErrorCard } from '../../components/ReadErrorCard.tsx';
import { TokenIcon } from '../../components/TokenIcon.tsx';
import { chartCandles, chartVolumes, lastMove } from './chartData.ts';
import { TrendChart } from './TrendChart.tsx';
import { useCandles } from './useCandles.ts';
import '../../screens/screens.css';
import '../home/home.css';
import './trend.css';

const pick = <T extends string>(values: readonly T[], value: string | null): T =>
  values.find((v) => v === value) ?? values[0]!;

/** "+1.23%" from basis points (bigint, truncated toward zero). */
const percent = (bps: bigint): string => `${bps >= 0n ? '+' : '-'}${formatAmount(bps < 0n ? -bps : bps, 2)}%`;

/** Home › TREND as it renders a read: pair and interval switches, the last price, the chart or an empty state. */
export function TrendView({
  pair,
  interval,
  onPair,
  onInterval,
  read,
}: {
  pair: CandlePair;
  interval: CandleInterval;
  onPair: (pair: CandlePair) => void;
  onInterval: (interval: CandleInterval) => void;
  read: { data: CandlePage | undefined; error: unknown; retry: () => void };
}) {
  const { t } = useTranslation(['home', 'common', 'errors']);
  const tt = t as (key: string) => string;
  const { data, error, retry } = read;
  const page = data?.pair === pair && data.interval === interval ? data : undefined;
  const failure = error && !page ? readErrorText(error, tt, 'home:trend.loadError') : null;
  const move = page ? lastMove(page.candles) : null;

  return (
    <section className="home-trend">
      <div className="trend-switches">
        <div className="segmented" role="tablist" aria-label={t('trend.pair')}>
          {CANDLE_PAIRS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              className="segment"
              aria-selected={p === pair}
              onClick={() => onPair(p)}
            >
              {t('trend.pairName', { token: p })}
            </button>
          ))}
        </div>
        <div className="segmented trend-intervals" role="tablist" aria-label={t('trend.interval')}>
          {CANDLE_INTERVAL_NAMES.map((i) => (
            <button
              key={i}
              type="button"
              role="tab"
              className="segment"
              aria-selected={i === interval}
              onClick={() => onInterval(i)}
            >
              {t(`trend.intervals.${i}`)}
            </button>
          ))}
        </div>
      </div>

      <article className="trend-card">
        <header className="trend-head">
          <TokenIcon symbol={pair} />
          <div>
            <span className="trend-label">{t('trend.lastLabel', { token: pair })}</span>
            {move ? (
              <strong className="price-value">
                <FigureText figure={figurePrice(move.close)} testId="trend-last" align="start" />
              </strong>
            ) : page ? (
              <strong className="price-value">—</strong>
            ) : (
              <span className="skeleton figure-skeleton" aria-busy="true" />
            )}
          </div>
          {move ? (
            <span
              className={`trend-change ${move.changeBps >= 0n ? 'trend-up' : 'trend-down'}`}
              data-testid="trend-change"
              title={t('trend.changeHint')}
            >
              {percent(move.changeBps)}
            </span>
          ) : null}
        </header>

        {failure ? (
          <ReadErrorCard failure={failure} onRetry={retry} />
        ) : page === undefined ? (
          <div className="trend-chart skeleton" aria-busy="true" />
        ) : page.candles.length === 0 ? (
          <p className="trend-empty" data-testid="trend-empty">
            {t('trend.noTrades', { token: pair })}
          </p>
        ) : (
          <TrendChart candles={chartCandles(page.candles)} volumes={chartVolumes(page.candles)} />
        )}
        <p className="trend-note">{t('trend.source', { token: pair })}</p>
        <p className="trend-note" data-testid="trend-vs-spot">
          {t('trend.vsSpot')}
        </p>
      </article>
    </section>
  );
}

/** Home › TREND (spec §2): price candles of ETRO and FON from the indexer; pair and interval in the URL. */
export default function TrendScreen() {
  const [search, setSearch] = useSearchParams();
  const pair = pick(CANDLE_PAIRS, search.get('pair'));
  const interval = pick(CANDLE_INTERVAL_NAMES, search.get('interval'));
  const read = useCandles(pair, interval);
  const go = (next: { pair: CandlePair; interval: CandleInterval }) =>
    setSearch({ pair: next.pair, interval: next.interval }, { replace: true });
  return (
    <TrendView
      pair={pair}
      interval={interval}
      onPair={(p) => go({ pair: p, interval })}
      onInterval={(i) => go({ pair, interval: i })}
      read={read}
    />
  );
}
