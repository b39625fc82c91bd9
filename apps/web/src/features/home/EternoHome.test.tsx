// @vitest-environment jsdom
import '../../i18n/index.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEther } from 'viem';
import { MulticallCallError } from '@eterno/protocol/multicall';
import type { MarketView } from '@eterno/protocol/market';
import { NO_LIQUIDITY } from '@eterno/protocol/pair';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { setLanguage } from '../../i18n/index.ts';
import { EternoHomeView } from './EternoHome.tsx';

/** The seeded market after some trading: prices that show truncation, not round numbers. */
function market(overrides: Partial<MarketView> = {}): MarketView {
  return {
    blockNumber: 1234n,
    etroPrice: { kind: 'value', value: 509_980_039_920_159_680n },
    fonPrice: { kind: 'value', value: parseEther('2') },
    lp: {
      totalSupply: parseEther('708520.99') + 123n,
      usdtReserve: parseEther('511000.123456789'),
      etroReserve: parseEther('1002000'),
      etroPerLp: { kind: 'value', value: 1_414_213_562_373_095_048n },
    },
    elp: { usdt: parseEther('500000'), other: parseEther('500000') },
    fonPair: { usdt: parseEther('2000'), other: parseEther('1000') },
    usdtValue: { onChain: parseEther('1011000.123456789'), declared: 0n, total: parseEther('1011000.123456789') },
    etroValue: {
      kind: 'value',
      value: {
        totalSupply: parseEther('100000000'),
        onChain: parseEther('50998003.992015968'),
        declaredEtro: 0n,
        declared: 0n,
        total: parseEther('50998003.992015968'),
      },
    },
    staking: {
      ETRO: { reserve: parseEther('1000000'), available: parseEther('999000') },
      EULP: { reserve: parseEther('1000000'), available: parseEther('1000000') },
    },
    farm: { emitted: parseEther('12345.5'), totalEmission: parseEther('5000000') },
    ...overrides,
  };
}

