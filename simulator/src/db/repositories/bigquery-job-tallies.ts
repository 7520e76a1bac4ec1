import type { Db } from '../open-database.ts'
import { readSetting } from './settings.ts'
import type { SqlParts } from './snowflake-common.ts'

/*
 * The job list's metadata (E164) counts every option over its window, and the project list (E165)
 * sums each project's last 30 days: a 30-day window holds some
 * 300,000 jobs at the large scale. The seed is the only writer of bq_jobs, so a whole stored UTC day
 * always tallies the same: each day's tally is read once per process (per list type) from the day
 * rollup bq_job_days (its ranges from the day's jobs) and kept, and a window adds its whole days from
 * them and counts only its two partial edges. `read` says how bq_jobs is read after its name
 * (bigquery-job-pages.ts windowRead: a window's rowid range NOT INDEXED, or a list's own index).
 */

const DAY = 86_400_000

interface Range {
  min: number
  max: number
}

/** Counts by code (project, principal, pricing, insight mask, label set) or letter (type, status). */
export interface JobTally {
  projects: Map<number, number>
  principals: Map<number, number>
  types: Map<string, number>
  statuses: Map<string, number>
  pricing: Map<number, number>
  masks: Map<number, number>
  labelSets: Map<number, number>
  /** Per project: its jobs' sums (the project list, E165). Money in ten-thousandths of a cent. */
  projectSums: Map<number, ProjectSums>
  duration: Range
  slotMs: Range
  billedBytes: Range
}

export interface ProjectSums {
  costE4: number
  billedBytes: number
  slotMs: number
  inefficient: number
}

const range = (): Range => ({ min: Infinity, max: -Infinity })

export const emptyTally = (): JobTally => ({
  projects: new Map(),
  principals: new Map(),
  types: new Map(),
  statuses: new Map(),
  pricing: new Map(),
  masks: new Map(),
  labelSets: new Map(),
  projectSums: new Map(),
  duration: range(),
  slotMs: range(),
  billedBytes: range(),
})

const addTo = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n)
const widen = (r: Range, lo: number, hi: number) => {
  if (lo < r.min) r.min = lo
  if (hi > r.max) r.max = hi
}

function merge(into: JobTally, from: JobTally): void {
  for (const key of ['projects', 'principals', 'types', 'statuses', 'pricing', 'masks', 'labelSets'] as const)
    for (const [k, n] of from[key] as Map<unknown, number>) addTo(into[key] as Map<unknown, number>, k, n)
  for (const key of ['duration', 'slotMs', 'billedBytes'] as const)
    widen(into[key], from[key].min, from[key].max)
  for (const [project, sums] of from.projectSums) addSums(into, project, sums)
}

function addSums(t: JobTally, project: number, add: ProjectSums): void {
  const sums = t.projectSums.get(project)
  if (!sums) t.projectSums.set(project, { ...add })
  else {
    sums.costE4 += add.costE4
    sums.billedBytes += add.billedBytes
    sums.slotMs += add.slotMs
    sums.inefficient += add.inefficient
  }
}

/** A group of jobs alike in every option: its count and sums (label set 0 or null: no labels). */
type Group = [
  project: number,
  principal: number,
  type: string,
  status: string,
  plan: number,
  mask: number,
  labelSet: number | null,
  n: number,
  costE4: number,
  billed: number,
  slot: number,
]

function addGroups(t: JobTally, groups: Iterable<Group>): void {
  for (const [project, principal, type, status, plan, mask, labelSet, n, costE4, billed, slot] of groups) {
    addSums(t, project, { costE4, billedBytes: billed, slotMs: slot, inefficient: mask ? n : 0 })
    addTo(t.projects, project, n)
    addTo(t.principals, principal, n)
    addTo(t.types, type, n)
    addTo(t.statuses, status, n)
    addTo(t.pricing, plan, n)
    if (mask) addTo(t.masks, mask, n)
    if (labelSet) addTo(t.labelSets, labelSet, n)
  }
}

const GROUP_COLUMNS = 'project, principal, job_type, status, pricing, insight_mask, label_set'

