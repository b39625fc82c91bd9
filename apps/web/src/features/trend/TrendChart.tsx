/**
 * The TREND chart, drawn by TradingView's lightweight-charts (candles and USDT volume; pinch, drag
 * and tap on touch screens). The library is imported dynamically when this component mounts, so it
 * is a chunk of its own (and only the library: no React nor app module in it, so adding it changes no
 * other chunk), fetched only when the tab draws candles (bench: web.trend_chart_gzip_kb). The
 * library's TradingView attribution logo stays on (its licence asks for it).
 */
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartCandle, ChartVolume } from './chartData.ts';

const UP = '#34d399';
const DOWN = '#f87171';

type Drawn = { chart: IChartApi; price: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> };

/** `candles` and `volumes` as chartData.ts plots them (the only place a price becomes a number). */
export function TrendChart({ candles, volumes }: { candles: readonly ChartCandle[]; volumes: readonly ChartVolume[] }) {
  const { t } = useTranslation('home');
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let chart: IChartApi | null = null;
    import('lightweight-charts').then(
      ({ CandlestickSeries, ColorType, createChart, HistogramSeries }) => {
        const el = box.current;
        if (cancelled || el === null) return;
        const css = getComputedStyle(el);
        chart = createChart(el, {
          autoSize: true,
          layout: {
            // A solid colour (the card's), so the attribution logo picks its light variant on this dark theme.
            background: { type: ColorType.Solid, color: css.getPropertyValue('--card').trim() || '#111a2e' },
            textColor: css.getPropertyValue('--muted').trim() || '#8b96b0',
            attributionLogo: true,
          },
          grid: {
            vertLines: { color: 'rgba(148, 163, 184, 0.08)' },
            horzLines: { color: 'rgba(148, 163, 184, 0.08)' },
          },
          rightPriceScale: { borderVisible: false },
          timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        });
        const price = chart.addSeries(CandlestickSeries, {
          upColor: UP,
          downColor: DOWN,
          wickUpColor: UP,
          wickDownColor: DOWN,
          borderVisible: false,
          priceFormat: { type: 'price', precision: 6, minMove: 0.000001 },
        });
        const volume = chart.addSeries(HistogramSeries, {
          priceScaleId: 'volume',
          priceFormat: { type: 'volume' },
          lastValueVisible: false,
          priceLineVisible: false,
        });
        chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
        setDrawn({ chart, price, volume });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      chart?.remove();
    };
  }, []);

  useEffect(() => {
    if (drawn === null) return;
    drawn.price.setData(candles.map((c) => ({ ...c, time: c.time as UTCTimestamp })));
    drawn.volume.setData(
      volumes.map((v) => ({
        time: v.time as UTCTimestamp,
        value: v.value,
        color: v.up ? 'rgba(52, 211, 153, 0.35)' : 'rgba(248, 113, 113, 0.35)',
      })),
    );
    drawn.chart.timeScale().fitContent();
  }, [drawn, candles, volumes]);

  if (failed) {
    return (
      <p className="trend-empty" role="alert">
        {t('trend.chartError')}
      </p>
    );
  }
  return (
    <div
      ref={box}
      className={drawn === null ? 'trend-chart skeleton' : 'trend-chart'}
      aria-busy={drawn === null}
      data-testid="trend-chart"
      data-candles={drawn === null ? undefined : candles.length}
    />
  );
}
