// @vitest-environment jsdom
import '../../i18n/index.ts';
import i18next from 'i18next';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_BANNER_TEST_ID, NetworkBannerView } from './NetworkBanner.tsx';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('NetworkBannerView', () => {
  it('shows nothing while both answer', () => {
    render(<NetworkBannerView status={{ server: false, chain: false }} onRetry={() => undefined} />);
    expect(screen.queryByTestId(NETWORK_BANNER_TEST_ID)).toBeNull();
  });

  it('names what cannot be reached, says it retries by itself, and retries on a tap', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<NetworkBannerView status={{ server: false, chain: true }} onRetry={onRetry} />);
    const banner = screen.getByTestId(NETWORK_BANNER_TEST_ID);
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain('The ETERNO network cannot be reached.');
    expect(banner.textContent).toContain('come back by themselves');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<NetworkBannerView status={{ server: true, chain: true }} onRetry={onRetry} />);
    expect(screen.getByTestId(NETWORK_BANNER_TEST_ID).textContent).toContain('server and network');
  });

  it('speaks Chinese', async () => {
    await i18next.changeLanguage('zh');
    render(<NetworkBannerView status={{ server: true, chain: false }} onRetry={() => undefined} />);
    expect(screen.getByTestId(NETWORK_BANNER_TEST_ID).textContent).toContain('无法连接 ETERNO 服务器。');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
