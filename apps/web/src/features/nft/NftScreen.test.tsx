import '../../i18n/index.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NftView } from '@eterno/protocol/nft/readNft';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE } from '../../tx/txState.ts';
import { NftPanel } from './NftScreen.tsx';

const NFT = '0x00000000000000000000000000000000000000Ef' as const;
const VIEW: NftView = {
  nft: NFT,
  etro: '0x00000000000000000000000000000000000000e7',
  blockNumber: 100n,
  balance: 20_000n * 10n ** 18n,
  allowance: 0n,
  prices: { entry: 100n * 10n ** 18n, partner: 1000n * 10n ** 18n },
  odds: { entry: { N: 6000, R: 2800, SR: 1000, SSR: 200 }, partner: { N: 4000, R: 3500, SR: 2000, SSR: 500 } },
  salePaused: false,
  revealDelay: 2n,
  owned: [
    { tokenId: 1n, kind: 'partner', rarity: 'SR', revealBlock: 50n, reveal: null },
    { tokenId: 2n, kind: 'entry', rarity: null, revealBlock: 101n, reveal: 'waiting' },
    { tokenId: 3n, kind: 'entry', rarity: null, revealBlock: 99n, reveal: 'ready' },
  ],
  ownedTotal: 3n,
};

function renderPanel(read: Partial<BlockRead<NftView>>) {
  const buy = vi.fn(async () => 'confirmed' as const);
  const reveal = vi.fn(async () => 'confirmed' as const);
  const more = vi.fn();
  const idle = { state: IDLE, busy: false };
  render(
    <NftPanel
      read={{ data: undefined, error: null, loading: false, retry: vi.fn(), ...read }}
      buy={{ tx: idle, run: buy }}
      reveal={{ tx: idle, run: reveal }}
      onMore={more}
    />,
  );
  return { buy, reveal, more };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('Ecology › NFT', () => {
  it('shows each kind with its price, its purpose and its odds before buying', () => {
    const { buy } = renderPanel({ data: VIEW });
    expect(screen.getByTestId('nft-price-entry').textContent).toBe('100 ETRO, burned');
    expect(screen.getByTestId('nft-price-partner').textContent).toBe('1,000 ETRO, burned');
    expect(screen.getByTestId('nft-odds-entry').textContent).toBe('N60%R28%SR10%SSR2%');
    expect(screen.getByTestId('nft-odds-partner').textContent).toBe('N40%R35%SR20%SSR5%');
    expect(screen.getByText(/^Joins a node/)).toBeTruthy();
    expect(screen.getByText(/^Creates a node/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('nft-buy-partner-submit'));
    expect(buy).toHaveBeenCalledWith(VIEW, 'partner');
  });

  it('lists my NFTs: the image and rarity once revealed, the wait, and Reveal when the block is mined', () => {
    const { reveal } = renderPanel({ data: VIEW });
    expect(screen.getByText('My NFTs (3)')).toBeTruthy();
    expect(screen.getByTestId('nft-1-rarity').textContent).toBe('SR');
    expect(screen.getByAltText('partner SR').getAttribute('src')).toBe('/nft/partner-sr.svg');
    expect(screen.getByTestId('nft-2-waiting').textContent).toBe('Rarity drawn from block 101: reveal in 2 blocks');
    expect(screen.queryByTestId('nft-2-reveal')).toBeNull();
    fireEvent.click(screen.getByTestId('nft-3-reveal'));
    expect(reveal).toHaveBeenCalledWith(NFT, 3n);
  });

  it('disables buying while the sale is paused, and says so', () => {
    renderPanel({ data: { ...VIEW, salePaused: true } });
    expect((screen.getByTestId('nft-buy-entry-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/New purchases are paused/)).toBeTruthy();
  });

  it('says when there is no NFT yet, in Chinese too', async () => {
    await setLanguage('zh');
    renderPanel({ data: { ...VIEW, owned: [], ownedTotal: 0n } });
    expect(screen.getByTestId('nft-none').textContent).toBe('您还没有 NFT。');
    expect(screen.getByTestId('nft-price-entry').textContent).toBe('100 ETRO，将被销毁');
  });

  it('offers "load more" while fewer NFTs are listed than I hold, and not once all are', () => {
    const { more } = renderPanel({ data: { ...VIEW, ownedTotal: 53n } });
    fireEvent.click(screen.getByTestId('nft-more'));
    expect(screen.getByTestId('nft-more').textContent).toBe('Load more (3 of 53 shown)');
    expect(more).toHaveBeenCalledTimes(1);
  });

  it('has no "load more" when every NFT is listed', () => {
    renderPanel({ data: VIEW });
    expect(screen.queryByTestId('nft-more')).toBeNull();
  });
});
