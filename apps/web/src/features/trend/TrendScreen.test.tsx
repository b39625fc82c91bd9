// @vitest-environment jsdom
import '../../i18n/index.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle, CandlePage } from '../../api/candles.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../session/ApiError.ts';
import { TrendView } from './TrendScreen.tsx';

// The chart itself draws on a canvas (e2e/tests/trend.e2e.test.ts checks it in Chromium); here a
// stand-in shows what it was given.
vi.mock('./TrendChart.tsx', () => ({
  TrendChart: ({ candles }: { candles: readonly unknown[] }) => <div data-testid="trend-chart">{candles.length}</div>,
}));

const candle = (time: number, open: bigint, close: bigint): Candle => ({
  time,
  open,
  high: open > close ? open : close,
  low: open < close ? open : close,
  close,
  volumeToken: 10n ** 18n,
  volumeUsdt: 10n ** 18n,
  trades: 2,
});

const PAGE: CandlePage = {
  pair: 'ETRO',
  interval: '1h',
  candles: [
    candle(3600, 500_000_000_000_000_000n, 510_000_000_000_000_000n),
    candle(7200, 510_000_000_000_000_000n, 509_980_039_920_159_680n),
  ],
  nextBefore: null,
};

function renderView(read: { data?: CandlePage; error?: unknown }, pair: 'ETRO' | 'FON' = 'ETRO') {
  const onPair = vi.fn();
  const onInterval = vi.fn();
  const retry = vi.fn();
  render(
    <TrendView
      pair={pair}
      interval="1h"
      onPair={onPair}
      onInterval={onInterval}
      read={{ data: read.data, error: read.error ?? null, retry }}
    />,
  );
  return { onPair, onInterval, retry };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('Home › TREND', () => {
  it('shows the last close (4 significant digits, the exact one on tap), the change and the chart', async () => {
    renderView({ data: PAGE });
    expect(screen.getByTestId('trend-last').textContent).toBe('0.51');
    fireEvent.click(screen.getByTestId('trend-last'));
    expect(screen.getByRole('status').textContent).toBe('Exact: 0.50998003992');
    expect(screen.getByTestId('trend-vs-spot').textContent).toMatch(/^This is the price of the last trade/);
    expect(screen.getByTestId('trend-change').textContent).toBe('+1.99%');
    expect((await screen.findByTestId('trend-chart')).textContent).toBe('2');
  });

  it('says so when the pair has no trades, and draws no chart', () => {
    renderView({ data: { ...PAGE, pair: 'FON', candles: [] } }, 'FON');
    expect(screen.getByTestId('trend-empty').textContent).toBe(
      'No trades on the FON/USDT pair yet. The chart waits for the first swap on the pair (a buy or a sell in Assets › Swap, or any swap on the pair); its candles appear a few seconds after it.',
    );
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('does not show one pair’s candles under the other', () => {
    renderView({ data: PAGE }, 'FON');
    expect(screen.queryByTestId('trend-last')).toBeNull();
    expect(screen.queryByTestId('trend-chart')).toBeNull();
  });

  it('switches pair and interval', () => {
    const { onPair, onInterval } = renderView({ data: PAGE });
    fireEvent.click(screen.getByRole('tab', { name: 'FON/USDT' }));
    fireEvent.click(screen.getByRole('tab', { name: '1D' }));
    expect(onPair).toHaveBeenCalledWith('FON');
    expect(onInterval).toHaveBeenCalledWith('1d');
    expect(screen.getByRole('tab', { name: 'ETRO/USDT' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a failed load in the user’s language with Retry', async () => {
    await setLanguage('zh');
    const { retry } = renderView({ error: new ApiError('INTERNAL', 'boom', 500) });
    expect(screen.getByRole('alert').textContent).toContain('boom');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: '1小时' })).toBeTruthy();
  });

  it('waits quietly while the server cannot be reached: no raw text, the network banner retries', async () => {
    await setLanguage('zh');
    renderView({ error: new ApiError('NETWORK_ERROR', 'fetch failed', 0) });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('read-waiting').textContent).toBe('正在等待连接…');
    expect(document.body.textContent).not.toContain('fetch failed');
  });
});
