import {
  BIGQUERY_COST_DEFAULT_DAYS,
  BIGQUERY_JOB_TYPES,
  BIGQUERY_PRICING_PLANS,
  type BigQueryCostOverview,
  type BigQueryCostQuery,
  type BigQueryCostRow,
  type BigQueryCostSeries,
  type BigQueryCostTotals,
  type BigQueryJobType,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { readCodec, type BigQueryCodec } from './bigquery-codes.ts'
import { jobWindow, type JobWindow } from './bigquery-jobs.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'
import { bigQueryWindowPieces } from './bq-usage.ts'
import { readSetting } from './settings.ts'
import { fromE4 } from './snowflake-common.ts'

/*
 * The BigQuery cost pages (03 §2 /cost/osd_cost360, osd_topk, osd_tags; R152-R154): Cost 360 here,
 * with what Top K (bigquery-cost-topk.ts) and the tags (bigquery-cost-tags.ts) share. Every figure sums
 * the jobs created in the window, cut as the BigQuery chargeback cuts it (bigQueryWindowPieces:
 * whole seeded days from bq_job_days, the edges from bq_jobs), so Cost 360's total is the job list's
 * (with costlens' own jobs) and bqcb's to the cent. Money is summed in cents × 10,000 (integers) and
 * turned into cents once. Times are stored as seeded and moved by the read-time shift.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Sums of jobs: count, cost in cents × 10,000, bytes billed, slot-ms. */
export interface Sums {
  n: number
  costE4: number
  bytes: number
  slot: number
}

export const zero = (): Sums => ({ n: 0, costE4: 0, bytes: 0, slot: 0 })
export const addSums = (to: Sums, n: number, costE4: number, bytes: number, slot: number) => {
  to.n += n
  to.costE4 += costE4
  to.bytes += bytes
  to.slot += slot
}

/** A group of jobs: [project, principal, job type, pricing, n, cost e4, bytes billed, slot-ms]. */
export type JobGroup = [number, number, BigQueryJobType, number, number, number, number, number]

const GROUP_COLUMNS = 'a.project, a.principal, a.job_type, a.pricing'
export const sumsOf = (count: string) => `${count}, sum(a.cost_e4), sum(a.bytes_billed), sum(a.slot_ms)`

/**
 * Whole stored days summed once per process and kept, as the job list's metadata keeps its day
 * tallies (bigquery-job-tallies.ts): the seed is the only writer of bq_jobs and bq_job_days, so a
 * day always sums the same. A 30-day window and the 30 days before it then add 60 kept days and
 * read only their edges (the bench's Cost 360 row, p99 ≤ 100 ms at a million jobs).
 */
const dayCaches = new WeakMap<Db, { seededAt: string | undefined; days: Map<string, unknown> }>()

/** The kept days of the database as it is seeded now (a new seed starts afresh): read once a call. */
export function keptDays(db: Db): Map<string, unknown> {
  const seededAt = readSetting(db, 'seeded_at')
  let held = dayCaches.get(db)
  if (!held || held.seededAt !== seededAt) dayCaches.set(db, (held = { seededAt, days: new Map() }))
  return held.days
}

export function kept<T>(days: Map<string, unknown>, what: string, start: number, read: () => T): T {
  const key = `${what}:${start}`
  if (!days.has(key)) days.set(key, read())
  return days.get(key) as T
}

/** The window of a cost call: default the 7 days to now; reversed or over 366 days is a 400. */
export function costWindow(db: Db, q: { startTime?: string; endTime?: string }, now: number): JobWindow {
  const end = q.endTime === undefined ? now : Date.parse(q.endTime)
  const startTime =
    q.startTime ??
    (Number.isNaN(end) ? undefined : new Date(end - BIGQUERY_COST_DEFAULT_DAYS * DAY + 1).toISOString())
  return jobWindow(db, { startTime, endTime: q.endTime }, now, 'querystring')
}

/** The stored half-open range of a shown window [start, end]. */
export const storedRange = (w: JobWindow) => ({ from: w.start - w.shift, to: w.end - w.shift + 1 })

/** An edge of a window cut at the stored hours: whole hours (kept) and the partial ones at its ends. */
export function hoursOf(edge: { from: number; to: number }): { from: number; to: number; whole: boolean }[] {
  const hours = []
  for (let from = edge.from; from < edge.to;) {
    const hour = Math.floor(from / HOUR) * HOUR
    const to = Math.min(edge.to, hour + HOUR)
    hours.push({ from, to, whole: from === hour && to === hour + HOUR })
    from = to
  }
  return hours
}

/**
 * The job groups of a stored range, each with the point it adds to: a day point per seeded day
 * (its start moved by the shift), or an hour point of shown time for windows of a day or less.
 */
export function jobGroups(db: Db, range: { from: number; to: number }, shift: number, hourly: boolean) {
  const out: { point: number; groups: JobGroup[] }[] = []
  const days = keptDays(db)
  const edge = (from: number, to: number): JobGroup[] => {
    const window = jobsCreatedIn(db, { from, to }, 'a')
    return db
      .prepare(
        `SELECT ${GROUP_COLUMNS}, ${sumsOf('count(*)')} FROM ${window.table}
          WHERE ${window.where} GROUP BY ${GROUP_COLUMNS}`,
      )
      .raw()
      .all(window.params) as JobGroup[]
  }
  if (hourly) {
    const window = jobsCreatedIn(db, range, 'a')
    const rows = db
      .prepare(
        `SELECT CAST((a.create_time + @shift) / ${HOUR} AS INTEGER) * ${HOUR} AS point, ${GROUP_COLUMNS}, ${sumsOf('count(*)')}
           FROM ${window.table} WHERE ${window.where}
          GROUP BY point, ${GROUP_COLUMNS}`,
      )
      .raw()
      .all({ ...window.params, shift }) as [number, ...JobGroup][]
    for (const [point, ...group] of rows) out.push({ point, groups: [group as JobGroup] })
    return out
  }
  for (const piece of bigQueryWindowPieces(range)) {
    if (piece.table === 'bq_jobs') {
      // An edge: its whole hours kept like the days (a day's edge is up to 10,000 jobs at the large
      // scale, read twice a call for the window and the period before), its partial hours read.
      for (const { from, to, whole } of hoursOf(piece))
        out.push({
          point: Math.floor(from / DAY) * DAY + shift,
          groups: whole ? kept(days, 'hour', from, () => edge(from, to)) : edge(from, to),
        })
      continue
    }
    for (let day = piece.from; day < piece.to; day += DAY)
      out.push({
        point: day + shift,
        groups: kept(days, 'groups', day, () =>
          db
            .prepare(
              `SELECT ${GROUP_COLUMNS}, ${sumsOf('sum(a.n)')} FROM bq_job_days a WHERE a.day = ?
                GROUP BY ${GROUP_COLUMNS}`,
            )
            .raw()
            .all(day),
        ) as JobGroup[],
      })
  }
  return out
}

const TYPES: readonly BigQueryJobType[] = ['Q', 'L', 'E', 'C']
const TYPE_INDEX: Readonly<Record<string, number>> = { Q: 0, L: 1, E: 2, C: 3 }

/**
 * The parts' groups added up by project × principal × job type × pricing (a 30-day window holds
 * some 36,000 day groups at the large scale, but only about 1,200 distinct ones), so the
 * breakdowns then each read those few; and the cost per point and job type, for the trend.
 */
export function collapse(parts: readonly { point: number; groups: JobGroup[] }[]) {
  const groups = new Map<number, JobGroup>()
  const trend = new Map<BigQueryJobType, Map<number, number>>()
  for (const part of parts) {
    // The part's cost by job type first: one addition per group, one map write per type.
    const byType = [0, 0, 0, 0]
    const seen = [false, false, false, false]
    for (const g of part.groups) {
      seen[TYPE_INDEX[g[2]] ?? 0] = true
      const key = ((g[0] * 65_536 + g[1]) * 4 + (TYPE_INDEX[g[2]] ?? 0)) * 8 + g[3]
      const held = groups.get(key)
      if (!held) groups.set(key, [...g])
      else {
        held[4] += g[4]
        held[5] += g[5]
        held[6] += g[6]
        held[7] += g[7]
      }
      const type = TYPE_INDEX[g[2]] ?? 0
      byType[type] = byType[type]! + g[5]
    }
    TYPES.forEach((type, i) => {
      if (!seen[i]) return
      const series = trend.get(type) ?? trend.set(type, new Map()).get(type)!
      series.set(part.point, (series.get(part.point) ?? 0) + byType[i]!)
    })
  }
  return { parts: [{ groups: [...groups.values()] }], trend }
}

/** Sums by a key of each group. */
export function sumBy<K>(parts: readonly { groups: JobGroup[] }[], keyOf: (g: JobGroup) => K): Map<K, Sums> {
  const sums = new Map<K, Sums>()
  for (const part of parts)
    for (const g of part.groups) {
      const key = keyOf(g)
      let s = sums.get(key)
      if (!s) sums.set(key, (s = zero()))
      addSums(s, g[4], g[5], g[6], g[7])
    }
  return sums
}

export const totalOf = (sums: Iterable<Sums>): Sums => {
  const t = zero()
  for (const s of sums) addSums(t, s.n, s.costE4, s.bytes, s.slot)
  return t
}

export const totals = (s: Sums): BigQueryCostTotals => ({
  cost: fromE4(s.costE4),
  jobCount: s.n,
  billedBytes: s.bytes,
  slotMs: s.slot,
})

/** Percent of the whole, 2 decimals (0 of nothing). */
export const sharePercent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0

/** Change against the period before, 2 decimals; null when there was no cost before. */
export const changePercent = (now: number, before: number) =>
  before > 0 ? Math.round(((now - before) / before) * 10_000) / 100 : null

/** Most cost first, ties by id. */
export const byCost = <R extends { cost: number; id: string }>(a: R, b: R) =>
  b.cost - a.cost || a.id.localeCompare(b.id)

/** Names of the groups' keys: project, principal, reservation (pricing 0: on demand) and job type. */
export function namers(codec: BigQueryCodec) {
  return {
    project: (g: JobGroup) => codec.projects.get(g[0])?.projectId ?? '',
    user: (g: JobGroup) => codec.principals.get(g[1])?.email ?? '',
    reservation: (g: JobGroup) => {
      if (g[3] === 0) return 'on-demand'
      const code = codec.projects.get(g[0])?.reservation
      return (
        (code === null || code === undefined ? undefined : codec.reservations.get(code)?.reservationId) ?? ''
      )
    },
    jobType: (g: JobGroup) => g[2],
  }
}

const RESERVATION_NAMES: Record<string, string> = { 'on-demand': BIGQUERY_PRICING_PLANS.ON_DEMAND }

function breakdown(
  now: Map<string, Sums>,
  before: Map<string, Sums>,
  whole: number,
  limit: number,
  name: (id: string) => string = (id) => id,
): BigQueryCostRow[] {
  return [...now]
    .filter(([, s]) => s.n > 0)
    .map(([id, s]) => {
      const previous = before.get(id)?.costE4 ?? 0
      return {
        id,
        name: name(id),
        ...totals(s),
        share: sharePercent(s.costE4, whole),
        previousCost: fromE4(previous),
        changePercent: changePercent(s.costE4, previous),
      }
    })
    .sort(byCost)
    .slice(0, limit)
}

/** The shown points of the window: whole hours, or one per seeded day moved by the shift. */
function pointsOf(w: JobWindow, hourly: boolean): number[] {
  const points: number[] = []
  if (hourly) for (let p = Math.floor(w.start / HOUR) * HOUR; p <= w.end; p += HOUR) points.push(p)
  else {
    const { from, to } = storedRange(w)
    for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) points.push(day + w.shift)
  }
  return points
}