/** The ranges of the jobs the clauses select: one aggregate read. */
function addRanges(t: JobTally, db: Db, read: string, sql: SqlParts): void {
  const r = db
    .prepare(
      `SELECT min(duration), max(duration), min(slot_ms), max(slot_ms), min(bytes_billed), max(bytes_billed)
         FROM bq_jobs ${read} ${sql.where('WHERE')}`,
    )
    .raw()
    .get(sql.params) as (number | null)[]
  if (r[0] === null) return
  widen(t.duration, r[0]!, r[1]!)
  widen(t.slotMs, r[2]!, r[3]!)
  widen(t.billedBytes, r[4]!, r[5]!)
}

type Row = [number, number, string, string, number, number, number | null, number, number, number, number]

/** One pass over the jobs the clauses select (no GROUP BY: it would sort them all). */
function count(db: Db, read: string, sql: SqlParts): JobTally {
  const t = emptyTally()
  const rows = db
    .prepare(
      `SELECT project, principal, job_type, status, pricing, insight_mask, label_set, duration, slot_ms,
              bytes_billed, cost_e4
         FROM bq_jobs ${read} ${sql.where('WHERE')}`,
    )
    .raw()
    .iterate(sql.params) as IterableIterator<Row>
  for (const [project, principal, type, status, plan, mask, labelSet, d, slot, billed, costE4] of rows) {
    let sums = t.projectSums.get(project)
    if (!sums) t.projectSums.set(project, (sums = { costE4: 0, billedBytes: 0, slotMs: 0, inefficient: 0 }))
    sums.costE4 += costE4
    sums.billedBytes += billed
    sums.slotMs += slot
    if (mask) sums.inefficient++
    addTo(t.projects, project, 1)
    addTo(t.principals, principal, 1)
    addTo(t.types, type, 1)
    addTo(t.statuses, status, 1)
    addTo(t.pricing, plan, 1)
    if (mask) addTo(t.masks, mask, 1)
    if (labelSet !== null) addTo(t.labelSets, labelSet, 1)
    widen(t.duration, d, d)
    widen(t.slotMs, slot, slot)
    widen(t.billedBytes, billed, billed)
  }
  return t
}

/**
 * A whole stored day: its groups from the day rollup bq_job_days (`daysWhere`: the list type's
 * clauses on it, without parameters), its ranges from its jobs (the rollup holds no minimum or
 * maximum).
 */
function countDay(db: Db, read: string, sql: SqlParts, day: number, daysWhere: string): JobTally {
  const t = emptyTally()
  const groups = db
    .prepare(
      `SELECT ${GROUP_COLUMNS}, n, cost_e4, bytes_billed, slot_ms FROM bq_job_days
        WHERE day = ? ${daysWhere ? `AND ${daysWhere}` : ''}`,
    )
    .raw()
    .iterate(day) as IterableIterator<Group>
  addGroups(t, groups)
  addRanges(t, db, read, sql)
  return t
}

/** Day tallies by database, kept while its seed (seeded_at) is the same. */
const cache = new WeakMap<Db, { seededAt: string | undefined; days: Map<string, JobTally> }>()

function dayCache(db: Db) {
  const seededAt = readSetting(db, 'seeded_at')
  let held = cache.get(db)
  if (!held || held.seededAt !== seededAt) cache.set(db, (held = { seededAt, days: new Map() }))
  return held.days
}

/**
 * The tally of the jobs of a stored range [from, to) that `clauses` select (the same filters for
 * every day: `variant` names them in the cache, `daysWhere` says them on bq_job_days). `clauses`
 * builds the filters for a sub-range.
 */
export function tallyWindow(
  db: Db,
  read: string,
  range: { from: number; to: number } | undefined,
  variant: string,
  clauses: (range: { from: number; to: number } | undefined) => SqlParts,
  daysWhere: string,
): JobTally {
  if (!range) return count(db, read, clauses(undefined))
  const firstDay = Math.ceil(range.from / DAY) * DAY
  const lastDay = Math.floor(range.to / DAY) * DAY
  if (firstDay >= lastDay) return count(db, read, clauses(range))
  const days = dayCache(db)
  const total = emptyTally()
  for (let day = firstDay; day < lastDay; day += DAY) {
    const key = `${variant}:${day}`
    let t = days.get(key)
    if (!t) days.set(key, (t = countDay(db, read, clauses({ from: day, to: day + DAY }), day, daysWhere)))
    merge(total, t)
  }
  if (range.from < firstDay) merge(total, count(db, read, clauses({ from: range.from, to: firstDay })))
  if (lastDay < range.to) merge(total, count(db, read, clauses({ from: lastDay, to: range.to })))
  return total
}
