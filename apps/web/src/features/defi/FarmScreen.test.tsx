// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { parseEther } from 'viem';
import { MulticallCallError } from '@eterno/protocol/farm/readFarm';
import type { FarmView } from '@eterno/protocol/farm/readFarm';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { IDLE } from '../../tx/txState.ts';
import { FarmContent, type FarmActions } from './FarmScreen.tsx';
import { FIXTURE_FARM, fixtureFarm } from './farmFixture.ts';

function actions(overrides: Partial<FarmActions> = {}): FarmActions {
  const idle = { state: IDLE, busy: false };
  return {
    deposit: { tx: idle, run: vi.fn(async () => 'confirmed' as const) },
    withdraw: { tx: idle, run: vi.fn(async () => 'confirmed' as const) },
    harvest: { tx: idle, run: vi.fn(async () => 'confirmed' as const) },
    reset: vi.fn(),
    ...overrides,
  };
}

function renderFarm(read: Partial<BlockRead<FarmView>>, acts = actions(), path = '/ecology/defi') {
  const full: BlockRead<FarmView> = { data: undefined, error: null, loading: false, retry: vi.fn(), ...read };
  const router = createMemoryRouter(
    [{ path: '/ecology/defi', element: <FarmContent read={full} actions={acts} farm={FIXTURE_FARM} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return { router, read: full, actions: acts };
}

const pool = (symbol: 'EULP' | 'ELP') => within(screen.getByTestId(`pool-${symbol}`));

describe('DeFi screen states', () => {
  it('shows skeletons while the first read is loading', () => {
    renderFarm({ loading: true });
    expect(screen.queryByTestId('pool-EULP')).toBeNull();
    expect(screen.queryByTestId('mining-progress')).toBeNull();
    expect(document.querySelectorAll('.skeleton').length).toBe(3);
    expect(screen.getByRole('heading', { name: 'DeFi mining' })).toBeTruthy();
  });

  it('shows a failed read as an error with Retry, never as zeros', () => {
    const error = new MulticallCallError({
      index: 0,
      target: FIXTURE_FARM,
      label: 'EternoFarm.totalAllocPoint',
      failure: 'NO_DATA',
      returnData: '0x',
    });
    const { read } = renderFarm({ error });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Could not read from the chain, please try again')).toBeTruthy();
    expect(within(alert).getByText(/EternoFarm\.totalAllocPoint/)).toBeTruthy();
    expect(screen.queryByTestId('pending')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(read.retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the last figures and says the refresh failed', () => {
    renderFarm({ data: fixtureFarm(), error: new Error('network down') });
    expect(pool('EULP').getByTestId('pending').textContent).toBe('12.34567891');
    expect(screen.getByRole('status').textContent).toBe('Could not read the farm from the chain');
  });

  it('links each pool to the liquidity screen of its pair, where its LP is made', () => {
    renderFarm({ data: fixtureFarm() });
    const href = (symbol: 'EULP' | 'ELP') =>
      pool(symbol)
        .getByRole('link', { name: `Get ${symbol}: add liquidity ›` })
        .getAttribute('href');
    expect(href('EULP')).toBe('/assets/overview/liquidity?pair=eulp');
    expect(href('ELP')).toBe('/assets/overview/liquidity?pair=elp');
  });

  it('shows the 4 stages with the current one, the share mined and the block', () => {
    renderFarm({ data: fixtureFarm() });
    expect(screen.getByTestId('block-chip').textContent).toBe('Block #1080100');
    expect(['1', '2', '3', '4'].map((n) => screen.getByTestId(`stage-${n}`).getAttribute('data-status'))).toEqual([
      'done',
      'current',
      'upcoming',
      'upcoming',
    ]);
    const current = screen.getByTestId('stage-2');
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(within(current).getByText('3 ETRO')).toBeTruthy();
    expect(within(current).getByText('per block')).toBeTruthy();
    expect(within(current).getByText('Mining')).toBeTruthy();
    expect(screen.getByTestId('mining-percent').textContent).toBe('47.5%');
    expect(screen.getByText('4,104,000 / 8,640,000 ETRO mined')).toBeTruthy();
    const detail = screen.getByTestId('stage-detail').textContent;
    expect(detail).toContain('Blocks 864,100 – 1,728,099');
    expect(detail).toContain('25% of this stage’s blocks');
    expect(screen.getByTestId('mining-percent-hint').textContent).toBe('Share of all 4 stages’ ETRO mined so far');
    expect(detail).toContain('648,000 blocks left');
    expect(screen.getByTestId('etro-price').textContent).toBe('0.5 USDT');
  });

  it('shows each pool: APR (— when nothing is staked), TVL, staked, LP balance, pending', () => {
    renderFarm({ data: fixtureFarm([{ tvlUsdt: parseEther('14141.414141') }, {}]) });
    expect(pool('EULP').getByTestId('apr').textContent).toBe('> 10,000%');
    expect(pool('EULP').getByTestId('apr-note').textContent).toBe(
      'Above 10,000%: little is staked, and the rate falls as more is staked.',
    );
    expect(pool('EULP').getByTestId('tvl').textContent).toBe('≈ 14,141.41 USDT');
    expect(pool('EULP').getByTestId('staked').textContent).toBe('100 EULP');
    expect(pool('EULP').getByTestId('lp-balance').textContent).toBe('1,314.21356237 EULP');
    expect(pool('EULP').getByText('1.8 ETRO / block')).toBeTruthy();
    expect(pool('ELP').getByTestId('apr').textContent).toBe('—');
    expect(pool('ELP').getByTestId('apr-note').textContent).toBe('APR: — until someone stakes in this pool.');
    expect(pool('ELP').getByTestId('tvl').textContent).toBe('≈ 0 USDT');
  });

  it('shows no APR for a pool with under 1,000 USDT staked, and says why (never 1,784,279 %)', () => {
    renderFarm({ data: fixtureFarm() });
    expect(pool('EULP').getByTestId('apr').textContent).toBe('—');
    expect(pool('EULP').getByTestId('apr-note').textContent).toMatch(/^APR: — under 1,000 USDT staked/);
    expect(pool('EULP').getByTestId('tvl').textContent).toBe('≈ 141.41 USDT');
  });

  it('shows an APR under the cap as it is, with no note', () => {
    renderFarm({ data: fixtureFarm([{ tvlUsdt: parseEther('2000'), aprBps: 4_750n }, {}]) });
    expect(pool('EULP').getByTestId('apr').textContent).toBe('47.5%');
    expect(pool('EULP').queryByTestId('apr-note')).toBeNull();
    expect(pool('ELP').getByTestId('pending').textContent).toBe('0');
  });

  it('says "no liquidity" instead of a value when a pair is empty', () => {
    renderFarm({ data: fixtureFarm([{ tvlUsdt: null }, {}]) });
    expect(pool('EULP').getByTestId('tvl').textContent).toBe('no liquidity');
  });

  it('harvests the pool with its pending ETRO; Harvest is disabled while nothing is pending', () => {
    const { actions: acts } = renderFarm({ data: fixtureFarm() });
    expect((pool('ELP').getByRole('button', { name: 'Harvest' }) as HTMLButtonElement).disabled).toBe(true);
    expect((pool('ELP').getByRole('button', { name: 'Retrieve' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(pool('EULP').getByRole('button', { name: 'Harvest' }));
    expect(acts.harvest.run).toHaveBeenCalledTimes(1);
    expect((acts.harvest.run as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatchObject({ pid: 0, symbol: 'EULP' });
  });

  it('starts no other write while one runs', () => {
    const busy = { state: { ...IDLE, phase: 'pending' as const }, busy: true };
    renderFarm({ data: fixtureFarm() }, actions({ harvest: { tx: busy, run: vi.fn() } }));
    for (const name of ['Harvest', 'Stake LP', 'Retrieve']) {
      expect((pool('EULP').getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
  });

  it('opens Stake LP for the pool, with the figures of the latest block', () => {
    const { actions: acts } = renderFarm({ data: fixtureFarm() });
    fireEvent.click(pool('ELP').getByRole('button', { name: 'Stake LP' }));
    expect(acts.reset).toHaveBeenCalledWith('deposit');
    const dialog = screen.getByRole('dialog', { name: 'Stake ELP' });
    expect(within(dialog).getByTestId('defi-balance').textContent).toBe('Wallet: 0 ELP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('retrieves from the pool through the withdraw action', async () => {
    const { actions: acts } = renderFarm({ data: fixtureFarm() });
    fireEvent.click(pool('EULP').getByRole('button', { name: 'Retrieve' }));
    const dialog = screen.getByRole('dialog', { name: 'Retrieve EULP' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retrieve' }));
    await waitFor(() => expect(acts.withdraw.run).toHaveBeenCalledTimes(1));
    expect((acts.withdraw.run as ReturnType<typeof vi.fn>).mock.calls[0]?.[1]).toBe(40n * 10n ** 18n);
    expect(acts.deposit.run).not.toHaveBeenCalled();
  });

  it('opens the contract code view in ?view=code, loading the source on demand', async () => {
    const { router } = renderFarm({ data: fixtureFarm() });
    expect(screen.queryByTestId('farm-source')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View mining contract code' }));
    expect(router.state.location.search).toBe('?view=code');
    const sheet = await screen.findByRole('dialog', { name: 'Mining contract' });
    await within(sheet).findByTestId('farm-source', {}, { timeout: 10_000 });
    expect(within(sheet).getByTestId('farm-address').textContent).toBe(FIXTURE_FARM);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the code view from a link', async () => {
    renderFarm({ data: undefined, loading: true }, actions(), '/ecology/defi?view=code');
    await act(async () => {
      await screen.findByTestId('farm-source', {}, { timeout: 10_000 });
    });
    expect(screen.getByTestId('farm-address').textContent).toBe(FIXTURE_FARM);
  });
});
