// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { getAddress, parseEther, type Hash } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import type { Trade } from '../../api/indexer.ts';
import { TradeRecords } from './TradeRecords.tsx';
import type { TradeLists } from './useTrades.ts';

const alice = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const bob = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');

function trade(n: number, trader: typeof alice, isBuy: boolean): Trade {
  return {
    id: `t${n}`,
    blockNumber: BigInt(100 + n),
    timestamp: 1_700_000_000 + n,
    txHash: `0x${n.toString(16).padStart(64, '0')}` as Hash,
    logIndex: 0,
    trader,
    isBuy,
    amountIn: isBuy ? parseEther('1000') : parseEther('400'),
    amountOut: isBuy ? parseEther('1865.5') : parseEther('199.25'),
    fee: isBuy ? parseEther('60') : 0n,
  };
}

const list = (items: Trade[] | undefined, error: unknown = null) => ({
  data: items === undefined ? undefined : { items, nextBefore: null },
  error,
  retry: vi.fn(),
});

describe('TradeRecords', () => {
  it('lists everyone’s recent trades, the user’s own marked "You"', () => {
    const lists: TradeLists = {
      recent: list([trade(2, bob, false), trade(1, alice, true)]),
      mine: list([trade(1, alice, true)]),
    };
    render(<TradeRecords lists={lists} account={alice} />);
    const rows = within(screen.getByTestId('trades-recent')).getAllByTestId('trade-row');
    expect(rows.map((row) => row.dataset.side)).toEqual(['sell', 'buy']);
    expect(rows[0]!.textContent).toContain('400 ETRO → 199.25 USDT');
    expect(rows[0]!.textContent).toContain('0x3C44Cd');
    expect(rows[1]!.textContent).toContain('1,000 USDT → 1,865.5 ETRO');
    expect(rows[1]!.textContent).toContain('You');
    expect(rows[1]!.textContent).toContain('Fee 60 USDT');
  });

  it('shows my exchange records on their tab', () => {
    const lists: TradeLists = { recent: list([trade(2, bob, false)]), mine: list([]) };
    render(<TradeRecords lists={lists} account={alice} />);
    fireEvent.click(screen.getByRole('tab', { name: 'My exchange records' }));
    expect(screen.getByRole('tab', { name: 'My exchange records' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('You have not traded yet')).toBeTruthy();
    expect(screen.queryByTestId('trades-recent')).toBeNull();
  });

  it('says when the indexer cannot be read, with retry', () => {
    const recent = list(undefined, new Error('down'));
    render(<TradeRecords lists={{ recent, mine: list(undefined) }} account={alice} />);
    expect(screen.getByText('Could not load the trades')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(recent.retry).toHaveBeenCalled();
  });
});