/** GET costOverview (Cost 360, R152). */
export function costOverview(db: Db, q: BigQueryCostQuery, now: number): BigQueryCostOverview {
  const w = costWindow(db, q, now)
  const length = w.end - w.start + 1
  const before: JobWindow = { start: w.start - length, end: w.start - 1, shift: w.shift }
  const hourly = length <= DAY
  const { parts, trend: byTypeAndPoint } = collapse(jobGroups(db, storedRange(w), w.shift, hourly))
  const previousParts = collapse(jobGroups(db, storedRange(before), w.shift, hourly)).parts
  const codec = readCodec(db)
  const name = namers(codec)
  const total = totalOf(sumBy(parts, () => 0).values())
  const previous = totalOf(sumBy(previousParts, () => 0).values())
  const limit = q.limit ?? 100
  const rows = (keyOf: (g: JobGroup) => string, label?: (id: string) => string) =>
    breakdown(sumBy(parts, keyOf), sumBy(previousParts, keyOf), total.costE4, limit, label)
  const points = pointsOf(w, hourly)
  const trend: BigQueryCostSeries[] = [...byTypeAndPoint]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, series]) => ({
      id: type,
      name: BIGQUERY_JOB_TYPES[type] ?? type,
      data: points.map((p) => [p, fromE4(series.get(p) ?? 0)] as [number, number]),
    }))
  return {
    startTime: new Date(w.start).toISOString(),
    endTime: new Date(w.end).toISOString(),
    previousStartTime: new Date(before.start).toISOString(),
    previousEndTime: new Date(before.end).toISOString(),
    pointInterval: hourly ? 'hour' : 'day',
    total: totals(total),
    previous: totals(previous),
    changePercent: changePercent(total.costE4, previous.costE4),
    trend,
    projects: rows(name.project),
    users: rows(name.user),
    reservations: rows(name.reservation, (id) => RESERVATION_NAMES[id] ?? id),
    jobTypes: rows(name.jobType, (id) => BIGQUERY_JOB_TYPES[id as BigQueryJobType] ?? id),
  }
}
