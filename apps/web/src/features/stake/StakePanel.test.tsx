// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { getAddress, parseEther } from 'viem';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MulticallCallError } from '@eterno/protocol/multicall';
import type { StakeView } from '@eterno/protocol/stake/readStake';
import type { StakeRecord } from '@eterno/protocol/stake/records';
import { GlobalModal } from '../../components/modal/GlobalModal.tsx';
import { createModalStore } from '../../components/modal/modal.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import type { TxOutcome } from '../../tx/useTransaction.ts';
import { StakePanel, type StakePanelProps } from './StakePanel.tsx';
import type { IndexedOrders } from './history.ts';
import { lockProgress, NO_LOCK } from '@eterno/protocol/lock/lockProgress';

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const NOW = 1_800_000_000n;
const DAY = 86_400n;

function record(change: Partial<StakeRecord>): StakeRecord {
  return {
    id: 1n,
    amount: parseEther('300'),
    days: 30,
    rateBps: 100,
    reward: parseEther('3'),
    stakingTime: NOW - 10n * DAY,
    unlockTime: NOW + 20n * DAY,
    status: 'locked',
    timeLeft: { days: 20, hours: 0 },
    revenue: parseEther('1'),
    base: 0n,
    leave: { principal: parseEther('300'), reward: 0n, forfeited: parseEther('3'), early: true },
    ...change,
  };
}

const RECORDS: StakeRecord[] = [
  record({ id: 3n }),
  record({
    id: 2n,
    amount: parseEther('1000'),
    days: 60,
    rateBps: 250,
    reward: parseEther('25'),
    status: 'unlocked',
    timeLeft: null,
    revenue: parseEther('25'),
    leave: { principal: parseEther('1000'), reward: parseEther('25'), forfeited: 0n, early: false },
  }),
  record({ id: 1n, status: 'left', timeLeft: null, revenue: null, leave: null }),
];

function view(change: Partial<StakeView> = {}): StakeView {
  return {
    pool: 'ETRO',
    symbol: 'ETRO',
    token: address(1),
    staking: address(2),
    blockNumber: 77n,
    timestamp: NOW,
    balance: parseEther('20000'),
    allowance: 0n,
    minStakeAmount: parseEther('100'),
    periods: [
      { days: 30, rateBps: 100 },
      { days: 60, rateBps: 250 },
      { days: 90, rateBps: 400 },
      { days: 120, rateBps: 600 },
      { days: 150, rateBps: 800 },
      { days: 180, rateBps: 1000 },
      { days: 210, rateBps: 1200 },
      { days: 360, rateBps: 2400 },
    ],
    availableRewards: parseEther('1000000'),
    rewardReleaseDuration: 30n * DAY,
    accrual: 'daily',
    earlyExitAllowed: true,
    runningOrders: 0n,
    maxRunningOrders: 16n,
    records: RECORDS,
    lock: NO_LOCK,
    ...change,
  };
}

type Calls = {
  onPool: Mock<StakePanelProps['onPool']>;
  enter: Mock<StakePanelProps['enter']['run']>;
  leave: Mock<StakePanelProps['leave']['run']>;
  claim: Mock<StakePanelProps['claim']['run']>;
  retry: Mock<() => void>;
};

function renderPanel(
  opts: { data?: StakeView; error?: unknown; pool?: 'ETRO' | 'EULP'; history?: IndexedOrders } = {},
): Calls {
  const calls: Calls = {
    onPool: vi.fn<StakePanelProps['onPool']>(),
    enter: vi.fn<StakePanelProps['enter']['run']>(async (): Promise<TxOutcome> => 'confirmed'),
    leave: vi.fn<StakePanelProps['leave']['run']>(async (): Promise<TxOutcome> => 'confirmed'),
    claim: vi.fn<StakePanelProps['claim']['run']>(async (): Promise<TxOutcome> => 'confirmed'),
    retry: vi.fn<() => void>(),
  };
  const store = createModalStore();
  const error = opts.error ?? null;
  const props: StakePanelProps = {
    pool: opts.pool ?? 'ETRO',
    onPool: calls.onPool,
    read: { data: opts.data, error, loading: opts.data === undefined && error === null, retry: calls.retry },
    history: opts.history,
    enter: { tx: { state: IDLE, busy: false }, run: calls.enter },
    leave: { tx: { state: IDLE, busy: false }, run: calls.leave },
    claim: { tx: { state: IDLE, busy: false }, run: calls.claim },
    modal: store,
  };
  render(
    <MemoryRouter>
      <StakePanel {...props} />
      <GlobalModal store={store} />
    </MemoryRouter>,
  );
  return calls;
}

