/**
 * The server step's file order on a fresh clone (where vitest has no timings yet and would run the
 * largest files first): the files named in `FIRST` (measured at minutes each), then every other file
 * that starts a stack (`test/`), then the unit files, each group by vitest's own order (its recorded
 * durations when it has them, else size). Long files started last would leave one worker running
 * alone at the end; started first, the other worker fills the time around them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['test/finance.pglite.test.ts', 'test/finance.postgres.test.ts'];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const first = FIRST.findIndex((f) => path.endsWith(`/apps/server/${f}`));
  if (first >= 0) return first;
  return path.includes('/apps/server/test/') ? FIRST.length : FIRST.length + 1;
}

export default class StacksFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
