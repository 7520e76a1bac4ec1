import { HOUR_MS, expectedLagMinutes, type ClusterType } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { SF_HOUR } from '../seed/snowflake-rollups.ts'
import { cachedStatement } from '../statement-cache.ts'
import { queryRowsOf, queryRowsSql } from './snowflake-common.ts'

/*
 * The platform views the console collects (issue 23 /manage/data_ingestion_monitor): the ones its
 * screens read, each with the schedule it is polled on, the latency the platform documents for it
 * (Snowflake's ACCOUNT_USAGE views: QUERY_HISTORY up to 45 minutes, the warehouse and access views up
 * to 3 hours, TABLE_STORAGE_METRICS up to 90 minutes), its Kafka topic, and how many rows it delivers
 * per hour of event time, counted from the stored data: the seeded runs ingested exactly these rows.
 * The event sources' counts are stored once at seeding (ingestion_source_hours), which the monitor
 * reads (repositories/ingestion.ts storedHourlyRows); the definitions here are what the seed stores.
 */

export type IngestionPlatform = Extract<ClusterType, 'SNOWFLAKE' | 'BIGQUERYV2'>

/** Every hour's rows of a source in [from, to) stored time, by the hour's stored start. */
type HourlyRows = (db: Db, from: number, to: number) => Map<number, number>

export interface IngestionSourceDefinition {
  platform: IngestionPlatform
  id: string
  view: string
  feeds: string
  topic: string
  partitions: number
  scheduleMinutes: number
  /** Minutes past the hour (hourly) or past midnight UTC (daily) that a run starts at. */
  startMinute: number
  latencyMinutes: number
  /**
   * 'events': rows by hour of event time, read in whole hours up to what the latency lets a run
   * see; 'snapshot': a daily picture of every object, taken as the run's hour.
   */
  kind: 'events' | 'snapshot'
  hourlyRows: HourlyRows
}

export const rowsByHour = (rows: readonly { hour: number; n: number }[]) =>
  new Map(rows.map((r) => [r.hour, r.n]))

/** Snowflake's rows per hour as `sum` adds up the warehouses' hourly query rollups. */
function snowflakeRollupRows(sum: string): HourlyRows {
  const sql = `SELECT bucket AS hour, ${sum} AS n FROM snowflake_query_rollups
                WHERE slice = 'wh' AND grain = ${SF_HOUR} AND bucket >= @from AND bucket < @to
                GROUP BY bucket`
  return (db, from, to) =>
    rowsByHour(cachedStatement(db, sql).all({ from, to }) as { hour: number; n: number }[])
}

/**
 * A daily snapshot's rows: every object counted once a day, as of the last whole hour the view had
 * delivered when the run (at `startMinute` past midnight UTC, `latencyMinutes` behind) read it.
 */
function snapshotRows(countSql: string, startMinute: number, latencyMinutes: number): HourlyRows {
  const offset = (Math.floor((startMinute - latencyMinutes) / 60) - 1) * HOUR_MS
  return (db, from, to) => {
    const count = cachedStatement(db, countSql).pluck().get() as number
    const out = new Map<number, number>()
    const day = 24 * HOUR_MS
    for (let hour = Math.floor(from / day) * day + offset; hour < to; hour += day)
      if (hour >= from) out.set(hour, count)
    return out
  }
}

/** WAREHOUSE_LOAD_HISTORY: a row per warehouse per 5-minute interval it started queries in. */
const warehouseLoadRows: HourlyRows = (db, from, to) =>
  rowsByHour(
    cachedStatement(
      db,
      // The range's queries as a rowid range of the table (stored in start order: queryRowsOf).
      `SELECT (start_time / ${HOUR_MS}) * ${HOUR_MS} AS hour,
              count(DISTINCT warehouse_code * 12 + (start_time % ${HOUR_MS}) / 300000) AS n
         FROM snowflake_queries NOT INDEXED
        WHERE ${queryRowsSql('', { from: '@from', to: '@to', first: '@first', end: '@end' })} GROUP BY 1`,
    ).all(queryRowsOf(db, { from, to })) as { hour: number; n: number }[],
  )

const bigQueryJobRows: HourlyRows = (db, from, to) =>
  rowsByHour(
    cachedStatement(db, 'SELECT hour, n FROM os_alerting_bq_hours WHERE hour >= @from AND hour < @to').all({
      from,
      to,
    }) as { hour: number; n: number }[],
  )

