import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The slowest test files of CI's runs (seconds each on CI's two cores, from test-results/vitest.json
 * of the fresh-clone run of 2026-11-27), slowest first. Vitest runs its projects one after the other
 * and, on a fresh clone (no timing cache), starts a project's files largest first: a slow file that
 * starts late runs alone at the end of its project while the other core waits (the simulator
 * project took 419 s for 315 s of work per core). Starting these first lets the short files fill
 * in beside them. A hint for speed only: a file missing from the list, or a stale entry, changes
 * nothing but the order.
 */
export const SLOW_FILES_FIRST = [
  'simulator/test/atomic-seed.test.ts', // 126 s, mostly waiting for the server processes it kills
  'tests/contract/contract.test.ts', // 30 s
  'client/src/features/cluster-resources/resources-page.test.tsx', // 65 s
  'simulator/test/open-database.test.ts', // 46 s
  'simulator/test/app-details-writes.test.ts', // 41 s
  'simulator/test/fuzz.test.ts', // 38 s
  'simulator/test/seed-side-by-side.test.ts', // 33 s
  'simulator/test/bigquery-job-pages.test.ts', // 29 s
  'client/src/features/chargeback/chargeback-page.test.tsx', // 27 s
  'simulator/test/seed-rhythm.test.ts', // 26 s
  'simulator/test/databricks-seed.test.ts', // 22 s
  'client/src/features/hbase/hbase-page.test.tsx', // 21 s
  'simulator/test/platform.test.ts', // 21 s
  'client/src/features/app-details/spark-extras.test.tsx', // 20 s
  'simulator/test/bigquery-seed.test.ts', // 20 s
  'simulator/test/rollup-side.test.ts', // 17 s
  'simulator/test/details-consistency.test.ts', // 17 s
  'client/src/features/bigquery/job-list-page.test.tsx', // 17 s
  'client/src/features/app-details/actions-controls.test.tsx', // 17 s
  'simulator/test/seed-progress.test.ts', // 17 s
  'simulator/test/budgets.test.ts', // 16 s
  'tests/readme-sign-in-example.test.ts', // 15 s
  'bench/plan.test.ts', // 10 s
]

/** Vitest's own order (projects apart, a timing cache when there is one), the slow files first in each project. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FILES_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`))
      return at < 0 ? SLOW_FILES_FIRST.length : at
    }
    // Each project keeps its place: Vitest's order keeps a project's files together, first at the
    // place of its first file.
    const firstOf = new Map<unknown, number>()
    sorted.forEach((spec, index) => firstOf.has(spec.project) || firstOf.set(spec.project, index))
    return sorted
      .map((spec, index) => ({ spec, index, group: firstOf.get(spec.project)! }))
      .sort((a, b) => a.group - b.group || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
