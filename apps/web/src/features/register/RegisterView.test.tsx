// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortenAddress } from '@eterno/protocol/address';
import { inviteCodeOf } from '@eterno/protocol/referral/inviteCode';
import { ReferralError } from '@eterno/protocol/referral/referralErrors';
import type { Address } from 'viem';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import { EMPTY_FORM, type RegisterForm } from './registerForm.ts';
import { RegisterView, type RegisterViewProps } from './RegisterView.tsx';

const USER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address;
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;

afterEach(async () => {
  await act(async () => setLanguage('en'));
});

function props(
  over: Partial<RegisterViewProps> = {},
  control: Partial<RegisterViewProps['control']> = {},
): RegisterViewProps {
  return {
    account: USER,
    registered: false,
    readError: null,
    invitation: null,
    invitationError: null,
    form: EMPTY_FORM,
    onChange: vi.fn(),
    control: {
      tx: { state: IDLE, busy: false, run: vi.fn(), reset: vi.fn() },
      checking: false,
      error: null,
      prepared: null,
      done: false,
      next: vi.fn(async () => undefined),
      back: vi.fn(),
      confirm: vi.fn(async () => undefined),
      ...control,
    },
    ...over,
  };
}

const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('RegisterView (/register)', () => {
  it('shows the required prompt under its field and asks nothing of the chain', () => {
    const p = props();
    inRouter(<RegisterView {...p} />);
    fireEvent.click(screen.getByTestId('register-next'));
    expect(screen.getByTestId('register-problem-inviter').textContent).toBe(
      'Please enter the invite code or the inviter address',
    );
    expect(p.control.next).not.toHaveBeenCalled();
  });

  it('says Invalid wallet address in en and zh', async () => {
    const form: RegisterForm = { inviter: ALICE, side: 0, placement: 'manual', contact: '0x12' };
    const p = props({ form });
    inRouter(<RegisterView {...p} />);
    fireEvent.click(screen.getByTestId('register-next'));
    expect(screen.getByTestId('register-problem-contact').textContent).toBe('Invalid wallet address');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('register-problem-contact').textContent).not.toBe('Invalid wallet address');
    expect(p.control.next).not.toHaveBeenCalled();
  });

  it('sends the checked form on Next and shows a refusal in the user’s words', () => {
    const form: RegisterForm = { inviter: ALICE.toLowerCase(), side: 1, placement: 'manual', contact: CAROL };
    const p = props({ form }, { error: new ReferralError('SEAT_TAKEN') });
    inRouter(<RegisterView {...p} />);
    expect(screen.getByTestId('register-refusal').textContent).toBe(
      'This seat is already taken, please choose another',
    );
    fireEvent.click(screen.getByTestId('register-next'));
    expect(p.control.next).toHaveBeenCalledWith({
      inviter: { kind: 'address', address: ALICE },
      side: 1,
      placement: 'manual',
      contact: CAROL,
    });
  });

  it('reviews the registration, says it cannot be undone, and confirms', () => {
    const p = props(
      {},
      {
        prepared: {
          registration: { placement: 'manual', inviter: ALICE, contact: CAROL, side: 1 },
          inviter: ALICE,
          attestation: undefined,
        },
      },
    );
    inRouter(<RegisterView {...p} />);
    expect(screen.getByTestId('review-side').textContent).toBe('Right');
    expect(screen.getByTestId('review-inviter').getAttribute('title')).toBe(ALICE);
    expect(screen.getByTestId('review-irreversible').textContent).toContain('cannot be undone');
    fireEvent.click(screen.getByTestId('register-confirm'));
    expect(p.control.confirm).toHaveBeenCalled();
  });

  it('came to buy a package (?buy=): says why registering is asked, and leads back to the package once registered', async () => {
    const { unmount } = inRouter(<RegisterView {...props({ buy: '3' })} />);
    expect(screen.getByTestId('register-for-buy').textContent).toContain('To buy package #3');
    await act(async () => setLanguage('zh'));
    expect(screen.getByTestId('register-for-buy').textContent).toContain('购买套餐 #3 前');
    unmount();
    inRouter(<RegisterView {...props({ buy: '3' }, { done: true })} />);
    expect(screen.getByTestId('register-to-package').getAttribute('href')).toBe('/finance/overview/subscribe/3');
  });

  it('without ?buy= no such note, and the way on is the catalogue', () => {
    inRouter(<RegisterView {...props({}, { done: true })} />);
    expect(screen.queryByTestId('register-for-buy')).toBeNull();
    expect(screen.queryByTestId('register-to-package')).toBeNull();
  });

  it('tells a registered wallet so, with its inviter and nothing to send', () => {
    inRouter(<RegisterView {...props({ registered: true, inviter: { address: ALICE, id: 3 } })} />);
    expect(screen.getByTestId('register-already')).toBeTruthy();
    expect(screen.getByTestId('register-already-inviter').textContent).toBe(
      `Your inviter: ${shortenAddress(ALICE)} · ID 3 (code ${inviteCodeOf(3n)})`,
    );
    expect(screen.getByTestId('register-already-inviter').querySelector('[title]')?.getAttribute('title')).toBe(ALICE);
    expect(screen.queryByTestId('register-next')).toBeNull();
  });
});
