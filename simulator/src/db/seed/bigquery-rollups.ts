import type { Db } from '../open-database.ts'
import { RowInserter } from './bulk-insert.ts'

/** What the day rollup reads of a job (bq_jobs columns). */
export interface BigQueryRollupInput {
  create_time: number
  project: number
  principal: number
  label_set: number | null
  job_type: string
  status: string
  pricing: number
  executed_by_unravel: number
  insight_mask: number
  cost_e4: number
  bytes_billed: number
  slot_ms: number
  duration: number
}

const DAY = 24 * 60 * 60 * 1000
const COLUMNS = [
  'day',
  'project',
  'principal',
  'label_set',
  'job_type',
  'status',
  'pricing',
  'unravel',
  'insight_mask',
  'n',
  'cost_e4',
  'bytes_billed',
  'slot_ms',
  'duration',
] as const
/** The primary key's columns come first in COLUMNS; the sums follow. */
const KEYS = 9

/**
 * bq_job_days, accumulated as the jobs are generated (no pass over a million rows in SQL after):
 * the jobs come day by day, so a day's groups are complete when the next day starts and are written
 * then (`flush`), in key order; only one day's groups are ever held.
 */
export class BigQueryRollupBuilder {
  private groups = new Map<string, (string | number)[]>()

  add(job: BigQueryRollupInput): void {
    const day = Math.floor(job.create_time / DAY) * DAY
    const labelSet = job.label_set ?? 0
    const key = `${day}|${job.project}|${job.principal}|${labelSet}|${job.job_type}|${job.status}|${job.pricing}|${job.executed_by_unravel}|${job.insight_mask}`
    const group = this.groups.get(key)
    if (group) {
      ;(group[KEYS] as number)++
      ;(group[KEYS + 1] as number) += job.cost_e4
      ;(group[KEYS + 2] as number) += job.bytes_billed
      ;(group[KEYS + 3] as number) += job.slot_ms
      ;(group[KEYS + 4] as number) += job.duration
    } else
      this.groups.set(key, [
        day,
        job.project,
        job.principal,
        labelSet,
        job.job_type,
        job.status,
        job.pricing,
        job.executed_by_unravel,
        job.insight_mask,
        1,
        job.cost_e4,
        job.bytes_billed,
        job.slot_ms,
        job.duration,
      ])
  }

  /** Writes the groups held (inside the caller's transaction), in primary-key order. */
  flush(db: Db): void {
    const rows = [...this.groups.values()].sort((a, b) => {
      for (let i = 0; i < KEYS; i++) {
        const x = a[i]!
        const y = b[i]!
        if (x !== y) return x < y ? -1 : 1
      }
      return 0
    })
    this.groups = new Map()
    const inserter = new RowInserter(db, 'bq_job_days', COLUMNS)
    for (const row of rows) inserter.pushRow(row)
    inserter.flush()
  }
}

/**
 * Rebuilds bq_job_days from the jobs stored (test fixtures that write bq_jobs by hand, and a seeded
 * file whose rollup predates a change of its keys) with the seed's builder, a day at a time.
 */
export function rollUpStoredBigQueryJobs(db: Db): void {
  const builder = new BigQueryRollupBuilder()
  const span = db
    .prepare('SELECT min(create_time) AS first, max(create_time) AS last FROM bq_jobs')
    .get() as {
    first: number | null
    last: number | null
  }
  const dayOf = db.prepare(
    `SELECT create_time, project, principal, label_set, job_type, status, pricing, executed_by_unravel,
            insight_mask, cost_e4, bytes_billed, slot_ms, duration
       FROM bq_jobs WHERE create_time >= ? AND create_time < ?`,
  )
  db.transaction(() => {
    db.prepare('DELETE FROM bq_job_days').run()
    if (span.first === null || span.last === null) return
    for (let day = Math.floor(span.first / DAY) * DAY; day <= span.last; day += DAY) {
      for (const job of dayOf.all(day, day + DAY) as BigQueryRollupInput[]) builder.add(job)
      builder.flush(db)
    }
  })()
}
