import { DATABRICKS_INSIGHT_KEYS } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { DAY, RUN_SPLITS, rangeBucket } from '../repositories/databricks-runs-days.ts'
import { RowInserter } from './bulk-insert.ts'

/** What a run adds to the day rollup and its splits: its db_runs values. */
export interface RunDayFacts {
  start: number
  status: string
  workspace: number
  computeKind: number
  principal: number
  job: number
  duration: number
  /** dbu_cost_e4 + vm_cost_e4 */
  totalE4: number
  costFinalAt: number
  insightMask: number
}

/** [n, min and max duration, min and max total cost, i0-i4]: a group's tally as the tables store it. */
type Tally = number[]

function addTo(
  groups: Map<string, { keys: (number | string)[]; tally: Tally }>,
  id: string,
  keys: (number | string)[],
  run: RunDayFacts,
) {
  const group = groups.get(id)
  const bits = DATABRICKS_INSIGHT_KEYS.map((_, bit) => (run.insightMask >> bit) & 1)
  if (!group) {
    groups.set(id, { keys, tally: [1, run.duration, run.duration, run.totalE4, run.totalE4, ...bits] })
    return
  }
  const t = group.tally
  t[0]! += 1
  t[1] = Math.min(t[1]!, run.duration)
  t[2] = Math.max(t[2]!, run.duration)
  t[3] = Math.min(t[3]!, run.totalE4)
  t[4] = Math.max(t[4]!, run.totalE4)
  for (const [bit, on] of bits.entries()) t[5 + bit]! += on
}

/**
 * db_run_days and db_run_day_splits accumulated while the seed writes its runs (issue 18: no GROUP
 * BY over a million rows afterwards, which took 10 s at the large scale); the same rows as
 * rollUpDatabricksRunDays over the stored runs (databricks-seed.test.ts).
 */
export class DatabricksRunDaysBuilder {
  private readonly days = new Map<string, { keys: (number | string)[]; tally: Tally }>()
  private readonly lastFinal = new Map<string, number>()
  private readonly splits = new Map<string, { keys: (number | string)[]; tally: Tally }>()

  add(run: RunDayFacts): void {
    const day = run.start - (run.start % DAY)
    const dayId = `${day}|${run.status}|${run.workspace}|${run.computeKind}`
    addTo(this.days, dayId, [day, run.status, run.workspace, run.computeKind], run)
    this.lastFinal.set(dayId, Math.max(this.lastFinal.get(dayId) ?? run.costFinalAt, run.costFinalAt))
    const keys: Record<keyof typeof RUN_SPLITS, number> = {
      duration: rangeBucket(run.duration),
      cost: rangeBucket(run.totalE4),
      principal: run.principal,
      job: run.job,
    }
    for (const [split, key] of Object.entries(keys)) {
      const code = RUN_SPLITS[split as keyof typeof RUN_SPLITS]
      addTo(this.splits, `${code}|${day}|${key}`, [code, day, key], run)
    }
  }

  write(db: Db): void {
    const days = new RowInserter(db, 'db_run_days', DAY_COLUMNS)
    for (const [id, { keys, tally }] of this.days)
      days.pushRow([...keys, ...tally.slice(0, 5), this.lastFinal.get(id)!, ...tally.slice(5)])
    days.flush()
    const splits = new RowInserter(db, 'db_run_day_splits', SPLIT_COLUMNS)
    for (const { keys, tally } of this.splits.values()) splits.pushRow([...keys, ...tally])
    splits.flush()
  }
}

const TALLY_NAMES = ['n', 'min_duration', 'max_duration', 'min_cost_e4', 'max_cost_e4']
const INSIGHT_NAMES = DATABRICKS_INSIGHT_KEYS.map((_, bit) => `i${bit}`)
const DAY_COLUMNS = [
  'day',
  'status',
  'workspace',
  'compute_kind',
  ...TALLY_NAMES,
  'last_final_at',
  ...INSIGHT_NAMES,
]
const SPLIT_COLUMNS = ['split', 'day', 'key', ...TALLY_NAMES, ...INSIGHT_NAMES]
