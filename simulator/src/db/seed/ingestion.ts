import { HOUR_MS } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { INGESTION_SOURCES, type IngestionSourceDefinition } from '../repositories/ingestion-sources.ts'
import type { Prng } from './prng.ts'

/*
 * The console's own ingestion runs (issue 23 /manage/data_ingestion_monitor): every source polled on its
 * schedule over the last RUN_HISTORY_DAYS, each run reading whole hours of event time up to what the
 * view's latency lets it see and counting the rows the stored queries and jobs hold for them. A few runs
 * fail the way collectors of these views do, and the runs after a failure catch up at most
 * MAX_HOURS_PER_RUN hours at a time, so a long outage leaves a source behind for a while. Seeded after
 * the Snowflake and BigQuery data and their hourly rollups (os_alerting_bq_hours) it counts; the event
 * sources' rows per hour are stored beside the runs (ingestion_source_hours) for the monitor's chart.
 */

/** How far back runs are kept: the pages' longest range (31 days) and some. */
export const RUN_HISTORY_DAYS = 35

/** A run catching up reads at most this many hours, as collectors cap a backfill's query. */
export const MAX_HOURS_PER_RUN = 2

/** Its own generator stream (seed + this), so every other table's rows stay as they were. */
export const INGESTION_PRNG_OFFSET = 59

const DAY_MS = 24 * HOUR_MS

/** The platforms' errors, as their drivers word them. */
export const INGESTION_ERRORS = {
  timeout: 'Statement reached its statement or warehouse timeout of 600 second(s) and was canceled.',
  suspended:
    "Warehouse 'COSTLENS_INGEST_WH' is suspended and cannot be resumed: resource monitor 'COSTLENS_MONTHLY' has exceeded its credit quota.",
  privileges: "SQL access control error: Insufficient privileges to operate on schema 'ACCOUNT_USAGE'",
  bigQueryDenied:
    'Access Denied: Table region-us.INFORMATION_SCHEMA.JOBS: User does not have permission to query table region-us.INFORMATION_SCHEMA.JOBS, or perhaps it does not exist.',
  bigQueryRate: 'Exceeded rate limits: too many concurrent queries for this project_and_region.',
} as const
type IngestionError = keyof typeof INGESTION_ERRORS

/** Runs started in [now − fromHours, now − toHours) fail with `error`. */
interface Incident {
  source: string
  fromHours: number
  toHours: number
  error: IngestionError
}

/**
 * The seeded failures: the ingestion warehouse's quota ran out five days ago for four hours (every
 * Snowflake source failed, then caught up), single timeouts, WAREHOUSE_LOAD_HISTORY timing out for ten
 * hours until seven hours ago (still catching up now: delayed), and ACCESS_HISTORY's grant revoked
 * three hours ago (failing now). BigQuery's jobs view was denied for three hours two days ago.
 */
const INCIDENTS: readonly Incident[] = [
  ...['QUERY_HISTORY', 'WAREHOUSE_METERING_HISTORY', 'WAREHOUSE_LOAD_HISTORY', 'ACCESS_HISTORY'].map(
    (source): Incident => ({ source, fromHours: 122, toHours: 118, error: 'suspended' }),
  ),
  { source: 'QUERY_HISTORY', fromHours: 50, toHours: 49, error: 'timeout' },
  { source: 'WAREHOUSE_METERING_HISTORY', fromHours: 200, toHours: 199, error: 'timeout' },
  { source: 'WAREHOUSE_LOAD_HISTORY', fromHours: 17, toHours: 7, error: 'timeout' },
  { source: 'ACCESS_HISTORY', fromHours: 3, toHours: 0, error: 'privileges' },
  { source: 'TABLE_STORAGE_METRICS', fromHours: 9 * 24, toHours: 8 * 24, error: 'timeout' },
  { source: 'JOBS', fromHours: 52, toHours: 49, error: 'bigQueryDenied' },
  { source: 'JOBS', fromHours: 30, toHours: 29, error: 'bigQueryRate' },
]

interface RunRow {
  platform: string
  source: string
  status: 'succeeded' | 'failed'
  startedAt: number
  durationMs: number
  windowStart: number
  windowEnd: number
  rowCount: number
  error: string | null
}

