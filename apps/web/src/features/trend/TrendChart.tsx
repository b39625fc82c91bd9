/**
 * The TREND chart, drawn by TradingView's lightweight-charts (candles and USDT volume; pinch, drag
 * and tap on touch screens). This module is imported lazily by TrendScreen, so the library is a
 * chunk of its own, fetched only when the tab opens (bench: web.trend_chart_gzip_kb). The
 * library's TradingView attribution logo stays on (its licence asks for it).
 */
import { CandlestickSeries, ColorType, createChart, HistogramSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Candle } from '../../api/candles.ts';
import { chartCandles, chartVolumes } from './chartData.ts';

const UP = '#34d399';
const DOWN = '#f87171';

export default function TrendChart({ candles }: { candles: readonly Candle[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof createChart> | null>(null);
  const series = useRef<{
    price: ReturnType<ReturnType<typeof createChart>['addSeries']>;
    volume: ReturnType<ReturnType<typeof createChart>['addSeries']>;
  } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const css = getComputedStyle(el);
    const c = createChart(el, {
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
    const price = c.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
      priceFormat: { type: 'price', precision: 6, minMove: 0.000001 },
    });
    const volume = c.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    c.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    chart.current = c;
    series.current = { price, volume };
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const s = series.current;
    if (s === null) return;
    s.price.setData(chartCandles(candles).map((c) => ({ ...c, time: c.time as UTCTimestamp })));
    s.volume.setData(
      chartVolumes(candles).map((v) => ({
        time: v.time as UTCTimestamp,
        value: v.value,
        color: v.up ? 'rgba(52, 211, 153, 0.35)' : 'rgba(248, 113, 113, 0.35)',
      })),
    );
    chart.current?.timeScale().fitContent();
  }, [candles]);

  return <div ref={box} className="trend-chart" data-testid="trend-chart" data-candles={candles.length} />;
}
