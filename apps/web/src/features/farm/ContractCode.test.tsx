import '../../i18n/index.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { getAddress, keccak256, stringToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import ContractCode, { FARM_SOURCE } from './ContractCode.tsx';

const CONTRACTS = resolve(import.meta.dirname, '../../../../../contracts');
const farm = getAddress('0x8a791620dd6260079bf849dc5567adc3f2fdc318');

/** What solc recorded for the farm's source when forge built the contracts (contracts/out, `npm run build -w contracts`). */
function builtSourceHash(): string {
  const artifact = JSON.parse(readFileSync(resolve(CONTRACTS, 'out/EternoFarm.sol/EternoFarm.json'), 'utf8')) as {
    metadata: { sources: Record<string, { keccak256: string }> };
  };
  const source = artifact.metadata.sources['src/EternoFarm.sol'];
  if (!source) throw new Error('the artifact names no src/EternoFarm.sol source');
  return source.keccak256;
}

describe('the mining contract code shipped by the app', () => {
  it('is the source the deployed contract was compiled from (keccak256 of the build metadata)', () => {
    expect(FARM_SOURCE).toContain('contract EternoFarm is');
    expect(keccak256(stringToBytes(FARM_SOURCE))).toBe(builtSourceHash());
    expect(FARM_SOURCE).toBe(readFileSync(resolve(CONTRACTS, 'src/EternoFarm.sol'), 'utf8'));
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
