import {
  HOUR_MS,
  MAX_DETECTOR_ENTITIES,
  type AnomalyPlatform,
  type CategoryField,
  type Contributors,
  type ContributingRun,
  type Contributor,
  type MonitorMetric,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { SF_DAY, SF_HOUR } from '../seed/snowflake-rollups.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift } from './applications.ts'
import { jobIdSql } from './bigquery-codes.ts'
import { jobsCreatedIn } from './bigquery-job-window.ts'
import { queryRowsOf, queryRowsSql } from './snowflake-common.ts'
import { seriesReader } from './os-alerting-series.ts'

/*
 * The hourly series an anomaly detector scores (issue 23 /osd_anomalies): account-wide, the monitors'
 * series (BigQuery's through their reader, os-alerting-series.ts; Snowflake's as the warehouses' hours
 * added up, the same integers); per entity from os_anomaly_hours, each entity's sums per
 * hour added up at seeding from Snowflake's queries and BigQuery's jobs, read for the top entities of
 * the range only (ranked on os_anomaly_days), a seek each. Stored times are read shifted by
 * appsTimeShift, as the monitors read them. And what lies behind one hour: the queries or jobs of it,
 * grouped by the other dimension, read from their covering indexes.
 */

/** An entity's name: its key (what a request names it by) and what the page shows. */
export interface EntityName {
  key: string
  label: string
  /** The platform's list filtered to the entity (its address keys). */
  listFilter: Record<string, string>
}

export interface DetectorValues {
  /** Each entity's value of every hour of the window (by code), oldest first, 0 where nothing ran. */
  values: Map<number, Float64Array>
  /** Each entity's first hour with data (shown time): before it, it had no history. */
  firstHour: Map<number, number>
}

const mod = (a: number, n: number) => ((a % n) + n) % n
export const ACCOUNT_WIDE: EntityName = { key: '', label: 'Account-wide', listFilter: {} }

/**
 * What each metric reads of os_anomaly_hours or os_anomaly_days rows, by platform: an integer column
 * over its unit. Kept apart (not one SQL expression) so the hours can be read as integers and
 * divided here: the same IEEE division the SQL would do, on the same integers.
 */
const ENTITY_MEASURES: Readonly<
  Record<AnomalyPlatform, Readonly<Record<string, { column: string; per: number }>>>
> = {
  SNOWFLAKE: {
    credits: { column: 'credits_e4', per: 10_000 },
    cost: { column: 'cost_e4', per: 10_000 },
    failed_queries: { column: 'failed', per: 1 },
    queued_overload: { column: 'queued_ms', per: 1000 },
  },
  BIGQUERYV2: {
    bytes_billed: { column: 'bytes_billed', per: 1_073_741_824 },
    slot_hours: { column: 'slot_ms', per: 3_600_000 },
    // BigQuery's cost_e4 is cents × 10^4 (schema.sql bq_jobs), unlike Snowflake's USD × 10^4.
    cost: { column: 'cost_e4', per: 1_000_000 },
    failed_jobs: { column: 'failed', per: 1 },
  },
}
const measureOf = (platform: AnomalyPlatform, metric: MonitorMetric) => ENTITY_MEASURES[platform][metric.id]!
/** The metric of a row in SQL (a count as it is, a measure as a real). */
const measureSql = (platform: AnomalyPlatform, metric: MonitorMetric) => {
  const { column, per } = measureOf(platform, metric)
  return per === 1 ? column : `${column} / ${per}.0`
}
/** The same over queries, for an hour's contributors. */
const SNOWFLAKE_QUERY_VALUES: Readonly<Record<string, string>> = {
  credits: 'credits_e4 / 10000.0',
  cost: 'cost_e4 / 10000.0',
  failed_queries: "(status = 'F')",
  queued_overload: 'queued_overload_time / 1000.0',
}
const BIGQUERY_JOB_VALUES: Readonly<Record<string, string>> = {
  bytes_billed: 'bytes_billed / 1073741824.0',
  slot_hours: 'slot_ms / 3600000.0',
  cost: 'cost_e4 / 1000000.0',
  failed_jobs: "(status = 'F')",
}

/** Each field's entities: their codes, names and the address key of the platform's list filtered to one. */
const NAME_SOURCES: Readonly<Record<CategoryField, { sql: string; listKey: string }>> = {
  warehouse: { sql: 'SELECT code, name, uid AS filter FROM snowflake_warehouses', listKey: 'warehouseUid' },
  user: {
    sql: "SELECT code, name, name AS filter FROM snowflake_names WHERE dim = 'user'",
    listKey: 'userName',
  },
  project: {
    sql: 'SELECT code, project_id AS name, project_id AS filter FROM bq_projects',
    listKey: 'projectId',
  },
  principal: { sql: 'SELECT code, email AS name, email AS filter FROM bq_principals', listKey: 'userName' },
}

/** The entities' names of a category field. */
export function entityNames(db: Db, field: CategoryField): Map<number, EntityName> {
  const { sql, listKey } = NAME_SOURCES[field]
  const rows = cachedStatement(db, sql).all() as { code: number; name: string; filter: string }[]
  return new Map(
    rows.map((r): [number, EntityName] => [
      r.code,
      { key: r.name, label: r.name, listFilter: { [listKey]: r.filter } },
    ]),
  )
}

/** The grid offset of a platform's shown hours. */
export function gridOffset(db: Db, platform: AnomalyPlatform): number {
  return mod(appsTimeShift(db), platform === 'SNOWFLAKE' ? SF_HOUR : HOUR_MS)
}

/**
 * The top entities of a field by the metric over the range, busiest first: ranked on whole stored
 * days overlapping it (a day's rows per entity, not its hours), so an entity busy only in the hours
 * of an edge day outside the range may stand in for one just below it.
 */
export function topEntityCodes(
  db: Db,
  platform: AnomalyPlatform,
  metric: MonitorMetric,
  field: CategoryField,
  range: { from: number; to: number },
): number[] {
  const shift = appsTimeShift(db)
  return cachedStatement(
    db,
    `SELECT code FROM os_anomaly_days WHERE dim = @dim AND day > @from - ${SF_DAY} AND day < @to
      GROUP BY code HAVING sum(${measureSql(platform, metric)}) > 0
      ORDER BY sum(${measureSql(platform, metric)}) DESC, code LIMIT ${MAX_DETECTOR_ENTITIES}`,
  )
    .pluck()
    .all({ dim: field, from: range.from - shift, to: range.to - shift }) as number[]
}

/**
 * A detector's series over [from, to) shown time (on the grid): each entity's value of every hour of
 * it (account-wide: the one entity of code 0), and each one's first hour with data.
 */
export function detectorValues(
  db: Db,
  platform: AnomalyPlatform,
  metric: MonitorMetric,
  field: CategoryField | null,
  codes: readonly number[],
  window: { from: number; to: number },
): DetectorValues {
  const shift = appsTimeShift(db)
  const count = Math.round((window.to - window.from) / HOUR_MS)
  const { per } = measureOf(platform, metric)
  if (field === null) {
    const values = new Float64Array(count)
    if (platform === 'SNOWFLAKE') {
      // The warehouses' hours added up: the same integers per hour as the warehouses' hourly
      // rollups that the monitors read (a test holds it), at a third of the cost of grouping those
      // (every status and insight of every warehouse), then divided as that SQL divides.
      const codes = cachedStatement(db, 'SELECT code FROM snowflake_warehouses').pluck().all() as number[]
      for (const code of codes)
        addHours(db, platform, metric, 'warehouse', code, { ...window, shift }, values)
      if (per !== 1) for (let i = 0; i < count; i++) values[i] = values[i]! / per
    } else {
      for (const p of seriesReader(platform, metric).read(db, window, null)) {
        const index = Math.round((p.start - window.from) / HOUR_MS)
        if (index >= 0 && index < count) values[index] = p.value
      }
    }
    const first = firstStoredHour(db, platform)
    return {
      values: new Map([[0, values]]),
      firstHour: new Map([[0, first === null ? window.to : first + shift]]),
    }
  }
  const first = cachedStatement(
    db,
    'SELECT min(hour) FROM os_anomaly_hours WHERE dim = ? AND code = ?',
  ).pluck()
  const byCode = new Map<number, Float64Array>()
  const firstHour = new Map<number, number>()
  for (const code of codes) {
    const values = new Float64Array(count)
    addHours(db, platform, metric, field, code, { ...window, shift }, values, per)
    byCode.set(code, values)
    firstHour.set(code, ((first.get(field, code) as number | null) ?? window.to) + shift)
  }
  return { values: byCode, firstHour }
}

/**
 * Adds an entity's stored measure of each hour of the window (shown time: stored plus `shift`) to
 * `values`, divided by `per` (1: the integers as stored). The hours come in one row, as two JSON
 * arrays of integers (exact in JSON) read by a seek on the key: a month of ten entities is ~10,000
 * hours, and turning each into a JS row costs four to five times the SQL's own work, parsing the
 * arrays a fraction of it. Dividing here is the same IEEE division of the same integer the SQL did.
 */
function addHours(
  db: Db,
  platform: AnomalyPlatform,
  metric: MonitorMetric,
  field: CategoryField,
  code: number,
  window: { from: number; to: number; shift: number },
  values: Float64Array,
  per = 1,
): void {
  const { shift } = window
  const read = cachedStatement(
    db,
    `SELECT json_group_array(hour), json_group_array(${measureOf(platform, metric).column})
       FROM os_anomaly_hours WHERE dim = ? AND code = ? AND hour >= ? AND hour < ?`,
  ).raw()
  const [hoursJson, measuresJson] = read.get(field, code, window.from - shift, window.to - shift) as [
    string,
    string,
  ]
  const hours = JSON.parse(hoursJson) as number[]
  const measures = JSON.parse(measuresJson) as number[]
  for (let i = 0; i < hours.length; i++) {
    const index = Math.round((hours[i]! + shift - window.from) / HOUR_MS)
    if (index >= 0 && index < values.length) values[index] = values[index]! + measures[i]! / per
  }
}

/** The platform's first stored hour of data (an account-wide series' history starts there). */
function firstStoredHour(db: Db, platform: AnomalyPlatform): number | null {
  const sql =
    platform === 'SNOWFLAKE'
      ? `SELECT min(bucket) FROM snowflake_query_rollups WHERE slice = 'wh' AND grain = ${SF_DAY}`
      : 'SELECT min(hour) FROM os_alerting_bq_hours'
  return cachedStatement(db, sql).pluck().get() as number | null
}

/** The entity's code by its key, or undefined. */
export function entityCode(names: Map<number, EntityName>, key: string): number | undefined {
  for (const [code, name] of names) if (name.key === key) return code
  return undefined
}

/** What each source adds up per entity and hour: the table, its time and entity columns, its measures. */
const ENTITY_SOURCES = [
  {
    dim: 'warehouse',
    table: 'snowflake_queries',
    time: 'start_time',
    code: 'warehouse_code',
    platform: 'SNOWFLAKE',
  },
  { dim: 'user', table: 'snowflake_queries', time: 'start_time', code: 'user_code', platform: 'SNOWFLAKE' },
  { dim: 'project', table: 'bq_jobs', time: 'create_time', code: 'project', platform: 'BIGQUERYV2' },
  { dim: 'principal', table: 'bq_jobs', time: 'create_time', code: 'principal', platform: 'BIGQUERYV2' },
] as const
const MEASURES = {
  SNOWFLAKE: "sum(status = 'F'), sum(credits_e4), sum(cost_e4), sum(queued_overload_time), 0, 0",
  BIGQUERYV2: "sum(status = 'F'), 0, sum(cost_e4), 0, sum(bytes_billed), sum(slot_ms)",
} as const
const COLUMNS = 'failed, credits_e4, cost_e4, queued_ms, bytes_billed, slot_ms'

/**
 * Adds up every warehouse's, user's, project's and principal's queries or jobs per stored hour and
 * day: once, after the queries and jobs (nothing writes them later).
 */
export function rollUpEntityHours(db: Db): void {
  db.exec('DELETE FROM os_anomaly_hours; DELETE FROM os_anomaly_days')
  for (const source of ENTITY_SOURCES) {
    db.exec(`INSERT INTO os_anomaly_hours (dim, code, hour, ${COLUMNS})
      SELECT '${source.dim}', ${source.code}, (${source.time} / ${HOUR_MS}) * ${HOUR_MS}, ${MEASURES[source.platform]}
        FROM ${source.table} GROUP BY 2, 3`)
  }
  db.exec(`INSERT INTO os_anomaly_days (dim, day, code, ${COLUMNS})
    SELECT dim, (hour / ${SF_DAY}) * ${SF_DAY}, code, sum(failed), sum(credits_e4), sum(cost_e4), sum(queued_ms),
           sum(bytes_billed), sum(slot_ms)
      FROM os_anomaly_hours GROUP BY dim, 2, code`)
}

const CONTRIBUTORS = 5
const RUNS = 5

interface ContributorRow {
  code: number
  value: number
  count: number
}

/**
 * What made up one hour of an entity (or of the account): its queries or jobs of that hour by the
 * other dimension (a warehouse's by user, a user's by warehouse, the account's by warehouse;
 * likewise projects and principals), the top ones by the metric, and its top runs.
 */
export function hourContributors(
  db: Db,
  platform: AnomalyPlatform,
  metric: MonitorMetric,
  field: CategoryField | null,
  entity: { code: number; name: EntityName },
  hour: { start: number; value: number },
): Contributors {
  const shift = appsTimeShift(db)
  const window = { from: hour.start - shift, to: hour.start + HOUR_MS - shift }
  const base = {
    start: hour.start,
    end: hour.start + HOUR_MS,
    entity: entity.name.label,
    unit: metric.unit,
    value: hour.value,
    listFilter: entity.name.listFilter,
  }
  if (platform === 'SNOWFLAKE') {
    const value = SNOWFLAKE_QUERY_VALUES[metric.id]!
    const byUser = field === 'warehouse'
    const where =
      field === 'warehouse' ? 'AND warehouse_code = @code' : field === 'user' ? 'AND user_code = @code' : ''
    const groupColumn = byUser ? 'user_code' : 'warehouse_code'
    // The hour's queries as a rowid range of the table (stored in start order: queryRowsOf).
    const params = { ...queryRowsOf(db, window), code: entity.code }
    const inHour = queryRowsSql('', { from: '@from', to: '@to', first: '@first', end: '@end' })
    const grouped = cachedStatement(
      db,
      `SELECT ${groupColumn} AS code, sum(${value}) AS value, count(*) AS count FROM snowflake_queries NOT INDEXED
        WHERE ${inHour} ${where}
        GROUP BY ${groupColumn} ORDER BY value DESC, code LIMIT ${CONTRIBUTORS}`,
    ).all(params) as ContributorRow[]
    const names = entityNames(db, byUser ? 'user' : 'warehouse')
    const runs = cachedStatement(
      db,
      `SELECT n.id, n.user_name AS by, ${value} AS value FROM snowflake_queries_named n
        WHERE n.rid IN (SELECT rowid FROM snowflake_queries NOT INDEXED
                         WHERE ${inHour} ${where}
                         ORDER BY ${value} DESC, rowid LIMIT ${RUNS})
        ORDER BY value DESC, n.id`,
    ).all(params) as ContributingRun[]
    return {
      ...base,
      field: byUser ? 'Users' : 'Warehouses',
      contributors: grouped.filter((g) => g.value > 0).map((g) => contributorOf(g, names)),
      runs: runs.filter((r) => r.value > 0),
    }
  }
  const value = BIGQUERY_JOB_VALUES[metric.id]!
  const byPrincipal = field === 'project'
  const where =
    field === 'project' ? 'AND project = @code' : field === 'principal' ? 'AND principal = @code' : ''
  const groupColumn = byPrincipal ? 'principal' : 'project'
  // The window as a rowid range of bq_jobs (stored in creation order, bigquery-job-window.ts), found
  // once for both reads (as `j`; the first names its columns bare).
  const jobs = jobsCreatedIn(db, window, 'j')
  const params = { ...jobs.params, code: entity.code }
  const grouped = cachedStatement(
    db,
    `SELECT ${groupColumn} AS code, sum(${value}) AS value, count(*) AS count FROM ${jobs.table}
      WHERE ${jobs.where} ${where}
      GROUP BY ${groupColumn} ORDER BY value DESC, code LIMIT ${CONTRIBUTORS}`,
  ).all(params) as ContributorRow[]
  const names = entityNames(db, byPrincipal ? 'principal' : 'project')
  const runs = cachedStatement(
    db,
    `SELECT ${jobIdSql('j')} AS id, p.email AS by, ${value} AS value
       FROM ${jobs.table} JOIN bq_principals p ON p.code = j.principal
      WHERE ${jobs.where} ${where.replace(/(project|principal) =/, 'j.$1 =')}
      ORDER BY value DESC, j.seq LIMIT ${RUNS}`,
  ).all(params) as ContributingRun[]
  return {
    ...base,
    field: byPrincipal ? 'Principals' : 'Projects',
    contributors: grouped.filter((g) => g.value > 0).map((g) => contributorOf(g, names)),
    runs: runs.filter((r) => r.value > 0),
  }
}

function contributorOf(row: ContributorRow, names: Map<number, EntityName>): Contributor {
  const name = names.get(row.code)
  return {
    name: name?.label ?? String(row.code),
    value: row.value,
    count: row.count,
    listFilter: name?.listFilter ?? {},
  }
}
