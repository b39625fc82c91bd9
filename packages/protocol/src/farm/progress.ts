/**
 * The farm's "mining progress" (spec §2 Ecology › DeFi): its 4 emission stages, which one the
 * chain is in, and how much of each and of the whole schedule has been emitted.
 */

/** The number of emission stages (`EternoFarm.STAGE_COUNT`). */
export const FARM_STAGE_COUNT = 4;

/** `EternoFarm.stageInfo(i)`: blocks [startBlock, endBlock) at `etroPerBlock`. */
export type FarmStage = {
  readonly startBlock: bigint;
  readonly endBlock: bigint;
  readonly etroPerBlock: bigint;
  /** (endBlock − startBlock) × etroPerBlock. */
  readonly emission: bigint;
};

export type StageStatus = 'done' | 'current' | 'upcoming';

export type StageProgress = FarmStage & {
  readonly index: number;
  readonly status: StageStatus;
  /** Blocks of the stage already emitted: those below the block the figures were read at. */
  readonly minedBlocks: bigint;
  readonly totalBlocks: bigint;
  /** minedBlocks ÷ totalBlocks in basis points (10,000 = 100 %), truncated. */
  readonly progressBps: bigint;
};

export type MiningProgress = {
  /** False until the owner starts the emission (the stages have no blocks yet). */
  readonly started: boolean;
  /** True once the last stage has ended (`currentStage()` = 4). */
  readonly finished: boolean;
  /** 0–3, or 4 once finished (`currentStage()`). */
  readonly currentStage: number;
  readonly stages: readonly StageProgress[];
  /** ETRO per block now: the current stage's rate, 0 before the start and after the end. */
  readonly etroPerBlock: bigint;
  readonly emitted: bigint;
  readonly totalEmission: bigint;
  /** emitted ÷ totalEmission in basis points, truncated. */
  readonly progressBps: bigint;
};

const BPS = 10_000n;

function ratioBps(part: bigint, whole: bigint): bigint {
  if (whole <= 0n) return 0n;
  const clamped = part < 0n ? 0n : part > whole ? whole : part;
  return (clamped * BPS) / whole;
}

/**
 * Mining progress from the farm's own figures, read in one block: `stageInfo(0..3)`,
 * `currentStage()`, `emitted()`, `totalEmission()` and the block number.
 */
export function miningProgress(args: {
  stages: readonly FarmStage[];
  currentStage: bigint;
  blockNumber: bigint;
  emitted: bigint;
  totalEmission: bigint;
}): MiningProgress {
  if (args.stages.length !== FARM_STAGE_COUNT) {
    throw new RangeError(`miningProgress: expected ${FARM_STAGE_COUNT} stages, got ${args.stages.length}`);
  }
  const started = (args.stages[0] as FarmStage).endBlock > 0n;
  const current = Number(args.currentStage);
  const finished = started && current >= FARM_STAGE_COUNT;
  const stages = args.stages.map((stage, index): StageProgress => {
    const totalBlocks = stage.endBlock - stage.startBlock;
    let minedBlocks = 0n;
    if (started) {
      const mined = args.blockNumber - stage.startBlock;
      minedBlocks = mined < 0n ? 0n : mined > totalBlocks ? totalBlocks : mined;
    }
    const status: StageStatus = !started || index > current ? 'upcoming' : index < current ? 'done' : 'current';
    return { ...stage, index, status, minedBlocks, totalBlocks, progressBps: ratioBps(minedBlocks, totalBlocks) };
  });
  const running = started && !finished ? stages[current] : undefined;
  return {
    started,
    finished,
    currentStage: current,
    stages,
    etroPerBlock: running?.etroPerBlock ?? 0n,
    emitted: args.emitted,
    totalEmission: args.totalEmission,
    progressBps: ratioBps(args.emitted, args.totalEmission),
  };
}