const amountInput = () => screen.getByTestId('stake-amount') as HTMLInputElement;
const type = (text: string) => fireEvent.change(amountInput(), { target: { value: text } });
const submit = () => fireEvent.click(screen.getByTestId('stake-submit'));
const problem = () => screen.queryByTestId('stake-problem');
const recordItem = (id: number) =>
  screen.getAllByTestId('stake-record').find((li) => li.dataset.id === String(id)) as HTMLElement;

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Finance › stake: states', () => {
  it('shows skeletons while the first read loads', () => {
    renderPanel();
    expect(screen.getByTestId('stake-loading')).toBeTruthy();
    expect(screen.getByTestId('stake-screen').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('stake-form')).toBeNull();
  });

  it('shows a failed read as an error with retry, never as zeros', () => {
    const error = new MulticallCallError({
      index: 3,
      target: address(2),
      label: 'StakingETRO.rates',
      failure: 'REVERTED',
      returnData: '0x',
    });
    const calls = renderPanel({ error });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not read from the chain');
    expect(alert.textContent).toContain('StakingETRO.rates');
    expect(screen.queryByTestId('stake-form')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(calls.retry).toHaveBeenCalledOnce();
  });

  it('switches the pool with the segmented control', () => {
    const calls = renderPanel({ data: view() });
    const etro = screen.getByRole('button', { name: 'ETRO' });
    expect(etro.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'EULP (LP)' }));
    expect(calls.onPool).toHaveBeenCalledWith('EULP');
  });

  it('shows the block, the reserve and the rules of the pool', () => {
    renderPanel({ data: view() });
    expect(screen.getByTestId('block-chip').dataset.block).toBe('77');
    expect(screen.getByTestId('stake-reserve').textContent).toBe('1,000,000 ETRO');
    expect(screen.getByText('Rewards accrue daily.')).toBeTruthy();
    expect(screen.getByText(/released over 30 days/)).toBeTruthy();
    expect(screen.getByText(/reward is forfeited/)).toBeTruthy();
    expect(screen.getByTestId('stake-balance').textContent).toBe('Balance: 20,000 ETRO');
  });
});

