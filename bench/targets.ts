/**
 * The figures issue 18 ("Scale") sets targets for, each with its target and whether this run met it:
 * the table `npm run bench` ends with. The latency rows keep their own budgets (budgets.ts); here they
 * count as one figure, "every row within its budget". MB are MiB (2^20 bytes) as the seed script
 * prints them, so 1 GB is 1,024 MB and 1.5 GB is 1,536 MB.
 */

/** One seed's figures as `scripts/seed.ts` prints them. */
export interface SeedFigures {
  seconds: number
  peakMb: number
  fileMb: number
}

export interface RunFigures {
  /** The large seed of this run; undefined when the run reused an existing file. */
  largeSeed?: SeedFigures
  demoSeedSeconds?: number
  smallSeedSeconds?: number
  /** The load table: how many rows were measured and how many missed their budgets. */
  rows?: { measured: number; missed: number }
  initialJsKb?: number
  lighthouse: readonly { path: string; performance: number; accessibility: number }[]
  /** Median ms from a page load to the applications list's first rows, demo scale. */
  firstRowsMedianMs?: number
}

export interface TargetRow {
  figure: string
  value: string
  target: string
  /** undefined: not measured in this run (it never counts as met). */
  met: boolean | undefined
}

export const TARGETS = {
  largeSeedSeconds: 90,
  largePeakMb: 1024,
  largeFileMb: 1536,
  demoSeedSeconds: 8,
  smallSeedSeconds: 2,
  initialJsKb: 180,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  firstRowsMs: 600,
} as const

/** The pages Lighthouse must score on (issue 18, "The client"). */
export const LIGHTHOUSE_PAGES = ['/login', '/jobs/applications'] as const

const NOT_MEASURED = 'not measured in this run'

export function atMost(figure: string, value: number | undefined, target: number, unit: string): TargetRow {
  return value === undefined
    ? { figure, value: NOT_MEASURED, target: `≤ ${target} ${unit}`, met: undefined }
    : { figure, value: `${value} ${unit}`, target: `≤ ${target} ${unit}`, met: value <= target }
}

function atLeast(figure: string, value: number | undefined, target: number): TargetRow {
  return value === undefined
    ? { figure, value: NOT_MEASURED, target: `≥ ${target}`, met: undefined }
    : { figure, value: String(value), target: `≥ ${target}`, met: value >= target }
}

/** The issue's figures against their targets, in the issue's order. */
export function issueTargets(figures: RunFigures): TargetRow[] {
  const seed = figures.largeSeed
  const rows = figures.rows
  return [
    atMost('large seed: time', seed?.seconds, TARGETS.largeSeedSeconds, 's'),
    atMost('large seed: peak memory', seed?.peakMb, TARGETS.largePeakMb, 'MB'),
    atMost('large seed: file', seed?.fileMb, TARGETS.largeFileMb, 'MB'),
    atMost('demo seed: time', figures.demoSeedSeconds, TARGETS.demoSeedSeconds, 's'),
    atMost('small seed: time', figures.smallSeedSeconds, TARGETS.smallSeedSeconds, 's'),
    rows
      ? {
          figure: 'load rows within budget (global search, pipelines, job counts among them)',
          value: `${rows.measured - rows.missed} of ${rows.measured}`,
          target: 'all',
          met: rows.measured > 0 && rows.missed === 0,
        }
      : { figure: 'load rows within budget', value: NOT_MEASURED, target: 'all', met: undefined },
    atMost('initial JavaScript (gzip)', figures.initialJsKb, TARGETS.initialJsKb, 'KB'),
    ...LIGHTHOUSE_PAGES.flatMap((page) => {
      const scores = figures.lighthouse.find((l) => l.path === page)
      return [
        atLeast(`Lighthouse ${page}: performance`, scores?.performance, TARGETS.lighthousePerformance),
        atLeast(`Lighthouse ${page}: accessibility`, scores?.accessibility, TARGETS.lighthouseAccessibility),
      ]
    }),
    atMost(
      'first rows after a page load (demo, median)',
      figures.firstRowsMedianMs,
      TARGETS.firstRowsMs,
      'ms',
    ),
  ]
}

/** "Seeded … in 12.34 s, peak memory 456 MB, file 78 MB: …" → its figures (scripts/seed.ts's line). */
export function parseSeedLine(output: string): SeedFigures | undefined {
  const match = /in ([\d.]+) s, peak memory (\d+) MB, file (\d+) MB/.exec(output)
  return match ? { seconds: Number(match[1]), peakMb: Number(match[2]), fileMb: Number(match[3]) } : undefined
}

/**
 * The run of a seed repeated `n` times that took the median time (its peak and file too): one
 * sample of a seed of a few seconds swings by a second on this machine (the demo seed measured 7.6 to
 * 9.1 s in one evening), more than the margin of its target. Undefined when a run printed no summary.
 */
export function medianSeed(runs: readonly (SeedFigures | undefined)[]): SeedFigures | undefined {
  if (!runs.length || runs.some((run) => run === undefined)) return undefined
  const sorted = [...(runs as SeedFigures[])].sort((a, b) => a.seconds - b.seconds)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}
