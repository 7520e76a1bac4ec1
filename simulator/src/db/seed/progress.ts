/**
 * How a seed tells its progress: each step (rows generated, indexes, rollups, a platform's tables)
 * begins with the units it will do, advances as it goes and ends. The seed script and the first
 * start draw it as a bar with the time left on a terminal and as one line per step in a log;
 * tests and resets pass nothing and hear nothing.
 */
export interface SeedProgress {
  /** A step starts: its name and how many units (rows, indexes…) it will do; 0 when unknown. */
  begin(step: string, total: number): void
  /** `units` more of the current step are done. */
  advance(units: number): void
  /** The current step is finished. */
  end(): void
}

/** For callers that want no progress (tests, resets): every call is a no-op. */
export const SILENT_PROGRESS: SeedProgress = {
  begin() {},
  advance() {},
  end() {},
}
