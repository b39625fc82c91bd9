// @vitest-environment jsdom
import '../../i18n/index.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { modal } from '../../components/modal/modal.ts';
import EcologyOverview from './EcologyOverview.tsx';

afterEach(() => act(() => modal.hide()));

describe('Ecology overview (spec §2)', () => {
  it('links DeFi and NFT to their screens', () => {
    render(
      <MemoryRouter>
        <EcologyOverview />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /DeFi/ }).getAttribute('href')).toBe('/ecology/defi');
    expect(screen.getByRole('link', { name: /NFT/ }).getAttribute('href')).toBe('/ecology/nft');
  });

  it('links nodes to the node area, without any figure on the tile', () => {
    render(
      <MemoryRouter>
        <EcologyOverview />
      </MemoryRouter>,
    );
    const tile = screen.getByRole('link', { name: /Nodes/ });
    expect(tile.getAttribute('href')).toBe('/ecology/nodes');
    expect(tile.textContent).not.toMatch(/\d/);
  });

  it.each(['GameFi', 'Metaverse'])('%s shows the under-construction tip', (name) => {
    render(
      <MemoryRouter>
        <EcologyOverview />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: new RegExp(name) }));
    const state = modal.getState();
    expect(state.visible && state.options.message).toBe('Under construction, coming soon');
  });
});