export const INGESTION_SOURCES: readonly IngestionSourceDefinition[] = [
  {
    platform: 'SNOWFLAKE',
    id: 'QUERY_HISTORY',
    view: 'SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY',
    feeds: 'Queries, their cost and insights',
    topic: 'costlens.snowflake.query_history',
    partitions: 6,
    scheduleMinutes: 60,
    startMinute: 5,
    latencyMinutes: 45,
    kind: 'events',
    // One row per query, by the hour it started.
    hourlyRows: snowflakeRollupRows('sum(n)'),
  },
  {
    platform: 'SNOWFLAKE',
    id: 'WAREHOUSE_METERING_HISTORY',
    view: 'SNOWFLAKE.ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY',
    feeds: 'Warehouse credits and cost',
    topic: 'costlens.snowflake.warehouse_metering',
    partitions: 3,
    scheduleMinutes: 60,
    startMinute: 8,
    latencyMinutes: 180,
    kind: 'events',
    // One row per warehouse per hour it ran.
    hourlyRows: snowflakeRollupRows('count(DISTINCT warehouse_code)'),
  },
  {
    platform: 'SNOWFLAKE',
    id: 'WAREHOUSE_LOAD_HISTORY',
    view: 'SNOWFLAKE.ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY',
    feeds: 'Warehouse load and queuing',
    topic: 'costlens.snowflake.warehouse_load',
    partitions: 3,
    scheduleMinutes: 60,
    startMinute: 11,
    latencyMinutes: 180,
    kind: 'events',
    hourlyRows: warehouseLoadRows,
  },
  {
    platform: 'SNOWFLAKE',
    id: 'ACCESS_HISTORY',
    view: 'SNOWFLAKE.ACCOUNT_USAGE.ACCESS_HISTORY',
    feeds: "Queries' input and output tables",
    topic: 'costlens.snowflake.access_history',
    partitions: 6,
    scheduleMinutes: 60,
    startMinute: 14,
    latencyMinutes: 180,
    kind: 'events',
    // One row per completed query that read or wrote objects.
    hourlyRows: snowflakeRollupRows("sum(CASE WHEN status = 'S' THEN n ELSE 0 END)"),
  },
  {
    platform: 'SNOWFLAKE',
    id: 'TABLE_STORAGE_METRICS',
    view: 'SNOWFLAKE.ACCOUNT_USAGE.TABLE_STORAGE_METRICS',
    feeds: 'Table sizes and rows',
    topic: 'costlens.snowflake.table_storage',
    partitions: 1,
    scheduleMinutes: 1440,
    startMinute: 125,
    latencyMinutes: 90,
    kind: 'snapshot',
    hourlyRows: snapshotRows('SELECT count(*) FROM snowflake_tables', 125, 90),
  },
  {
    platform: 'BIGQUERYV2',
    id: 'JOBS',
    view: 'region-us.INFORMATION_SCHEMA.JOBS',
    feeds: 'Jobs, their bytes, slots and cost',
    topic: 'costlens.bigquery.jobs',
    partitions: 6,
    scheduleMinutes: 60,
    startMinute: 4,
    latencyMinutes: 15,
    kind: 'events',
    // One row per job, by the hour it was created.
    hourlyRows: bigQueryJobRows,
  },
  {
    platform: 'BIGQUERYV2',
    id: 'TABLE_STORAGE',
    view: 'region-us.INFORMATION_SCHEMA.TABLE_STORAGE',
    feeds: 'Table storage and its billing model',
    topic: 'costlens.bigquery.table_storage',
    partitions: 1,
    scheduleMinutes: 1440,
    startMinute: 150,
    latencyMinutes: 30,
    kind: 'snapshot',
    hourlyRows: snapshotRows('SELECT count(*) FROM bq_tables', 150, 30),
  },
]

/** The sources of a platform, in the order above. */
export const sourcesOf = (platform: ClusterType) => INGESTION_SOURCES.filter((s) => s.platform === platform)

/** A window's length: an hour of events, or the snapshot's hour. */
export const WINDOW_MINUTES = 60

/** The most lag a source on time shows (rules/ingestion-status.ts). */
export const expectedLagOf = (s: IngestionSourceDefinition) =>
  expectedLagMinutes({
    scheduleMinutes: s.scheduleMinutes,
    latencyMinutes: s.latencyMinutes,
    windowMinutes: WINDOW_MINUTES,
  })

/** The consumer group loading a platform's topics into the console's store. */
export const consumerGroupOf = (platform: IngestionPlatform) =>
  `costlens-loader-${platform === 'SNOWFLAKE' ? 'snowflake' : 'bigquery'}`
