import type { Db } from '../open-database.ts'
import { DAY, rollUpDatabricksInsights } from '../repositories/databricks-insights-rollup.ts'

const HOUR = 3_600_000

/*
 * The insights pages' seed (issue 20): the savings rollups of the runs just written, and a few job ×
 * insight actions already marked done at varied past times, so a demo shows realised savings (the
 * runs after each was done) beside the untapped ones (the runs before it, and every other pair).
 */

/** Days before now the seeded actions were marked done, by whom and why: the costliest pairs first. */
const DONE = [
  { daysAgo: 4, by: 'databricks', note: 'Moved to a job cluster.' },
  { daysAgo: 11, by: 'admin', note: '' },
  { daysAgo: 23, by: 'databricks', note: 'Autoscaling 2–8 workers.' },
  { daysAgo: 47, by: 'admin', note: 'Spot with fallback for the workers.' },
] as const

/** Writes the rollups and the done actions (after db_runs; `now` is the seed's, in stored terms). */
export function seedDatabricksInsights(db: Db, now: number): void {
  rollUpDatabricksInsights(db)
  // The pairs with the largest saving over the history, one per job so several jobs show them.
  const pairs = db
    .prepare(
      `SELECT job, insight FROM (
         SELECT job, insight, sum(saving_e4) AS saving,
                row_number() OVER (PARTITION BY job ORDER BY sum(saving_e4) DESC, insight) AS n
           FROM db_insight_days WHERE insight >= 0 GROUP BY job, insight)
        WHERE n = 1 ORDER BY saving DESC, job LIMIT ?`,
    )
    .all(DONE.length) as { job: number; insight: number }[]
  const insert = db.prepare(
    `INSERT INTO db_insight_actions (job, insight, done_at, done_by, note, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
  )
  pairs.forEach((pair, i) => {
    const done = DONE[i]!
    // Mid-morning UTC, so the day it was done holds runs on both sides of it.
    const at = Math.floor((now - done.daysAgo * DAY) / DAY) * DAY + 9 * HOUR + i * 17 * 60_000
    insert.run(pair.job, pair.insight, at, done.by, done.note || null, at)
  })
}