describe('Finance › stake: the form', () => {
  it('offers the eight periods with their rates and computes the reward at maturity', () => {
    renderPanel({ data: view() });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '30 days1%',
      '60 days2.5%',
      '90 days4%',
      '120 days6%',
      '150 days8%',
      '180 days10%',
      '210 days12%',
      '360 days24%',
    ]);
    // The rates are for the whole period, not yearly: said once above them.
    expect(screen.getByTestId('stake-rate-hint').textContent).toMatch(
      /^Each rate is the reward for its whole lock period/,
    );
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    type('1000');
    expect(screen.getByTestId('stake-expected-reward').textContent).toBe('10 ETRO');
    fireEvent.click(screen.getByRole('radio', { name: /360 days/ }));
    expect(screen.getByTestId('stake-expected-reward').textContent).toBe('240 ETRO');
  });

  it('stakes the exact amount for the chosen period', async () => {
    const calls = renderPanel({ data: view() });
    fireEvent.click(screen.getByRole('radio', { name: /90 days/ }));
    type('150.000000000000000001');
    await act(async () => submit());
    expect(calls.enter).toHaveBeenCalledOnce();
    expect(calls.enter.mock.calls[0]?.slice(1)).toEqual([90, parseEther('150') + 1n]);
    expect(amountInput().value).toBe('');
  });

  it('Max fills the whole balance, every decimal', () => {
    renderPanel({ data: view({ balance: parseEther('1234.567890123456789012') }) });
    fireEvent.click(screen.getByTestId('stake-max'));
    expect(amountInput().value).toBe('1234.567890123456789012');
    expect(problem()).toBeNull();
  });

  it.each([
    ['50', 'BELOW_MINIMUM', 'The minimum stake is 100 ETRO'],
    ['20000.5', 'INSUFFICIENT_BALANCE', 'Insufficient balance'],
    ['0', 'ZERO', 'The amount must be greater than 0'],
    ['abc', 'NOT_A_NUMBER', 'The amount is not a number'],
    ['1.0000000000000000001', 'TOO_MANY_DECIMALS', 'At most 18 decimal places'],
    ['-3', 'NEGATIVE', 'The amount cannot be negative'],
  ])('refuses %j (%s) as typed, and submitting sends nothing', async (text, code, message) => {
    const calls = renderPanel({ data: view() });
    type(text);
    expect(problem()?.dataset.problem).toBe(code);
    expect(problem()?.textContent).toBe(message);
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('stake-expected-reward').textContent).toBe('—');
    await act(async () => submit());
    expect(calls.enter).not.toHaveBeenCalled();
  });

  it('says "Please enter an amount" only once the user tries to stake nothing', async () => {
    const calls = renderPanel({ data: view() });
    expect(problem()).toBeNull();
    await act(async () => submit());
    expect(problem()?.textContent).toBe('Please enter an amount');
    expect(calls.enter).not.toHaveBeenCalled();
  });

  it('refuses a stake whose reward the free reserve cannot cover', () => {
    renderPanel({ data: view({ availableRewards: parseEther('5') }) });
    type('600');
    expect(problem()?.textContent).toBe("The reward reserve (5 ETRO) cannot cover this stake's reward of 6 ETRO");
  });

  it('shows the pool minimum and balance of EULP', () => {
    renderPanel({
      pool: 'EULP',
      data: view({ pool: 'EULP', symbol: 'EULP', minStakeAmount: parseEther('1'), balance: parseEther('0.5') }),
    });
    expect(screen.getByRole('heading', { name: 'Stake EULP' })).toBeTruthy();
    type('0.9');
    expect(problem()?.textContent).toBe('The minimum stake is 1 EULP');
    type('1');
    expect(problem()?.textContent).toBe('Insufficient balance');
    // Where to get EULP: the liquidity screen of its pair (the ETRO pool has no such link).
    expect(screen.getByRole('link', { name: 'Get EULP: add liquidity ›' }).getAttribute('href')).toBe(
      '/assets/overview/liquidity?pair=eulp',
    );
  });

  it('speaks Chinese', async () => {
    await act(() => setLanguage('zh'));
    renderPanel({ data: view() });
    type('50000');
    expect(problem()?.textContent).toBe('余额不足');
    expect(screen.getByRole('heading', { name: '质押 ETRO' })).toBeTruthy();
  });
});

