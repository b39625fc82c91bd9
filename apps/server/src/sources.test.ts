import { describe, expect, it } from 'vitest';
import { lockSourceOf, stakePoolOf, UnknownDeploymentError } from './sources.ts';

const SWAP = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const STAKING_ETRO = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const STAKING_EULP = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const staking = [STAKING_ETRO, STAKING_EULP] as const;

describe('stakePoolOf', () => {
  it('names the pool by its position in the config, whatever the case', () => {
    expect(stakePoolOf(STAKING_ETRO, staking)).toBe('ETRO');
    expect(stakePoolOf(STAKING_EULP.toLowerCase() as `0x${string}`, staking)).toBe('EULP');
  });

  it('throws for an address that is neither pool', () => {
    expect(() => stakePoolOf(OTHER, staking)).toThrow(UnknownDeploymentError);
  });
});

describe('lockSourceOf', () => {
  it('tells the swap from the two staking pools and other writers', () => {
    expect(lockSourceOf(SWAP.toLowerCase() as `0x${string}`, SWAP, staking)).toBe('swap');
    expect(lockSourceOf(STAKING_ETRO, SWAP, staking)).toBe('stakeETRO');
    expect(lockSourceOf(STAKING_EULP, SWAP, staking)).toBe('stakeEULP');
    expect(lockSourceOf(OTHER, SWAP, staking)).toBe('other');
  });
});
