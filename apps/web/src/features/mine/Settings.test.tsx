import '../../i18n/index.ts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigForTesting, type AppConfig } from '../../config.ts';
import { setLanguage } from '../../i18n/index.ts';
import { getSession, setSession } from '../../session/session.ts';
import Settings from './Settings.tsx';

beforeEach(() => {
  setConfigForTesting({ chainId: 201022 } as AppConfig);
});
afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
  sessionStorage.clear();
  setConfigForTesting(undefined);
});

function renderSettings() {
  render(
    <MemoryRouter>
      <Settings />
    </MemoryRouter>,
  );
}

describe('Mine › settings', () => {
  it('has the help document and security audit items', () => {
    renderSettings();
    expect(screen.getByText('Help document')).toBeTruthy();
    expect(screen.getByText('Security audit')).toBeTruthy();
    expect(screen.getByText(/30\/60\/90\/120\/150\/180\/210\/360 days/)).toBeTruthy();
  });

  it('switches the language both ways and stores it in lang', async () => {
    renderSettings();
    const group = within(screen.getByRole('group', { name: 'Language' }));
    expect(group.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(group.getByRole('button', { name: '中文' }));
    });
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(screen.getByText('帮助文档')).toBeTruthy();
    const zhGroup = within(screen.getByRole('group', { name: '语言' }));
    expect(zhGroup.getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(zhGroup.getByRole('button', { name: 'English' }));
    });
    expect(localStorage.getItem('lang')).toBe('en');
    expect(screen.getByText('Help document')).toBeTruthy();
  });

  it('signs out by ending the session on the server, then here', async () => {
    setConfigForTesting({ chainId: 201022, apiUrl: 'http://api.test' } as AppConfig);
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      setSession({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', token: 't' });
      renderSettings();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      });
      expect(fetch.mock.calls[0]?.[0]).toBe('http://api.test/auth/sign-out');
      expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer t');
      expect(getSession()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