function renderRead(read: Partial<BlockRead<MarketView>>) {
  const retry = vi.fn();
  render(<EternoHomeView read={{ data: undefined, error: null, loading: false, retry, ...read }} />);
  return { retry };
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(async () => {
  await setLanguage('en');
});

describe('EternoHomeView', () => {
  it('shows every figure short enough for a phone (4 significant digits for prices, 2 decimals from 1,000, M from a million)', () => {
    renderRead({ data: market() });
    expect(shown('price-ETRO')).toBe('0.51');
    expect(screen.getByTestId('price-ETRO').getAttribute('data-exact')).toBe('0.50998003992');
    expect(shown('price-FON')).toBe('2');
    expect(shown('lp-totalSupply')).toBe('708,520.99');
    expect(shown('lp-usdtReserve')).toBe('511,000.12');
    expect(shown('lp-etroReserve')).toBe('1 M');
    expect(shown('lp-etroPerLp')).toBe('1.4142');
    expect(shown('value-usdt-total')).toBe('1.01 M USDT');
    expect(shown('value-etro-total')).toBe('50.99 M USDT');
    // Each value once: the line under the total says what it is, without the figure again.
    expect(screen.queryByTestId('value-usdt-onchain')).toBeNull();
    expect(screen.queryByTestId('value-etro-onchain')).toBeNull();
    expect(shown('value-usdt-basis')).toBe('The USDT held in the EULP and ELP pools');
    expect(shown('value-etro-basis')).toBe('All 100 M ETRO at the pair price');
    expect(shown('staking-ETRO-reserve')).toBe('1 M ETRO');
    expect(shown('staking-ETRO-available')).toBe('999,000 ETRO');
    expect(shown('staking-EULP-available')).toBe('1 M ETRO');
    expect(shown('farm-emitted')).toBe('12,345.5 of 5 M ETRO emitted');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    const chip = screen.getByTestId('block-chip');
    expect(chip.textContent).toBe('Block #1234');
    expect(chip.getAttribute('data-block')).toBe('1234');
  });

  it('shows the exact value of a shortened figure on tap', () => {
    renderRead({ data: market() });
    const total = screen.getByTestId('value-etro-total');
    expect(total.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(total);
    expect(total.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Exact: 50,998,003.992015 USDT');
    fireEvent.click(total);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no declared line while the operator declares nothing', () => {
    renderRead({ data: market() });
    expect(screen.queryByTestId('value-usdt-declared')).toBeNull();
    expect(screen.queryByTestId('value-etro-declared')).toBeNull();
    expect(screen.queryByText('Declared')).toBeNull();
  });

  it('shows declared amounts as their own labelled lines, and the totals that include them', () => {
    renderRead({
      data: market({
        usdtValue: { onChain: parseEther('1000'), declared: parseEther('6000000'), total: parseEther('6001000') },
        etroValue: {
          kind: 'value',
          value: {
            totalSupply: parseEther('100'),
            onChain: parseEther('50'),
            declaredEtro: parseEther('104200'),
            declared: parseEther('52100'),
            total: parseEther('52150'),
          },
        },
      }),
    });
    expect(shown('value-usdt-declared')).toBe('6 M');
    expect(shown('value-usdt-onchain')).toBe('1,000');
    expect(shown('value-usdt-total')).toBe('6 M USDT');
    expect(screen.getByText(/Off-chain USDT declared by the operator/)).toBeTruthy();
    expect(shown('value-etro-declared')).toBe('52,100');
    expect(screen.getByText(/104,200 ETRO declared by the operator, at the pair price/)).toBeTruthy();
    expect(shown('value-etro-total')).toBe('52,150 USDT');
    expect(screen.getAllByText('Declared')).toHaveLength(2);
    expect(screen.getByText(/the chain cannot confirm them/)).toBeTruthy();
  });

  it('says "No liquidity" where a price would need an empty pair', () => {
    renderRead({
      data: market({
        etroPrice: NO_LIQUIDITY,
        lp: { totalSupply: 0n, usdtReserve: 0n, etroReserve: 0n, etroPerLp: NO_LIQUIDITY },
        etroValue: NO_LIQUIDITY,
      }),
    });
    expect(shown('price-ETRO')).toBe('No liquidity');
    expect(shown('lp-etroPerLp')).toBe('No liquidity');
    expect(shown('value-etro-total')).toBe('No liquidity');
    expect(shown('lp-totalSupply')).toBe('0');
    expect(shown('price-FON')).toBe('2');
  });

  it('shows skeletons, no figures and no block chip while the first read loads', () => {
    renderRead({ loading: true });
    expect(screen.getByTestId('price-ETRO').classList.contains('skeleton')).toBe(true);
    expect(screen.getByTestId('lp-usdtReserve').textContent).toBe('');
    expect(screen.queryByTestId('block-chip')).toBeNull();
    expect(document.querySelector('.home-eterno')?.getAttribute('aria-busy')).toBe('true');
  });

  it('shows a failed first read as an error card whose retry reads again', () => {
    const error = new MulticallCallError({
      index: 3,
      target: '0x0000000000000000000000000000000000000001',
      label: 'ELP.getReserves',
      failure: 'REVERTED',
      returnData: '0x',
    });
    const { retry } = renderRead({ error });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not read from the chain, please try again');
    expect(alert.textContent).toContain('ELP.getReserves');
    expect(screen.queryByTestId('price-ETRO')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the last figures on screen with a note when a later read fails', () => {
    renderRead({ data: market(), error: new Error('socket hang up') });
    expect(shown('price-ETRO')).toBe('0.51');
    expect(screen.getByRole('status').textContent).toBe('The market figures could not be read from the chain.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await setLanguage('zh');
    renderRead({ data: market({ etroPrice: NO_LIQUIDITY }) });
    expect(screen.getByText('ETERNO 行情')).toBeTruthy();
    expect(shown('price-ETRO')).toBe('暂无流动性');
    expect(shown('value-etro-total')).toBe('5099.8万 USDT');
    expect(screen.getByTestId('block-chip').textContent).toBe('区块 #1234');
  });
});