const sumHours = (rows: Map<number, number>, from: number, to: number) => {
  let sum = 0
  for (let hour = from; hour < to; hour += HOUR_MS) sum += rows.get(hour) ?? 0
  return sum
}

/** How long a failed run took: a timeout its 600 s, a refusal well under a second. */
function failedDuration(prng: Prng, error: IngestionError): number {
  return error === 'timeout' ? 600_000 + prng.int(20, 900) : prng.int(150, 1_200)
}

/**
 * The runs of one source up to `now`, oldest first; `hourly` its rows per hour (at least over the runs'
 * history and the day before), read from its definition when not given.
 */
export function sourceRuns(
  db: Db,
  prng: Prng,
  source: IngestionSourceDefinition,
  now: number,
  hourly?: Map<number, number>,
): RunRow[] {
  const historyStart = now - RUN_HISTORY_DAYS * DAY_MS
  const step = source.scheduleMinutes * 60_000
  const grid = source.kind === 'snapshot' ? DAY_MS : HOUR_MS
  const first = Math.floor(historyStart / grid) * grid + source.startMinute * 60_000
  const latency = source.latencyMinutes * 60_000
  const rows = hourly ?? source.hourlyRows(db, first - DAY_MS, now)
  const incidents = INCIDENTS.filter((i) => i.source === source.id)
  const runs: RunRow[] = []
  // What a run can see: events before the last whole hour the view's latency has delivered.
  const visible = (t: number) => Math.floor((t - latency) / HOUR_MS) * HOUR_MS
  let ingestedUntil = visible(first) - HOUR_MS
  for (let t = first; t < now; t += step) {
    const incident = incidents.find((i) => t >= now - i.fromHours * HOUR_MS && t < now - i.toHours * HOUR_MS)
    // A snapshot reads the last whole hour the view has; events read on from where the last success stopped.
    const windowStart = source.kind === 'snapshot' ? visible(t) - HOUR_MS : ingestedUntil
    const windowEnd =
      source.kind === 'snapshot'
        ? windowStart + HOUR_MS
        : Math.max(ingestedUntil, Math.min(visible(t), ingestedUntil + MAX_HOURS_PER_RUN * HOUR_MS))
    const base = { platform: source.platform, source: source.id, startedAt: t, windowStart, windowEnd }
    if (incident) {
      const durationMs = failedDuration(prng, incident.error)
      runs.push({
        ...base,
        status: 'failed',
        durationMs,
        rowCount: 0,
        error: INGESTION_ERRORS[incident.error],
      })
      continue
    }
    const rowCount = sumHours(rows, windowStart, windowEnd)
    // Reading and publishing take longer with more rows: about 0.4 ms a row over a second or two.
    const durationMs = 1_200 + Math.round(rowCount * 0.4) + prng.int(0, 2_500)
    runs.push({ ...base, status: 'succeeded', durationMs, rowCount, error: null })
    if (source.kind === 'events') ingestedUntil = windowEnd
  }
  return runs
}

/**
 * Every source's runs into ingestion_runs, and every event source's rows per hour into
 * ingestion_source_hours over all the stored data (a range of the monitor may lie anywhere before
 * now): counted once here, from the same definition the runs count, instead of at each request.
 */
export function seedIngestion(db: Db, prng: Prng, now: number): number {
  const insert = db.prepare(
    `INSERT INTO ingestion_runs (platform, source, status, started_at, duration_ms, window_start, window_end,
                                 row_count, error)
     VALUES (@platform, @source, @status, @startedAt, @durationMs, @windowStart, @windowEnd, @rowCount, @error)`,
  )
  const insertHour = db.prepare('INSERT INTO ingestion_source_hours (source, hour, n) VALUES (?, ?, ?)')
  let count = 0
  db.transaction(() => {
    for (const source of INGESTION_SOURCES) {
      const hourly = source.kind === 'events' ? source.hourlyRows(db, 0, now) : undefined
      if (hourly)
        for (const hour of [...hourly.keys()].sort((a, b) => a - b))
          insertHour.run(source.id, hour, hourly.get(hour)!)
      for (const run of sourceRuns(db, prng, source, now, hourly)) {
        insert.run(run)
        count += 1
      }
    }
  })()
  return count
}