describe('Finance › stake: records', () => {
  it('lists period, rate, left period, total revenue and status of each order, newest first', () => {
    renderPanel({ data: view() });
    expect(screen.getAllByTestId('stake-record').map((li) => li.dataset.id)).toEqual(['3', '2', '1']);
    const field = (id: number, name: string) => recordItem(id).querySelector(`[data-field="${name}"]`)?.textContent;
    expect([field(3, 'amount'), field(3, 'period'), field(3, 'rate'), field(3, 'left'), field(3, 'revenue')]).toEqual([
      '300 ETRO',
      '30 days',
      '1%',
      '20 d 0 h',
      '1 ETRO',
    ]);
    expect(within(recordItem(3)).getByText('Locked')).toBeTruthy();
    expect([field(2, 'period'), field(2, 'rate'), field(2, 'left'), field(2, 'revenue')]).toEqual([
      '60 days',
      '2.5%',
      'Unlocked',
      '25 ETRO',
    ]);
    expect(within(recordItem(2)).getByText('Ready to leave')).toBeTruthy();
    expect([field(1, 'left'), field(1, 'revenue')]).toEqual(['—', '—']);
    expect(within(recordItem(1)).getByText('Left')).toBeTruthy();
    expect(within(recordItem(1)).queryByRole('button')).toBeNull();
  });

  it('completes a left order from the indexer: the reward it was paid, early or not, and the tx hashes', () => {
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
    const indexed = (
      id: bigint,
      change: Partial<IndexedOrders['orders'][number]>,
    ): IndexedOrders['orders'][number] => ({
      pool: 'ETRO',
      orderId: id,
      owner: address(9),
      amount: parseEther('300'),
      lockDays: 30,
      rateBps: 100,
      reward: parseEther('3'),
      base: 0n,
      stakingTime: 0,
      lockTime: 30 * 86_400,
      unstaked: false,
      paidReward: null,
      forfeited: null,
      early: null,
      enteredTx: hash(Number(id)),
      leftTime: null,
      leftTx: null,
      ...change,
    });
    renderPanel({
      data: view({
        records: [
          record({ id: 5n }),
          record({ id: 4n, status: 'left', timeLeft: null, revenue: null, leave: null }),
          RECORDS[2] as StakeRecord,
        ],
      }),
      history: {
        complete: true,
        orders: [
          indexed(5n, {}),
          indexed(4n, { unstaked: true, paidReward: parseEther('3'), early: false, leftTx: hash(44) }),
          indexed(1n, { unstaked: true, paidReward: 0n, early: true, leftTx: hash(11) }),
        ],
      },
    });
    expect(recordItem(4).querySelector('[data-field="revenue"]')?.textContent).toBe('3 ETRO');
    expect(within(recordItem(4)).getByText('Left')).toBeTruthy();
    expect(recordItem(1).querySelector('[data-field="revenue"]')?.textContent).toBe('0 ETRO');
    expect(within(recordItem(1)).getByText('Left early')).toBeTruthy();
    expect([...recordItem(4).querySelectorAll('[data-hash]')].map((el) => el.getAttribute('data-hash'))).toEqual([
      hash(4),
      hash(44),
    ]);
    expect([...recordItem(5).querySelectorAll('[data-hash]')].map((el) => el.getAttribute('data-hash'))).toEqual([
      hash(5),
    ]);
  });

  it('says so when there is no order', () => {
    renderPanel({ data: view({ records: [] }) });
    expect(screen.getByText('No stakes in this pool yet.')).toBeTruthy();
  });

  it('leaves an unlocked order at once', async () => {
    const calls = renderPanel({ data: view() });
    await act(async () => fireEvent.click(within(recordItem(2)).getByRole('button', { name: 'Leave' })));
    expect(calls.leave).toHaveBeenCalledOnce();
    expect(calls.leave.mock.calls[0]?.[1]).toBe(2n);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns that leaving early forfeits the reward before anything is signed; cancel sends nothing', async () => {
    const calls = renderPanel({ data: view() });
    fireEvent.click(within(recordItem(3)).getByRole('button', { name: 'Leave early' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Leave before the lock ends?');
    expect(dialog.textContent).toContain(
      'Order #3 is locked for 20 d 0 h more. Leaving now returns your 300 ETRO and forfeits the reward of 3 ETRO (1 ETRO accrued so far).',
    );
    expect(calls.leave).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep staking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.leave).not.toHaveBeenCalled();

    fireEvent.click(within(recordItem(3)).getByRole('button', { name: 'Leave early' }));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Forfeit and leave' })),
    );
    expect(calls.leave).toHaveBeenCalledOnce();
    expect(calls.leave.mock.calls[0]?.[1]).toBe(3n);
  });

  it('in the EULP pool, says before signing what is kept and what is forfeited, the bonus included', () => {
    // A 60-day order: reward 3 ETRO, base 2 (the 30-day rate over 60 days), 1 released so far.
    const leave = { principal: parseEther('300'), reward: parseEther('1'), forfeited: parseEther('2'), early: true };
    const records = [record({ id: 3n, days: 60, base: parseEther('2'), leave })];
    renderPanel({ data: view({ pool: 'EULP', symbol: 'EULP', accrual: 'perSecond', records }), pool: 'EULP' });
    expect(screen.getByText(/released by the second over the lock period/)).toBeTruthy();
    expect(screen.getByText(/never earns more than 30-day orders/)).toBeTruthy();
    fireEvent.click(within(recordItem(3)).getByRole('button', { name: 'Leave early' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      "Order #3 is locked for 20 d 0 h more. Leaving now returns your 300 EULP and keeps 1 ETRO: the reward released so far at the 30-day rate. It forfeits 2 ETRO of the order's 3 ETRO reward, the bonus of 1 ETRO for staying to the end included.",
    );
  });

  it('in the EULP pool, shows the reward split before staking: by the second and the bonus at the unlock', () => {
    renderPanel({
      data: view({ pool: 'EULP', symbol: 'EULP', accrual: 'perSecond', balance: parseEther('5000') }),
      pool: 'EULP',
    });
    fireEvent.click(screen.getByRole('radio', { name: /360 days/ }));
    fireEvent.change(screen.getByTestId('stake-amount'), { target: { value: '1000' } });
    expect(screen.getByTestId('stake-expected-reward').textContent).toBe('240 ETRO');
    expect(screen.getByTestId('stake-base-reward').textContent).toBe('120 ETRO');
    expect(screen.getByTestId('stake-bonus-reward').textContent).toBe('120 ETRO');
  });

  it.each(['en', 'zh'] as const)(
    'in the EULP pool, refuses a stake at the running orders cap before anything is signed (%s)',
    async (language) => {
      await act(async () => setLanguage(language));
      const calls = renderPanel({
        data: view({ pool: 'EULP', symbol: 'EULP', accrual: 'perSecond', runningOrders: 16n }),
        pool: 'EULP',
      });
      const alert = screen.getByTestId('stake-problem');
      expect(alert.dataset.problem).toBe('TOO_MANY_RUNNING_ORDERS');
      expect(alert.textContent).toContain('16');
      expect(alert.textContent).not.toContain('{{');
      const submit = screen.getByTestId('stake-submit') as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      fireEvent.change(screen.getByTestId('stake-amount'), { target: { value: '10' } });
      fireEvent.submit(screen.getByTestId('stake-form'));
      expect(calls.enter).not.toHaveBeenCalled();
      await act(async () => setLanguage('en'));
    },
  );

  it('shows the lock balance the rewards go to, with the claim fee before signing; Claim takes the claimable amount', () => {
    const lock = lockProgress(
      { credited: parseEther('30'), released: parseEther('10'), claimed: 0n },
      { next: NOW + 2n * DAY, last: NOW + 2n * DAY },
      { amount: parseEther('10'), fee: parseEther('0.3') },
      { swap: 0n, stake: parseEther('10') },
    );
    const calls = renderPanel({ data: view({ lock }) });
    const card = screen.getByTestId('lock-card');
    expect(within(card).getByTestId('lock-claimable').textContent).toBe('10 ETRO');
    expect(within(card).getByTestId('lock-claim-quote').textContent).toBe(
      'Claim 10 ETRO, fee 0.3 ETRO, you receive 9.7 ETRO',
    );
    fireEvent.click(within(card).getByTestId('lock-claim'));
    expect(calls.claim).toHaveBeenCalledWith(parseEther('10'));
  });

  it('says where staking rewards come from while nothing is locked', () => {
    renderPanel({ data: view() });
    expect(within(screen.getByTestId('lock-card')).getByText(/released by the second/)).toBeTruthy();
  });

  it('offers no early leave when the contract does not allow it', () => {
    renderPanel({ data: view({ earlyExitAllowed: false }) });
    expect(within(recordItem(3)).queryByRole('button')).toBeNull();
    expect(screen.queryByText(/reward is forfeited/)).toBeNull();
  });
});
