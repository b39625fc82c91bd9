import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { bannerLines, mnemonicIndexes } from './banner.ts';

const indexOf = mnemonicIndexes(12);
const addressAt = (i: number) => [...indexOf].find(([, index]) => index === i)![0] as Address;

const input = {
  webUrl: 'http://127.0.0.1:5173',
  apiUrl: 'http://127.0.0.1:42070',
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 201022,
  deploymentsFile: '/repo/.data/local/run-1/deployments.json',
  dataDir: '/repo/.data/local/run-1',
  accounts: [
    { label: 'deployer', address: addressAt(0) },
    { label: 'alice', address: addressAt(1) },
    { label: 'bob', address: addressAt(2) },
    { label: 'carol', address: addressAt(3) },
    { label: 'signer', address: addressAt(9) },
    { label: 'placementSigner', address: addressAt(10) },
  ],
  otherRuns: [],
  indexOf,
};

describe('the npm start banner', () => {
  it('numbers each account by its mnemonic index (the signer is 9, not its list position 4)', () => {
    expect(addressAt(1)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    const lines = bannerLines(input);
    const row = (label: string) => lines.find((l) => l.includes(` ${label} `))!.trim();
    expect(row('signer')).toMatch(/^9 {2}signer /);
    expect(row('placementSigner')).toMatch(/^10 {2}placementSigner /);
    expect(row('alice')).toMatch(/^1 {2}alice /);
    expect(lines.some((l) => l.includes('[4]'))).toBe(false);
    expect(lines.find((l) => l.trim().startsWith('4–8'))).toContain('unregistered');
  });

  it('prints the URLs it is given (the bound ports) and its data folder; names a live other run', () => {
    const lines = bannerLines({ ...input, otherRuns: ['/repo/.data/local/run-0'] });
    expect(lines).toContain('  API         http://127.0.0.1:42070');
    expect(lines.some((l) => l.includes('/repo/.data/local/run-1'))).toBe(true);
    expect(lines.some((l) => l.includes('Another npm start') && l.includes('/repo/.data/local/run-0'))).toBe(true);
    expect(bannerLines(input).some((l) => l.includes('Another npm start'))).toBe(false);
  });
});
