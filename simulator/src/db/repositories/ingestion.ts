import {
  HOUR_MS,
  INGESTION_MAX_RANGE_DAYS,
  INGESTION_RUNS_PAGE_SIZE,
  lagMinutes,
  sourceStatus,
  type ClusterType,
  type CountPoint,
  type IngestionMonitor,
  type IngestionRangeQuery,
  type IngestionRunPage,
  type IngestionRunQuery,
  type IngestionSource,
  type RunStatus,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift, instant } from './applications.ts'
import { expectedLagOf, rowsByHour, sourcesOf, type IngestionSourceDefinition } from './ingestion-sources.ts'

/*
 * The ingestion monitor (issue 23 /manage/data_ingestion_monitor): each source's runs, read from
 * ingestion_runs, and the rows its view delivered per hour, counted from the stored queries and jobs.
 * Runs are stored as seeded and shown moved by appsTimeShift, like the data they read: a range in
 * shown time is read shifted back, and "now" is the stored now. The rows per hour are read from what
 * the seed stored (ingestion_source_hours), not counted again at each request.
 */

const DAY_MS = 24 * HOUR_MS
const DEFAULT_DAYS = 7

/** The range asked for, in shown time and in stored time ([from, to) half-open). */
export interface IngestionRange {
  start: number
  end: number
  shift: number
  storedNow: number
  from: number
  to: number
}

/** startTime/endTime (ISO) with their defaults and limits; 400 naming what is wrong. */
export function ingestionRange(db: Db, query: IngestionRangeQuery, now: number): IngestionRange {
  const end = instant(query.endTime, 'endTime', 'querystring', 'iso') ?? now
  const start = instant(query.startTime, 'startTime', 'querystring', 'iso') ?? end - DEFAULT_DAYS * DAY_MS
  if (start > end) throw new HttpError(400, 'querystring/startTime must not be after querystring/endTime')
  if (end - start > INGESTION_MAX_RANGE_DAYS * DAY_MS)
    throw new HttpError(400, `The range may span at most ${INGESTION_MAX_RANGE_DAYS} days.`)
  const shift = appsTimeShift(db)
  return { start, end, shift, storedNow: now - shift, from: start - shift, to: end - shift + 1 }
}

const iso = (stored: number, shift: number) => new Date(stored + shift).toISOString()

interface RunRecord {
  id: number
  status: RunStatus
  started_at: number
  duration_ms: number
  window_start: number
  window_end: number
  row_count: number
  error: string | null
}

const RUN_COLUMNS = 'id, status, started_at, duration_ms, window_start, window_end, row_count, error'

/** The newest run of a source up to the stored now, of any status or of one. */
function newestRun(db: Db, s: IngestionSourceDefinition, storedNow: number, status?: RunStatus) {
  const sql = `SELECT ${RUN_COLUMNS} FROM ingestion_runs
                WHERE platform = @platform AND source = @source AND started_at <= @storedNow
                ${status ? 'AND status = @status' : ''}
                ORDER BY started_at DESC LIMIT 1`
  return cachedStatement(db, sql).get({
    platform: s.platform,
    source: s.id,
    storedNow,
    ...(status && { status }),
  }) as RunRecord | undefined
}

const STORED_HOURS_SQL = `SELECT hour, n FROM ingestion_source_hours
  WHERE source = @source AND hour >= @from AND hour < @to`

/**
 * A source's rows per hour in [from, to) stored time, `from` on the hour, as its definition counts
 * them: an event source's whole hours from what the seed stored (ingestion_source_hours), a last hour
 * that `to` cuts short from the definition itself (WAREHOUSE_LOAD_HISTORY counts the intervals
 * started before `to`; the rollups' sources their whole hour), a snapshot's daily count as defined.
 */
export function storedHourlyRows(db: Db, s: IngestionSourceDefinition, from: number, to: number) {
  if (s.kind === 'snapshot') return s.hourlyRows(db, from, to)
  const wholeUntil = Math.max(from, Math.floor(to / HOUR_MS) * HOUR_MS)
  const rows = rowsByHour(
    cachedStatement(db, STORED_HOURS_SQL).all({ source: s.id, from, to: wholeUntil }) as {
      hour: number
      n: number
    }[],
  )
  if (wholeUntil < to) for (const [hour, n] of s.hourlyRows(db, wholeUntil, to)) rows.set(hour, n)
  return rows
}

/** The rows a source's view delivered per hour of the range, up to what is ingested, in shown time. */
export function rowsPerHour(
  db: Db,
  s: IngestionSourceDefinition,
  range: Pick<IngestionRange, 'from' | 'to' | 'shift'>,
  ingestedUntil: number | null,
): CountPoint[] {
  if (ingestedUntil === null) return []
  const from = Math.floor(range.from / HOUR_MS) * HOUR_MS
  const to = Math.min(range.to, ingestedUntil)
  const rows = storedHourlyRows(db, s, from, to)
  const hours =
    s.kind === 'snapshot'
      ? [...rows.keys()].sort((a, b) => a - b)
      : Array.from({ length: Math.max(0, Math.ceil((to - from) / HOUR_MS)) }, (_, i) => from + i * HOUR_MS)
  return hours.map((hour) => [iso(hour, range.shift), rows.get(hour) ?? 0])
}

