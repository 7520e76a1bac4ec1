import type { Db } from '../src/db/open-database.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { rollUpStoredBigQueryJobs } from '../src/db/seed/bigquery-rollups.ts'

/*
 * A small BigQuery world whose every number the tests know: 2 reservations, 4 projects (one without
 * jobs), 4 principals (costlens' own service account among them), 3 tables, 7 statements, 3 label
 * sets and 15 jobs placed around the test's now (inside the default 12 hours, the last week, the
 * last 30 days and before). It replaces whatever BigQuery data the seed holds, so the assertions stay
 * exact whatever the seed becomes. Times are given as "ms before now" and stored less the read-time
 * shift, as the seed stores them.
 */

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const MIB = 2 ** 20
const TIB = 2 ** 40

export const FIXTURE_RESERVATIONS = [
  [1, 'acme-admin:US.etl', 'acme.example', 'US', 'ENTERPRISE', 500, 1000, 'ANNUAL', 0.048],
  [2, 'acme-admin:EU.bi', 'acme-research.example', 'EU', 'STANDARD', 100, 200, 'NONE', 0.04],
] as const

/** code, project id, organization, location, reservation code. */
export const FIXTURE_PROJECTS = [
  [1, 'acme-data-prod', 'acme.example', 'US', 1],
  [2, 'acme-marketing-analytics', 'acme.example', 'US', null],
  [3, 'acme-ml-sandbox', 'acme-research.example', 'EU', 2],
  [4, 'acme-archive', 'acme-research.example', 'US', null],
] as const

export const FIXTURE_PRINCIPALS = [
  [1, 'alice@acme.example', 0],
  [2, 'bob@acme.example', 0],
  [3, 'etl@acme-data-prod.iam.gserviceaccount.com', 1],
  [4, 'costlens@acme-admin.iam.gserviceaccount.com', 1],
] as const

/** code, project, dataset, table, partitioned, clustered, storage bytes, rows. */
export const FIXTURE_TABLES = [
  [1, 1, 'sales', 'orders', 1, 1, 5 * TIB, 9_000_000_000],
  [2, 1, 'sales', 'customers', 0, 0, 40 * 2 ** 30, 12_000_000],
  [3, 2, 'marketing', 'daily_kpis', 1, 0, 2 * 2 ** 30, 400_000],
] as const

/** id, job type, statement type, template, signature, source tables, destination table, destination URI. */
// prettier-ignore
export const FIXTURE_STATEMENTS = [
  [1, 'Q', 'SELECT', "SELECT * FROM `acme-data-prod.sales.orders` WHERE store_id = {n}", 'sig-star', '1', null, null],
  [
    2,
    'Q',
    'SELECT',
    'SELECT o.id, c.name FROM `acme-data-prod.sales.orders` o, `acme-data-prod.sales.customers` c WHERE o.id > {n}',
    'sig-join',
    '1,2',
    null,
    null,
  ],
  [
    3,
    'Q',
    'INSERT',
    "INSERT INTO `acme-marketing-analytics.marketing.daily_kpis` SELECT day, count(*) FROM `acme-data-prod.sales.orders` WHERE day = DATE_SUB(CURRENT_DATE(), INTERVAL {n} DAY) GROUP BY day",
    'sig-kpi',
    '1',
    3,
    null,
  ],
  [4, 'L', '', 'LOAD gs://acme-landing/orders/*.parquet INTO acme-data-prod.sales.orders', 'sig-load', '', 1, null],
  [
    5,
    'E',
    '',
    'EXTRACT acme-data-prod.sales.orders TO gs://acme-exports/orders-*.csv',
    'sig-extract',
    '1',
    null,
    'gs://acme-exports/orders-*.csv',
  ],
  [6, 'Q', 'SELECT', 'SELECT count(*) FROM `region-us`.INFORMATION_SCHEMA.JOBS', 'sig-costlens', '', null, null],
  // A second text of the SELECT * signature (the signature groups statements, not one text).
  [7, 'Q', 'SELECT', "SELECT *  FROM `acme-data-prod.sales.orders` WHERE store_id={n}", 'sig-star', '1', null, null],
] as const

export const FIXTURE_LABELS = [
  [1, 'team', 'data'],
  [2, 'team', 'marketing'],
  [3, 'env', 'prod'],
  [4, 'env', 'dev'],
] as const
/** set code → label codes. */
export const FIXTURE_LABEL_SETS: Record<number, number[]> = { 1: [1, 3], 2: [2, 3], 3: [4] }

/** Bits of BIGQUERY_INSIGHT_KEYS: SELECT_STAR 1, NO_PARTITION_FILTER 2, REPEATED_CACHE_MISS 4, TINY_QUERY_FLOOD 8, CROSS_JOIN 16. */
export const BIT = { star: 1, partition: 2, cache: 4, tiny: 8, cross: 16 } as const

