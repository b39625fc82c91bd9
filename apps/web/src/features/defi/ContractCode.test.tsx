// @vitest-environment jsdom
import '../../i18n/index.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { getAddress, keccak256, stringToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { eternoFarmSource } from '@eterno/protocol/generated/sources';
import ContractCode, { FARM_SOURCE } from './ContractCode.tsx';

const farm = getAddress('0x8a791620dd6260079bf849dc5567adc3f2fdc318');

/**
 * What solc recorded for the farm's source when forge built the contracts (copied from the build
 * metadata into the generated file; `npm test -- abis-fresh` fails when that file is stale).
 */
function builtSourceHash(): string {
  return eternoFarmSource.keccak256;
}

describe('the mining contract code shipped by the app', () => {
  it('is the source the deployed contract was compiled from (keccak256 of the build metadata)', () => {
    expect(FARM_SOURCE).toContain('contract EternoFarm is');
    expect(keccak256(stringToBytes(FARM_SOURCE))).toBe(builtSourceHash());
  });

  it('shows the address, the whole source text and its hash', () => {
    render(<ContractCode address={farm} />);
    expect(screen.getByTestId('farm-address').textContent).toBe(farm);
    expect(screen.getByTestId('farm-source').textContent).toBe(FARM_SOURCE);
    expect(screen.getByTestId('source-hash').textContent).toBe(builtSourceHash());
    expect(screen.getByText(`${FARM_SOURCE.split('\n').length} lines`)).toBeTruthy();
  });

  it('wraps long lines by default and scrolls them when wrapping is off', () => {
    render(<ContractCode address={farm} />);
    const source = screen.getByTestId('farm-source');
    expect(source.classList.contains('code-wrapped')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wrap long lines' }));
    expect(source.classList.contains('code-wrapped')).toBe(false);
  });
});
