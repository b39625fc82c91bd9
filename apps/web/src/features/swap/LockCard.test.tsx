import { fireEvent, render, screen } from '@testing-library/react';
import { parseEther } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { lockProgress } from '@eterno/protocol/swap/lockProgress';
import { IDLE } from '../../tx/txState.ts';
import { LockCard } from './LockCard.tsx';

const DAY = 86_400n;
const claim = () => screen.getByTestId('lock-claim') as HTMLButtonElement;

describe('LockCard', () => {
  it('shows skeletons and no claim while the figures load', () => {
    render(<LockCard lock={undefined} vestingDuration={undefined} tx={{ state: IDLE, busy: false }} onClaim={vi.fn()} />);
    expect(screen.getByTestId('lock-card').getAttribute('aria-busy')).toBe('true');
    expect(claim().disabled).toBe(true);
  });

  it('explains the lock when nothing was bought yet', () => {
    const lock = lockProgress({ credited: 0n, released: 0n, claimed: 0n }, [], 1_000n);
    render(<LockCard lock={lock} vestingDuration={DAY} tx={{ state: IDLE, busy: false }} onClaim={vi.fn()} />);
    expect(screen.getByTestId('lock-locked').textContent).toBe('0 ETRO');
    expect(screen.getByText(/released to claim over 24 h/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(claim().disabled).toBe(true);
  });

  it('shows locked, claimable, the release progress and when all is released; Claim pays the claimable amount', () => {
    const start = 1_700_000_000n;
    const lock = lockProgress(
      { credited: parseEther('1000'), released: parseEther('250'), claimed: parseEther('100') },
      [{ amount: parseEther('1000'), start, duration: DAY }],
      start + DAY / 4n,
    );
    const onClaim = vi.fn();
    render(<LockCard lock={lock} vestingDuration={DAY} tx={{ state: IDLE, busy: false }} onClaim={onClaim} />);
    expect(screen.getByTestId('lock-locked').textContent).toBe('750 ETRO');
    expect(screen.getByTestId('lock-claimable').textContent).toBe('150 ETRO');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('lock-released').textContent).toBe('25 % of 1,000 ETRO released');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(Number(start + DAY) * 1000));
    expect(screen.getByText(`Fully released ${when}`)).toBeTruthy();
    expect(screen.getByText('Claimed so far: 100 ETRO')).toBeTruthy();
    fireEvent.click(claim());
    expect(onClaim).toHaveBeenCalledWith(parseEther('150'));
  });

  it('cannot claim while a claim is under way', () => {
    const lock = lockProgress({ credited: 10n, released: 10n, claimed: 0n }, [], 0n);
    render(<LockCard lock={lock} vestingDuration={DAY} tx={{ state: IDLE, busy: true }} onClaim={vi.fn()} />);
    expect(claim().disabled).toBe(true);
  });
});