function sourceFigures(db: Db, s: IngestionSourceDefinition, range: IngestionRange): IngestionSource {
  const last = newestRun(db, s, range.storedNow)
  const success = newestRun(db, s, range.storedNow, 'succeeded')
  const totals = cachedStatement(
    db,
    `SELECT count(*) AS runs, coalesce(sum(status = 'failed'), 0) AS failed, coalesce(sum(row_count), 0) AS rows_in
       FROM ingestion_runs
      WHERE platform = @platform AND source = @source AND started_at >= @from AND started_at < @to
        AND started_at <= @storedNow`,
  ).get({
    platform: s.platform,
    source: s.id,
    from: range.from,
    to: range.to,
    storedNow: range.storedNow,
  }) as {
    runs: number
    failed: number
    rows_in: number
  }
  const consecutiveFailures = cachedStatement(
    db,
    `SELECT count(*) FROM ingestion_runs
      WHERE platform = @platform AND source = @source AND status = 'failed'
        AND started_at > @after AND started_at <= @storedNow`,
  )
    .pluck()
    .get({
      platform: s.platform,
      source: s.id,
      after: success?.started_at ?? -1,
      storedNow: range.storedNow,
    }) as number
  const ingestedUntil = success ? success.window_end : null
  const lag = lagMinutes(range.storedNow, ingestedUntil)
  const expected = expectedLagOf(s)
  const { status, reason } = sourceStatus({
    lastRun: last?.status ?? null,
    consecutiveFailures,
    lagMinutes: lag,
    expectedLagMinutes: expected,
  })
  return {
    id: s.id,
    view: s.view,
    feeds: s.feeds,
    topic: s.topic,
    kind: s.kind,
    scheduleMinutes: s.scheduleMinutes,
    latencyMinutes: s.latencyMinutes,
    expectedLagMinutes: expected,
    status,
    statusReason: reason,
    lastRunAt: last ? iso(last.started_at, range.shift) : null,
    lastSuccessAt: success ? iso(success.started_at, range.shift) : null,
    ingestedUntil: ingestedUntil === null ? null : iso(ingestedUntil, range.shift),
    lagMinutes: lag,
    consecutiveFailures,
    runs: totals.runs,
    failedRuns: totals.failed,
    rowsIngested: totals.rows_in,
    rowsPerHour: rowsPerHour(db, s, range, ingestedUntil),
  }
}

/** The monitor of a platform's sources over the range. */
export function ingestionMonitor(
  db: Db,
  platform: ClusterType,
  query: IngestionRangeQuery,
  now: number,
): IngestionMonitor {
  const range = ingestionRange(db, query, now)
  return {
    now: new Date(now).toISOString(),
    startTime: new Date(range.start).toISOString(),
    endTime: new Date(range.end).toISOString(),
    sources: sourcesOf(platform).map((s) => sourceFigures(db, s, range)),
  }
}

/** A source's runs in the range, newest first, one page read in SQL; 404 for a source not listed. */
export function ingestionRuns(
  db: Db,
  platform: ClusterType,
  sourceId: string,
  query: IngestionRunQuery,
  now: number,
): IngestionRunPage {
  const s = sourcesOf(platform).find((x) => x.id === sourceId)
  if (!s) throw new HttpError(404, `No ingestion source ${sourceId}.`)
  const range = ingestionRange(db, query, now)
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? INGESTION_RUNS_PAGE_SIZE
  const where = `platform = @platform AND source = @source AND started_at >= @from AND started_at < @to
                 AND started_at <= @storedNow ${query.status ? 'AND status = @status' : ''}`
  const params = {
    platform: s.platform,
    source: s.id,
    from: range.from,
    to: range.to,
    storedNow: range.storedNow,
    ...(query.status && { status: query.status }),
  }
  const total = cachedStatement(db, `SELECT count(*) FROM ingestion_runs WHERE ${where}`)
    .pluck()
    .get(params) as number
  const rows = cachedStatement(
    db,
    `SELECT ${RUN_COLUMNS} FROM ingestion_runs WHERE ${where}
      ORDER BY started_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit: pageSize, offset: (page - 1) * pageSize }) as RunRecord[]
  return {
    source: s.id,
    total,
    page,
    pageSize,
    runs: rows.map((r) => ({
      id: r.id,
      status: r.status,
      startedAt: iso(r.started_at, range.shift),
      durationMs: r.duration_ms,
      rows: r.row_count,
      windowStart: iso(r.window_start, range.shift),
      windowEnd: iso(r.window_end, range.shift),
      error: r.error,
    })),
  }
}
