// @vitest-environment jsdom
import '../../i18n/index.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { NftView } from '@eterno/protocol/nft/readNft';
import type { BlockRead } from '../../chain/useBlockRead.ts';
import { setLanguage } from '../../i18n/index.ts';
import { IDLE, started } from '../../tx/txState.ts';
import type { TxStep } from '@eterno/protocol/tx/steps';
import { ApiError } from '../../session/ApiError.ts';
import { RevealProgress } from './RevealProgress.tsx';
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
  seedsLeft: 1021n,
  owned: [
    { tokenId: 1n, kind: 'partner', rarity: 'SR' },
    { tokenId: 2n, kind: 'entry', rarity: null },
    { tokenId: 3n, kind: 'entry', rarity: null },
  ],
  ownedTotal: 3n,
};

function renderPanel(read: Partial<BlockRead<NftView>>) {
  const buy = vi.fn(async () => 'confirmed' as const);
  const reveal = vi.fn(async () => 'confirmed' as const);
  const more = vi.fn();
  const idle = { state: IDLE, busy: false };
  render(
    <MemoryRouter>
      <NftPanel
        read={{ data: undefined, error: null, loading: false, retry: vi.fn(), ...read }}
        buy={{ tx: idle, run: buy }}
        reveal={{ tx: idle, run: reveal, seed: { phase: 'idle' } }}
        onMore={more}
      />
    </MemoryRouter>,
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

  it('points to the live node area, never says nodes are not live', () => {
    renderPanel({ data: VIEW });
    const note = screen.getByTestId('nft-nodes-note');
    expect(note.textContent).toBe('A partner NFT creates a node, an entry NFT joins one. Go to Nodes');
    expect(note.textContent).not.toMatch(/not live/);
    expect(screen.getByRole('link', { name: 'Go to Nodes' }).getAttribute('href')).toBe('/ecology/nodes');
  });

  it('lists my NFTs: the image and rarity once revealed, else one Reveal at any time', () => {
    const { reveal } = renderPanel({ data: VIEW });
    expect(screen.getByText('My NFTs (3)')).toBeTruthy();
    expect(screen.getByTestId('nft-1-rarity').textContent).toBe('SR');
    expect(screen.getByAltText('partner SR').getAttribute('src')).toBe('/nft/partner-sr.svg');
    expect(screen.queryByTestId('nft-1-reveal')).toBeNull();
    expect(screen.getByTestId('nft-2-hidden').textContent).toBe('Rarity hidden: reveal it whenever you like');
    fireEvent.click(screen.getByTestId('nft-3-reveal'));
    expect(reveal).toHaveBeenCalledWith(NFT, 3n);
  });

  it('says in the help how the rarity is drawn and what is trusted, in both languages', async () => {
    renderPanel({ data: VIEW });
    expect(screen.getByTestId('nft-trust').textContent).toMatch(
      /^What you trust: neither the buyer nor the block producer can choose the rarity, and nobody can read it from the chain before the owner reveals\. The operator knows every seed, so it learns rarities before their owners reveal them, and it could buy for itself exactly the NFTs it knows draw well/,
    );
    expect(screen.getByTestId('nft-help').textContent).toContain('never expires');
    cleanup();
    await setLanguage('zh');
    renderPanel({ data: VIEW });
    expect(screen.getByTestId('nft-trust').textContent).toMatch(/^您需要信任的是：买家和出块者都无法选择稀有度/);
  });

  it('disables buying and says why when no id with a committed seed is left', () => {
    renderPanel({ data: { ...VIEW, seedsLeft: 0n } });
    expect((screen.getByTestId('nft-buy-entry-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('nft-seeds-out').textContent).toBe(
      "Sales are waiting for the operator's next seed commitment: please try again in a minute.",
    );
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

describe('the reveal progress: one Reveal, two steps', () => {
  const steps = () =>
    screen
      .getAllByRole('listitem')
      .map((li) => `${li.dataset.status}: ${li.querySelector('.tx-step-title')?.textContent}`);

  it('shows step 1 of 2 while the seed is fetched, then step 2 of 2 with the transaction', () => {
    const view = render(<RevealProgress seed={{ phase: 'fetching', tokenId: 3n }} tx={{ state: IDLE }} />);
    expect(steps()).toEqual([
      'active: Step 1 of 2 Get the seed from the server',
      'waiting: Step 2 of 2 Reveal the rarity',
    ]);
    view.unmount();
    const signing = { ...started([{ kind: 'call', action: 'nft.reveal' } as TxStep]), phase: 'signing' as const };
    render(<RevealProgress seed={{ phase: 'fetched', tokenId: 3n }} tx={{ state: signing }} />);
    expect(steps()).toEqual([
      'done: Step 1 of 2 Get the seed from the server',
      'active: Step 2 of 2 Reveal the rarity',
    ]);
    expect(screen.getByText('Confirm in your wallet')).toBeTruthy();
  });

  it("shows the server's refusal in the user's language and sends nothing", async () => {
    await setLanguage('zh');
    render(
      <RevealProgress
        seed={{ phase: 'failed', tokenId: 3n, error: new ApiError('NFT_NOT_OWNER', 'x', 403) }}
        tx={{ state: IDLE }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('只有该 NFT 的持有人才能揭示它');
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.status)).toEqual(['failed', 'waiting']);
  });
});