export interface FixtureJob {
  id: string
  project: number
  principal: number
  statement: number
  type: 'Q' | 'L' | 'E' | 'C'
  status: 'S' | 'R' | 'F' | 'W'
  /** ms before now of its creation. */
  ago: number
  /** ms; ignored while running or pending (no end). */
  duration: number
  /** index in BIGQUERY_PRICING_PLAN_KEYS: 0 ON_DEMAND, 1 STANDARD, 2 ENTERPRISE, 3 ENTERPRISE_PLUS. */
  pricing: number
  reservation: number | null
  costE4: number
  bytesBilled: number
  bytesProcessed: number
  slotMs: number
  mask: number
  labelSet: number | null
  cacheHit?: boolean
  unravel?: boolean
  error?: string
  files?: number
}

const bits = (mask: number) =>
  mask
    .toString(2)
    .split('')
    .filter((b) => b === '1').length

/** The jobs, newest first within each group; cost_e4 = cents × 10,000 by the pricing rules. */
// prettier-ignore
export const FIXTURE_JOBS: FixtureJob[] = [
  // Inside the default 12 hours.
  { id: 'bqjob_w10', project: 2, principal: 2, statement: 1, type: 'Q', status: 'W', ago: 2 * MIN, duration: 0, pricing: 0, reservation: null, costE4: 0, bytesBilled: 0, bytesProcessed: 0, slotMs: 0, mask: 0, labelSet: 2 },
  { id: 'bqjob_r09', project: 1, principal: 1, statement: 2, type: 'Q', status: 'R', ago: 30 * MIN, duration: 0, pricing: 2, reservation: 1, costE4: 100_000, bytesBilled: 0, bytesProcessed: 3 * 2 ** 30, slotMs: 7_500_000, mask: BIT.cross, labelSet: 1 },
  // 1 TiB on demand: $6.25 = 625 cents.
  { id: 'bqjob_s01', project: 2, principal: 1, statement: 1, type: 'Q', status: 'S', ago: 1 * HOUR, duration: 4_000, pricing: 0, reservation: null, costE4: 6_250_000, bytesBilled: TIB, bytesProcessed: TIB - 5 * MIB, slotMs: 900_000, mask: BIT.star | BIT.partition, labelSet: 2 },
  // costlens' own INFORMATION_SCHEMA read: shown only with showUnravelJobs.
  { id: 'bqjob_u08', project: 2, principal: 4, statement: 6, type: 'Q', status: 'S', ago: 1.5 * HOUR, duration: 700, pricing: 0, reservation: null, costE4: 60, bytesBilled: 10 * MIB, bytesProcessed: 2 * MIB, slotMs: 1_200, mask: 0, labelSet: null, unravel: true },
  // 1 MiB read, billed at the 10 MB minimum: 10 MiB × 625 cents / TiB ≈ 0.0060 cents.
  { id: 'bqjob_s02', project: 2, principal: 2, statement: 3, type: 'Q', status: 'S', ago: 2 * HOUR, duration: 2_000, pricing: 0, reservation: null, costE4: 60, bytesBilled: 10 * MIB, bytesProcessed: MIB, slotMs: 2_000, mask: BIT.tiny, labelSet: 2 },
  // 10 slot-hours at $0.048 = 48 cents.
  { id: 'bqjob_s03', project: 1, principal: 3, statement: 2, type: 'Q', status: 'S', ago: 3 * HOUR, duration: 60_000, pricing: 2, reservation: 1, costE4: 480_000, bytesBilled: 0, bytesProcessed: 50 * 2 ** 30, slotMs: 36_000_000, mask: BIT.cross, labelSet: 1 },
  { id: 'bqjob_l04', project: 1, principal: 3, statement: 4, type: 'L', status: 'S', ago: 4 * HOUR, duration: 30_000, pricing: 2, reservation: 1, costE4: 0, bytesBilled: 0, bytesProcessed: 0, slotMs: 0, mask: 0, labelSet: 1 },
  { id: 'bqjob_f05', project: 1, principal: 1, statement: 1, type: 'Q', status: 'F', ago: 5 * HOUR, duration: 1_500, pricing: 2, reservation: 1, costE4: 0, bytesBilled: 0, bytesProcessed: 0, slotMs: 300, mask: BIT.star, labelSet: 1, error: 'Unrecognized name: regoin at [1:52]' },
  { id: 'bqjob_c06', project: 3, principal: 2, statement: 1, type: 'Q', status: 'S', ago: 6 * HOUR, duration: 300, pricing: 1, reservation: 2, costE4: 0, bytesBilled: 0, bytesProcessed: 0, slotMs: 0, mask: 0, labelSet: 3, cacheHit: true },
  { id: 'bqjob_e07', project: 1, principal: 3, statement: 5, type: 'E', status: 'S', ago: 7 * HOUR, duration: 45_000, pricing: 2, reservation: 1, costE4: 0, bytesBilled: 0, bytesProcessed: 0, slotMs: 0, mask: 0, labelSet: null, files: 12 },
  // Running for 13 hours: outside the default window, still in the running list.
  { id: 'bqjob_r13', project: 1, principal: 3, statement: 2, type: 'Q', status: 'R', ago: 13 * HOUR, duration: 0, pricing: 2, reservation: 1, costE4: 2_000_000, bytesBilled: 0, bytesProcessed: 900 * 2 ** 30, slotMs: 150_000_000, mask: BIT.cross, labelSet: 1 },
  // The last week: 2 TiB on demand ($12.50) and 20 slot-hours at $0.048 (96 cents).
  { id: 'bqjob_s11', project: 2, principal: 1, statement: 7, type: 'Q', status: 'S', ago: 2 * DAY, duration: 9_000, pricing: 0, reservation: null, costE4: 12_500_000, bytesBilled: 2 * TIB, bytesProcessed: 2 * TIB - MIB, slotMs: 1_800_000, mask: BIT.star | BIT.partition, labelSet: 2 },
  { id: 'bqjob_s12', project: 1, principal: 2, statement: 3, type: 'Q', status: 'S', ago: 3 * DAY, duration: 120_000, pricing: 2, reservation: 1, costE4: 960_000, bytesBilled: 0, bytesProcessed: 80 * 2 ** 30, slotMs: 72_000_000, mask: BIT.cache, labelSet: 1 },
  // The last 30 days, and before them: 5 slot-hours at $0.04 (20 cents); 1 TiB on demand 40 days ago.
  { id: 'bqjob_s14', project: 3, principal: 1, statement: 1, type: 'Q', status: 'S', ago: 10 * DAY, duration: 50_000, pricing: 1, reservation: 2, costE4: 200_000, bytesBilled: 0, bytesProcessed: 200 * 2 ** 30, slotMs: 18_000_000, mask: BIT.star, labelSet: 3 },
  { id: 'bqjob_s15', project: 2, principal: 1, statement: 1, type: 'Q', status: 'S', ago: 40 * DAY, duration: 5_000, pricing: 0, reservation: null, costE4: 6_250_000, bytesBilled: TIB, bytesProcessed: TIB, slotMs: 950_000, mask: BIT.star, labelSet: 2 },
]

