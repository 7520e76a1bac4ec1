import type { BigQueryStorageBillingModel } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows } from './bulk-insert.ts'
import { PARTITION_DAYS } from './bigquery-catalogue.ts'

/*
 * What the /data page reads beside the jobs (issue 19): each table's storage (bq_table_storage) and a
 * day of jobs by statement (bq_statement_days). Both follow from rows the BigQuery seed has written,
 * with no draw of its generator, so every other BigQuery row stays as it was and the seed stays
 * deterministic.
 */

const DAY = 86_400_000
const HOUR = 3_600_000
/** Bytes unmodified this long are long-term storage (rules/bigquery-storage.ts). */
const LONG_TERM_DAYS = 90

/** A number in [0, 1) fixed by a table's code and a salt (Knuth's multiplicative hash). */
const unit = (code: number, salt: number) => (Math.imul(code * 31 + salt, 2_654_435_761) >>> 0) / 2 ** 32

/** Raw event data compresses best, and its datasets are billed on the physical model to profit from it. */
const billingModelOf = (dataset: string): BigQueryStorageBillingModel =>
  dataset === 'raw' ? 'PHYSICAL' : 'LOGICAL'

interface TableFacts {
  code: number
  dataset: string
  partitioned: number
  storage_bytes: number
  project_created: number
  /** 1 when a statement writes or loads it. */
  written: number
}

/**
 * A table's storage at `now`: tables the jobs write were modified within the day, so their recent
 * partitions (all of an unpartitioned table) are active; the others were last modified 100 to 600 days
 * ago and are long-term whole. Physical bytes are the logical ones compressed 3 to 6 times (raw data 6
 * to 10 times).
 */
export function tableStorageRow(t: TableFacts, now: number): (string | number)[] {
  const created = Math.min(now - 30 * DAY, t.project_created + Math.floor(unit(t.code, 1) * 60) * DAY)
  const ageDays = Math.floor((now - created) / DAY)
  const partitionCount = t.partitioned ? Math.max(1, Math.min(PARTITION_DAYS, ageDays)) : 0
  const lastModified = t.written
    ? now - Math.round((1 + unit(t.code, 2) * 20) * HOUR)
    : Math.max(created, now - Math.round((100 + unit(t.code, 3) * 500) * DAY))
  const activeShare = !t.written ? 0 : t.partitioned ? Math.min(1, LONG_TERM_DAYS / partitionCount) : 1
  const model = billingModelOf(t.dataset)
  const ratio = model === 'PHYSICAL' ? 6 + unit(t.code, 4) * 4 : 3 + unit(t.code, 4) * 3
  const physical = Math.round(t.storage_bytes / ratio)
  return [
    t.code,
    model,
    Math.round(t.storage_bytes * activeShare),
    physical,
    Math.round(physical * activeShare),
    partitionCount,
    created,
    lastModified,
  ]
}

/** Writes bq_table_storage for every table of bq_tables (after the tables and statements). */
export function seedBigQueryTableStorage(db: Db, now: number): void {
  const tables = db
    .prepare(
      `SELECT t.code, t.dataset, t.partitioned, t.storage_bytes, p.created_at AS project_created,
              EXISTS (SELECT 1 FROM bq_statements s WHERE s.destination_table = t.code) AS written
         FROM bq_tables t JOIN bq_projects p ON p.code = t.project ORDER BY t.code`,
    )
    .all() as TableFacts[]
  insertRows(
    db,
    'bq_table_storage',
    [
      'table_code',
      'billing_model',
      'active_logical_bytes',
      'physical_bytes',
      'active_physical_bytes',
      'partition_count',
      'created_at',
      'last_modified',
    ],
    tables.map((t) => tableStorageRow(t, now)),
  )
}

/**
 * bq_statement_days from bq_jobs: one pass over the jobs in rowid (creation) order, grouped by the
 * seeded UTC day and statement. Also the reference the tests compare the rollup with.
 */
export function buildBigQueryStatementDays(db: Db): void {
  db.exec(
    `INSERT INTO bq_statement_days (day, statement_id, n, bytes_scanned, cost_e4, last_create)
     SELECT (create_time / ${DAY}) * ${DAY}, statement_id, count(*), sum(bytes_scanned), sum(cost_e4),
            max(create_time)
       FROM bq_jobs NOT INDEXED GROUP BY 1, 2`,
  )
}
