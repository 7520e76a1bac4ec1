import {
  HOUR_MS,
  type AlertingPlatform,
  type ClusterType,
  type HourPoint,
  type MonitorMetric,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { SF_HOUR } from '../seed/snowflake-rollups.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift } from './applications.ts'
import { kubernetesClock } from './kubernetes-common.ts'

/*
 * The hourly series a monitor reads (shared/src/rules/monitor-metrics.ts), one grouped SQL read per
 * run: Snowflake's from the warehouses' hourly query rollups (snowflake_query_rollups, slice 'wh'),
 * BigQuery's from its jobs' hours (os_alerting_bq_hours, added up at seeding), Kubernetes' from its
 * node and pod hours. All are stored as seeded and shown moved by appsTimeShift (Kubernetes' rounded
 * to whole hours), so a window in shown time is read shifted back.
 */

/** A metric's reader: the series of hours in [from, to) shown time, and the hour grid's offset. */
export interface SeriesReader {
  /** Where the series' hours start, past the shown hour: its stored grid moved by the shift. */
  offset: (db: Db) => number
  read: (db: Db, window: { from: number; to: number }, warehouseCode: number | null) => HourPoint[]
}

const mod = (a: number, n: number) => ((a % n) + n) % n

/** Snowflake: each metric is a sum over the warehouses' hourly rollup rows (status and insight kept). */
const SNOWFLAKE_SUMS: Readonly<Record<string, string>> = {
  credits: 'sum(credits_e4) / 10000.0',
  cost: 'sum(cost_e4) / 10000.0',
  failed_queries: "sum(CASE WHEN status = 'F' THEN n ELSE 0 END)",
  queued_overload: 'sum(queued_overload_time) / 1000.0',
}

function snowflakeReader(metric: string): SeriesReader | undefined {
  const sum = SNOWFLAKE_SUMS[metric]
  if (!sum) return undefined
  return {
    // The rollups' hours start on the stored hour; shown, they start `shift` later.
    offset: (db) => mod(appsTimeShift(db), SF_HOUR),
    read: (db, window, warehouseCode) => {
      const shift = appsTimeShift(db)
      const sql = `SELECT bucket + @shift AS start, ${sum} AS value
                     FROM snowflake_query_rollups
                    WHERE slice = 'wh' AND grain = ${SF_HOUR} AND bucket >= @from AND bucket < @to
                      ${warehouseCode === null ? '' : 'AND warehouse_code = @warehouse'}
                    GROUP BY bucket`
      return cachedStatement(db, sql).all({
        shift,
        from: window.from - shift,
        to: window.to - shift,
        ...(warehouseCode === null ? {} : { warehouse: warehouseCode }),
      }) as HourPoint[]
    },
  }
}

/** BigQuery: each metric a sum over the jobs created in the hour (os_alerting_bq_hours). */
const BIGQUERY_SUMS: Readonly<Record<string, string>> = {
  bytes_billed: 'bytes_billed / 1073741824.0',
  slot_hours: 'slot_ms / 3600000.0',
  // BigQuery's cost_e4 is cents × 10^4 (schema.sql bq_jobs), unlike Snowflake's USD × 10^4.
  cost: 'cost_e4 / 1000000.0',
  failed_jobs: 'failed',
}

function bigqueryReader(metric: string): SeriesReader | undefined {
  const value = BIGQUERY_SUMS[metric]
  if (!value) return undefined
  return {
    offset: (db) => mod(appsTimeShift(db), HOUR_MS),
    read: (db, window) => {
      const shift = appsTimeShift(db)
      const sql = `SELECT hour + @shift AS start, ${value} AS value
                     FROM os_alerting_bq_hours WHERE hour >= @from AND hour < @to`
      return cachedStatement(db, sql).all({
        shift,
        from: window.from - shift,
        to: window.to - shift,
      }) as HourPoint[]
    },
  }
}

/** Adds up BigQuery's jobs per stored hour of creation: once, after the jobs are seeded. */
export function rollUpBigQueryHours(db: Db): void {
  db.exec(`DELETE FROM os_alerting_bq_hours;
    INSERT INTO os_alerting_bq_hours (hour, n, failed, bytes_billed, slot_ms, cost_e4)
    SELECT (create_time / ${HOUR_MS}) * ${HOUR_MS}, count(*), sum(status = 'F'), sum(bytes_billed), sum(slot_ms),
           sum(cost_e4)
      FROM bq_jobs GROUP BY 1`)
}

/**
 * Kubernetes: the nodes' hours (cost, idle; µ$) or the pods' (usage in 1/10,000 core- or GiB-hours,
 * an hour's sum being the hour's average), stored on whole hours and read on the Kubernetes clock,
 * whose shift is whole hours (kubernetes-common.ts), so its grid has no offset.
 */
const KUBERNETES_SUMS: Readonly<Record<string, { table: string; value: string }>> = {
  cost: { table: 'k8s_node_hours', value: 'sum(cost) / 1000000.0' },
  idle_cost: { table: 'k8s_node_hours', value: 'sum(idle_cost) / 1000000.0' },
  cpu_usage: { table: 'k8s_pod_hours', value: 'sum(cpu_usage) / 10000.0' },
  memory_usage: { table: 'k8s_pod_hours', value: 'sum(mem_usage) / 10000.0' },
}

function kubernetesReader(metric: string): SeriesReader | undefined {
  const sum = KUBERNETES_SUMS[metric]
  if (!sum) return undefined
  return {
    offset: () => 0,
    read: (db, window) => {
      const { shift } = kubernetesClock(db, window.to)
      const sql = `SELECT ts + @shift AS start, ${sum.value} AS value
                     FROM ${sum.table} WHERE ts >= @from AND ts < @to GROUP BY ts`
      return cachedStatement(db, sql).all({
        shift,
        from: window.from - shift,
        to: window.to - shift,
      }) as HourPoint[]
    },
  }
}

/** Each platform's readers by metric id. */
const READERS: Readonly<Record<AlertingPlatform, (metric: string) => SeriesReader | undefined>> = {
  SNOWFLAKE: snowflakeReader,
  BIGQUERYV2: bigqueryReader,
  K8S: kubernetesReader,
}

/** The reader of a platform's metric (the catalogue's entries all have one; the test holds it). */
export function seriesReader(platform: ClusterType, metric: Pick<MonitorMetric, 'id'>): SeriesReader {
  const reader = (READERS as Partial<Record<ClusterType, (id: string) => SeriesReader | undefined>>)[
    platform
  ]?.(metric.id)
  if (!reader) throw new Error(`No series reader for ${platform} ${metric.id}`)
  return reader
}

/** A warehouse's code by name (monitors keep the name, which the console shows and a reseed keeps). */
export function warehouseCode(db: Db, name: string): number | undefined {
  return cachedStatement(db, 'SELECT code FROM snowflake_warehouses WHERE name = ?').pluck().get(name) as
    number | undefined
}

/** The names of Snowflake's warehouses, for the form's picker. */
export function warehouseNames(db: Db): string[] {
  return cachedStatement(db, 'SELECT name FROM snowflake_warehouses ORDER BY name').pluck().all() as string[]
}
