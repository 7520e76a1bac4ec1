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
  'n',
  'cost_e4',
  'bytes_billed',
  'slot_ms',
  'duration',
] as const

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
    const key = `${day}|${job.project}|${job.principal}|${labelSet}|${job.job_type}|${job.status}|${job.pricing}`
    const group = this.groups.get(key)
    if (group) {
      ;(group[7] as number)++
      ;(group[8] as number) += job.cost_e4
      ;(group[9] as number) += job.bytes_billed
      ;(group[10] as number) += job.slot_ms
      ;(group[11] as number) += job.duration
    } else
      this.groups.set(key, [
        day,
        job.project,
        job.principal,
        labelSet,
        job.job_type,
        job.status,
        job.pricing,
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
      for (let i = 0; i < 7; i++) {
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
