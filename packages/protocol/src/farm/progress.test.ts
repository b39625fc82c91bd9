import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { miningProgress, type FarmStage } from './progress.ts';

const e18 = (n: string) => parseEther(n);

/** The default schedule started at block 100: 864,000 blocks a stage at 4, 3, 2, 1 ETRO. */
function schedule(start: bigint): FarmStage[] {
  const rates = ['4', '3', '2', '1'];
  return rates.map((rate, i) => {
    const startBlock = start + BigInt(i) * 864_000n;
    return { startBlock, endBlock: startBlock + 864_000n, etroPerBlock: e18(rate), emission: 864_000n * e18(rate) };
  });
}
const total = e18('8640000');

describe('miningProgress', () => {
  it('marks the stages before, at and after the current one', () => {
    // Block 100 + 864,000 + 216,000: a quarter into stage 1.
    const block = 100n + 864_000n + 216_000n;
    const emitted = 864_000n * e18('4') + 216_000n * e18('3');
    const p = miningProgress({
      stages: schedule(100n),
      currentStage: 1n,
      blockNumber: block,
      emitted,
      totalEmission: total,
    });
    expect(p.started).toBe(true);
    expect(p.finished).toBe(false);
    expect(p.currentStage).toBe(1);
    expect(p.stages.map((s) => s.status)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(p.stages.map((s) => s.minedBlocks)).toEqual([864_000n, 216_000n, 0n, 0n]);
    expect(p.stages.map((s) => s.progressBps)).toEqual([10_000n, 2_500n, 0n, 0n]);
    expect(p.etroPerBlock).toBe(e18('3'));
    // 4,104,000 of 8,640,000 ETRO: 47.5 %.
    expect(p.progressBps).toBe(4_750n);
  });

  it('counts the blocks below the block read as emitted (emitted() covers [start, block))', () => {
    const p = miningProgress({
      stages: schedule(100n),
      currentStage: 0n,
      blockNumber: 107n,
      emitted: 7n * e18('4'),
      totalEmission: total,
    });
    expect(p.stages[0]).toMatchObject({
      index: 0,
      status: 'current',
      minedBlocks: 7n,
      totalBlocks: 864_000n,
      progressBps: 0n,
    });
    expect(p.etroPerBlock).toBe(e18('4'));
  });

  it('is finished after the last stage: no emission, everything done', () => {
    const p = miningProgress({
      stages: schedule(100n),
      currentStage: 4n,
      blockNumber: 100n + 4n * 864_000n + 5n,
      emitted: total,
      totalEmission: total,
    });
    expect(p.finished).toBe(true);
    expect(p.etroPerBlock).toBe(0n);
    expect(p.stages.every((s) => s.status === 'done' && s.progressBps === 10_000n)).toBe(true);
    expect(p.progressBps).toBe(10_000n);
  });

  it('is not started while the stages have no blocks', () => {
    const stages = schedule(0n).map((s) => ({ ...s, startBlock: 0n, endBlock: 0n }));
    const p = miningProgress({ stages, currentStage: 0n, blockNumber: 50n, emitted: 0n, totalEmission: total });
    expect(p.started).toBe(false);
    expect(p.finished).toBe(false);
    expect(p.etroPerBlock).toBe(0n);
    expect(p.stages.map((s) => s.status)).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(p.progressBps).toBe(0n);
  });

  it('shows a stage that starts in the future as current with nothing mined', () => {
    const p = miningProgress({
      stages: schedule(1_000n),
      currentStage: 0n,
      blockNumber: 10n,
      emitted: 0n,
      totalEmission: total,
    });
    expect(p.stages[0]).toMatchObject({ status: 'current', minedBlocks: 0n, progressBps: 0n });
  });

  it('refuses a schedule that is not 4 stages', () => {
    expect(() =>
      miningProgress({
        stages: schedule(1n).slice(0, 3),
        currentStage: 0n,
        blockNumber: 1n,
        emitted: 0n,
        totalEmission: total,
      }),
    ).toThrow(RangeError);
  });
});
