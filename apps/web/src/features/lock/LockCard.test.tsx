// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { parseEther } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { lockProgress, NO_LOCK } from '@eterno/protocol/lock/lockProgress';
import { IDLE } from '../../tx/txState.ts';
import { LockCard } from './LockCard.tsx';

const DAY = 86_400n;
const EMPTY = 'Nothing locked yet.';
const claim = () => screen.getByTestId('lock-claim') as HTMLButtonElement;

describe('LockCard', () => {
  it('shows skeletons and no claim while the figures load', () => {
    render(<LockCard lock={undefined} emptyNote="…" tx={{ state: IDLE, busy: false }} onClaim={vi.fn()} />);
    expect(screen.getByTestId('lock-card').getAttribute('aria-busy')).toBe('true');
    expect(claim().disabled).toBe(true);
  });

  it('shows the screen note when nothing was ever locked', () => {
    render(<LockCard lock={NO_LOCK} emptyNote={EMPTY} tx={{ state: IDLE, busy: false }} onClaim={vi.fn()} />);
    expect(screen.getByTestId('lock-locked').textContent).toBe('0 ETRO');
    expect(screen.getByText(EMPTY)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(claim().disabled).toBe(true);
  });

  it('shows locked, claimable, the release progress, when all is released and the claim fee; Claim pays the claimable amount', () => {
    const start = 1_700_000_000n;
    const lock = lockProgress(
      { credited: parseEther('1000'), released: parseEther('250'), claimed: parseEther('100') },
      { next: start + DAY, last: start + DAY },
      { amount: parseEther('150'), fee: parseEther('7.5') },
      { swap: parseEther('250'), stake: 0n },
    );
    const onClaim = vi.fn();
    render(<LockCard lock={lock} emptyNote={EMPTY} tx={{ state: IDLE, busy: false }} onClaim={onClaim} />);
    expect(screen.getByTestId('lock-locked').textContent).toBe('750 ETRO');
    expect(screen.getByTestId('lock-claimable').textContent).toBe('150 ETRO');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('lock-released').textContent).toBe('25 % of 1,000 ETRO released');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(Number(start + DAY) * 1000),
    );
    expect(screen.getByText(`Fully released ${when}`)).toBeTruthy();
    expect(screen.getByText('Claimed so far: 100 ETRO')).toBeTruthy();
    expect(screen.getByTestId('lock-claim-quote').textContent).toBe(
      'Claim 150 ETRO, fee 7.5 ETRO, you receive 142.5 ETRO',
    );
    fireEvent.click(claim());
    expect(onClaim).toHaveBeenCalledWith(parseEther('150'));
  });

  it('cannot claim while a claim is under way', () => {
    const lock = lockProgress(
      { credited: 10n, released: 10n, claimed: 0n },
      { next: 0n, last: 0n },
      { amount: 10n, fee: 0n },
      { swap: 10n, stake: 0n },
    );
    render(<LockCard lock={lock} emptyNote={EMPTY} tx={{ state: IDLE, busy: true }} onClaim={vi.fn()} />);
    expect(claim().disabled).toBe(true);
  });
});
