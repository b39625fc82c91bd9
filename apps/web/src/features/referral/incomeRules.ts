/**
 * The indirect income's levels as the help document states them: consecutive levels at the same
 * rate are one line ("levels 4–10: 1 %"); a level at 0 is not paid and is left out.
 */
export type LevelRate = { readonly from: number; readonly to: number; readonly bps: number };

/** `indirectBps[i]` is level i + 2's rate (level 1 is the direct income). */
export function indirectLevels(indirectBps: readonly number[]): LevelRate[] {
  const out: LevelRate[] = [];
  indirectBps.forEach((bps, i) => {
    const level = i + 2;
    const last = out[out.length - 1];
    if (bps === 0) return;
    if (last !== undefined && last.bps === bps && last.to === level - 1) out[out.length - 1] = { ...last, to: level };
    else out.push({ from: level, to: level, bps });
  });
  return out;
}