const BQ_TABLES = [
  'bq_job_days',
  'bq_jobs',
  'bq_label_sets',
  'bq_labels',
  'bq_statements',
  'bq_tables',
  'bq_principals',
  'bq_projects',
  'bq_reservations',
]

/** Replaces the database's BigQuery rows with the fixture, `now` the clock's instant. */
export function insertBigQueryFixture(db: Db, now: number): void {
  const shift = appsTimeShift(db)
  db.transaction(() => {
    for (const table of BQ_TABLES) db.prepare(`DELETE FROM ${table}`).run()
    const insert = (table: string, rows: readonly (readonly unknown[])[]) => {
      if (!rows.length) return
      const stmt = db.prepare(`INSERT INTO ${table} VALUES (${rows[0]!.map(() => '?').join(', ')})`)
      for (const row of rows) stmt.run(...row)
    }
    insert('bq_reservations', FIXTURE_RESERVATIONS)
    insert(
      'bq_projects',
      FIXTURE_PROJECTS.map(([code, id, org, location, reservation]) => [
        code,
        id,
        id.replace(/^acme-/, 'ACME ').replaceAll('-', ' '),
        String(100_000_000_000 + code),
        org,
        location,
        reservation,
        now - 400 * DAY,
      ]),
    )
    insert('bq_principals', FIXTURE_PRINCIPALS)
    insert('bq_tables', FIXTURE_TABLES)
    insert('bq_statements', FIXTURE_STATEMENTS)
    insert('bq_labels', FIXTURE_LABELS)
    insert(
      'bq_label_sets',
      Object.entries(FIXTURE_LABEL_SETS).flatMap(([set, labels]) => labels.map((l) => [Number(set), l])),
    )
    const job = db.prepare(
      `INSERT INTO bq_jobs VALUES (@id, @project, @principal, @reservation, @statement, @seed, @labelSet, @type,
         @status, @error, 0, @pricing, @cacheHit, @unravel, @create, @start, @end, @duration, @bytesProcessed,
         @bytesBilled, @bytesProcessed, @slotMs, @costE4, 0, 1000, 10, 2048, 0, 10, 20, 30, 40, 50, 60, 70, 80,
         @files, @mask, @count, NULL, NULL)`,
    )
    // Oldest first, as the seed writes them (creation order is rowid order).
    for (const j of [...FIXTURE_JOBS].sort((a, b) => b.ago - a.ago)) {
      const create = now - j.ago - shift
      const ended = j.status === 'S' || j.status === 'F'
      job.run({
        ...j,
        seed: 42,
        error: j.error ?? null,
        cacheHit: j.cacheHit ? 1 : 0,
        unravel: j.unravel ? 1 : 0,
        create,
        start: j.status === 'W' ? null : create + 100,
        end: ended ? create + j.duration : null,
        duration: ended ? j.duration : 0,
        files: j.files ?? 0,
        count: bits(j.mask),
      })
    }
  })()
  // The day rollup the list's totals and the chargeback read whole days from, as the seed builds it.
  rollUpStoredBigQueryJobs(db)
}

export const FIXTURE_TIME = { MIN, HOUR, DAY, MIB, TIB }
