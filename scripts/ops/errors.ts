/** A refusal: printed as `refused: <message>` and then `nothing` (what was not done), exit code 1. */
export class Refused extends Error {
  override name = 'Refused';
  constructor(
    message: string,
    readonly nothing = 'Nothing was sent.',
  ) {
    super(message);
  }
}

/** A bad command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type OpsIo = {
  env: Readonly<Record<string, string | undefined>>;
  /** One line of output. */
  out: (line: string) => void;
  /** Today, for `publish-settings` (tests pass their own). */
  now?: () => Date;
  /** The repository root `publish-settings` writes under (tests pass a copy). */
  repoRoot?: string;
};
