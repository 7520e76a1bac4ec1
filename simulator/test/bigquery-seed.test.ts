import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BIGQUERY_INSIGHT_KEYS,
  BIGQUERY_MIN_BILLED_BYTES,
  BIGQUERY_PRICING_PLAN_KEYS,
  bigQueryOnDemandCostE4,
  bigQuerySlotCostE4,
  bigQueryInsightBit,
  bigQueryInsightKeysOf,
} from '@costlens/shared'
import { createSchema } from '../src/db/schema.ts'
import {
  BIGQUERY_PRNG_OFFSET,
  BIGQUERY_TABLES,
  renderBigQueryStatement,
  seedBigQuery,
} from '../src/db/seed/bigquery.ts'
import { BIGQUERY_RESERVATIONS, BIGQUERY_SIZES } from '../src/db/seed/bigquery-catalogue.ts'
import {
  bigQueryInsightMask,
  REPEATED_MIN_RUNS_PER_DAY,
  type BigQueryInsightFacts,
} from '../src/db/seed/bigquery-insights.ts'
import { BigQueryRollupBuilder } from '../src/db/seed/bigquery-rollups.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { APP_TIME_COLUMNS, TIME_COLUMNS } from '../src/db/time-columns.ts'
import { seedFile } from '../src/db/seed-file.ts'
import { timeOrderBreaks } from '../src/db/time-ordered-rows.ts'
import { jobIdSql } from '../src/db/repositories/bigquery-codes.ts'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const DAY = 86_400_000
const MB = 2 ** 20

/** BigQuery alone at a scale, as seedDatabase seeds it (its own generator). */
function seeded(scale: 'small' | 'demo', seed = 7) {
  const db = new Database(':memory:')
  createSchema(db)
  const count = seedBigQuery(
    db,
    createPrng(seed + BIGQUERY_PRNG_OFFSET),
    NOW,
    BIGQUERY_SIZES[scale],
    undefined,
    new BigQueryRollupBuilder(),
  )
  return { db, count }
}

const all = (db: Database.Database, sql: string, params: unknown[] = []) => db.prepare(sql).all(...params)
const one = (db: Database.Database, sql: string, params: unknown[] = []) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as number

let small: Database.Database
beforeAll(() => {
  small = seeded('small').db
})
afterAll(() => small.close())

describe('BigQuery seed: sizes and determinism', () => {
  it('seeds the jobs of each scale (small 3,000, demo 40,000, large 1,000,000) and the projects', () => {
    expect(BIGQUERY_SIZES.small.jobs).toBe(3_000)
    expect(BIGQUERY_SIZES.demo.jobs).toBe(40_000)
    expect(BIGQUERY_SIZES.large.jobs).toBe(1_000_000)
    expect(one(small, 'SELECT count(*) FROM bq_jobs')).toBe(3_000)
    expect(one(small, 'SELECT count(*) FROM bq_projects')).toBe(BIGQUERY_SIZES.small.projects)
    const demo = seeded('demo')
    expect(demo.count).toBe(40_000)
    expect(one(demo.db, 'SELECT count(*) FROM bq_jobs')).toBe(40_000)
    expect(one(demo.db, 'SELECT count(*) FROM bq_projects')).toBe(30)
    demo.db.close()
  })

  it('gives the same rows for the same (seed, scale, now), other rows for another seed', () => {
    const again = seeded('small').db
    again.exec(`ATTACH ':memory:' AS other`)
    for (const table of BIGQUERY_TABLES) {
      const rows = (db: Database.Database) => JSON.stringify(all(db, `SELECT * FROM ${table}`))
      expect(rows(again), table).toBe(rows(small))
    }
    const other = seeded('small', 8).db
    expect(JSON.stringify(all(other, 'SELECT id_tail, cost_e4 FROM bq_jobs LIMIT 50'))).not.toBe(
      JSON.stringify(all(small, 'SELECT id_tail, cost_e4 FROM bq_jobs LIMIT 50')),
    )
    again.close()
    other.close()
  })

  it('writes the jobs in key order (ids carry the sequence) and in creation order, over 100 days to now', () => {
    expect(
      one(
        small,
        `SELECT count(*) FROM bq_jobs a JOIN bq_jobs b ON b.rowid = a.rowid + 1 WHERE ${jobIdSql('b')} <= ${jobIdSql('a')}`,
      ),
    ).toBe(0)
    expect(
      one(
        small,
        'SELECT count(*) FROM bq_jobs a JOIN bq_jobs b ON b.rowid = a.rowid + 1 WHERE b.create_time < a.create_time',
      ),
    ).toBe(0)
    expect(one(small, 'SELECT max(create_time) FROM bq_jobs')).toBeLessThanOrEqual(NOW)
    expect(one(small, 'SELECT min(create_time) FROM bq_jobs')).toBeGreaterThanOrEqual(NOW - 100 * DAY)
    // Every seeded id is rendered from its sequence and tail (schema.sql bq_jobs): none stored as text.
    expect(one(small, 'SELECT count(*) FROM bq_jobs WHERE id_text IS NOT NULL OR id_tail IS NULL')).toBe(0)
    expect(
      one(
        small,
        `SELECT count(*) FROM bq_jobs WHERE ${jobIdSql('bq_jobs')} NOT GLOB 'bquxjob_[0-9a-f]*_[0-9a-f]*'`,
      ),
    ).toBe(0)
  })

  it('stores the jobs in creation order, so a creation-time window is a rowid range (time-ordered-rows.ts)', () => {
    expect(timeOrderBreaks(small, 'bq_jobs')).toBe(0)
  })

  it('has the three BIGQUERYV2 clusters among its projects, with the same ids, and the reservations of three editions', () => {
    expect(
      all(small, 'SELECT project_id FROM bq_projects WHERE code <= 3 ORDER BY code').map(
        (r) => (r as { project_id: string }).project_id,
      ),
    ).toEqual(['acme-data-prod', 'acme-marketing-analytics', 'acme-ml-sandbox'])
    expect(one(small, 'SELECT count(DISTINCT edition) FROM bq_reservations')).toBe(3)
    expect(one(small, 'SELECT count(*) FROM bq_projects WHERE reservation IS NULL')).toBeGreaterThan(0)
    expect(one(small, 'SELECT count(*) FROM bq_projects WHERE reservation IS NOT NULL')).toBeGreaterThan(0)
    expect(one(small, 'SELECT count(DISTINCT organization) FROM bq_projects')).toBeGreaterThanOrEqual(2)
  })

  it('holds realistic jobs: the four types, a few running or pending near now, about 3 % failed with messages', () => {
    expect(all(small, 'SELECT DISTINCT job_type FROM bq_jobs ORDER BY 1')).toEqual(
      ['C', 'E', 'L', 'Q'].map((job_type) => ({ job_type })),
    )
    const running = all(
      small,
      "SELECT create_time, start_time, end_time, status FROM bq_jobs WHERE status IN ('R', 'W')",
    ) as {
      create_time: number
      start_time: number | null
      end_time: number | null
      status: string
    }[]
    expect(running.length).toBeGreaterThanOrEqual(BIGQUERY_SIZES.small.now)
    for (const job of running) {
      expect(job.create_time).toBeGreaterThan(NOW - DAY)
      expect(job.end_time).toBeNull()
      if (job.status === 'W') expect(job.start_time).toBeNull()
    }
    const failed = one(small, "SELECT count(*) FROM bq_jobs WHERE status = 'F'") / 3_000
    expect(failed).toBeGreaterThan(0.015)
    expect(failed).toBeLessThan(0.045)
    expect(
      one(small, "SELECT count(*) FROM bq_jobs WHERE (status = 'F') != (coalesce(error_message, '') != '')"),
    ).toBe(0)
    // Extracts name their gs:// URI and write files; costlens' own jobs are flagged.
    expect(
      one(
        small,
        "SELECT count(*) FROM bq_jobs j JOIN bq_statements s ON s.id = j.statement_id WHERE j.job_type = 'E' AND (s.destination_uri NOT LIKE 'gs://%' OR (j.status = 'S' AND j.destination_file_count < 1))",
      ),
    ).toBe(0)
    expect(one(small, 'SELECT count(*) FROM bq_jobs WHERE executed_by_unravel = 1')).toBeGreaterThan(0)
    expect(
      one(
        small,
        "SELECT count(*) FROM bq_jobs j JOIN bq_principals p ON p.code = j.principal WHERE j.executed_by_unravel = 1 AND p.email NOT LIKE 'costlens-%'",
      ),
    ).toBe(0)
  })

  it("renders a statement's literals from the job's literal_seed", () => {
    expect(renderBigQueryStatement('SELECT * FROM t LIMIT {n}', 96)).toBe('SELECT * FROM t LIMIT 97')
    expect(renderBigQueryStatement('SELECT * FROM t LIMIT {n}', 97)).toBe('SELECT * FROM t LIMIT 1')
  })
})

describe('BigQuery seed: prices (DOMAIN.md §2)', () => {
  interface PricedJob {
    job_type: string
    status: string
    cache_hit: number
    pricing: number
    bytes_processed: number
    bytes_billed: number
    slot_ms: number
    cost_e4: number
    tables: number
    rate: number | null
  }
  let jobs: PricedJob[]
  beforeAll(() => {
    jobs = all(
      small,
      `SELECT j.job_type, j.status, j.cache_hit, j.pricing, j.bytes_processed, j.bytes_billed, j.slot_ms, j.cost_e4,
              CASE s.source_tables WHEN '' THEN 0 ELSE length(s.source_tables) - length(replace(s.source_tables, ',', '')) + 1 END AS tables,
              r.usd_per_slot_hour AS rate
         FROM bq_jobs j JOIN bq_statements s ON s.id = j.statement_id LEFT JOIN bq_reservations r ON r.code = j.reservation`,
    ) as PricedJob[]
  })
  const billed = (j: PricedJob) => j.job_type === 'Q' && j.status === 'S' && !j.cache_hit

  it('BQ3 on demand: bytes billed rounded up to the MB, at least 10 MB per query and per table referenced', () => {
    const onDemand = jobs.filter((j) => billed(j) && j.pricing === 0)
    expect(onDemand.length).toBeGreaterThan(500)
    for (const j of onDemand) {
      expect(j.bytes_billed % MB).toBe(0)
      expect(j.bytes_billed).toBeGreaterThanOrEqual(BIGQUERY_MIN_BILLED_BYTES * Math.max(1, j.tables))
      expect(j.bytes_billed).toBeGreaterThanOrEqual(j.bytes_processed)
      expect(j.bytes_billed - j.bytes_processed).toBeLessThan(
        Math.max(MB, BIGQUERY_MIN_BILLED_BYTES * Math.max(1, j.tables)),
      )
    }
    // Tiny dashboard queries are billed at the minimum: some jobs process under 10 MB and pay for 10.
    expect(onDemand.some((j) => j.bytes_processed < 10 * MB && j.bytes_billed === 10 * MB)).toBe(true)
  })

  it('BQ1 on demand costs $6.25 a TiB billed', () => {
    for (const j of jobs.filter((j) => billed(j) && j.pricing === 0))
      expect(j.cost_e4).toBe(bigQueryOnDemandCostE4(j.bytes_billed))
    expect(bigQueryOnDemandCostE4(2 ** 40)).toBe(625 * 10_000)
  })

  it("BQ5 editions cost the job's slot-hours at its reservation's rate", () => {
    const reserved = jobs.filter((j) => billed(j) && j.pricing !== 0)
    expect(reserved.length).toBeGreaterThan(100)
    for (const j of reserved) {
      expect(j.rate).not.toBeNull()
      expect(j.cost_e4).toBe(bigQuerySlotCostE4(j.slot_ms, j.rate!))
    }
    const rates = Object.fromEntries(BIGQUERY_RESERVATIONS.map((r) => [r.reservationId, r.usdPerSlotHour]))
    expect(rates['acme-bq-admin:US.prod-etl']).toBe(0.048)
    expect(rates['acme-bq-admin:US.bi-dashboards']).toBe(0.06)
    expect(rates['acme-bq-admin:US.adhoc']).toBe(0.04)
    // The pricing code is the reservation's edition.
    expect(
      one(
        small,
        'SELECT count(*) FROM bq_jobs j JOIN bq_reservations r ON r.code = j.reservation WHERE j.pricing != ' +
          "CASE r.edition WHEN 'STANDARD' THEN 1 WHEN 'ENTERPRISE' THEN 2 ELSE 3 END",
      ),
    ).toBe(0)
    expect(BIGQUERY_PRICING_PLAN_KEYS.slice(1)).toEqual(['STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS'])
  })

  it('BQ4 cache hits and failed jobs are free, and so are load, extract and copy jobs', () => {
    const hits = jobs.filter((j) => j.cache_hit)
    const failed = jobs.filter((j) => j.status === 'F')
    expect(hits.length).toBeGreaterThan(20)
    expect(failed.length).toBeGreaterThan(20)
    for (const j of [...hits, ...failed]) {
      expect(j.cost_e4).toBe(0)
      expect(j.bytes_billed).toBe(0)
    }
    for (const j of hits) expect(j.bytes_processed).toBe(0)
    for (const j of jobs.filter((j) => j.job_type !== 'Q')) expect(j.cost_e4).toBe(0)
    expect(jobs.filter((j) => j.cost_e4 > 0).length).toBeGreaterThan(1_500)
  })
})

describe('BigQuery insights follow from the statement and the figures (DOMAIN.md §2)', () => {
  const base: BigQueryInsightFacts = {
    jobType: 'Q',
    status: 'S',
    cacheHit: false,
    onDemand: true,
    patterns: [],
    bytesProcessed: 5 * 2 ** 30,
    bytesBilled: 5 * 2 ** 30,
    signatureRunsThatDay: 1,
  }
  it.each([
    ['SELECT_STAR', { patterns: ['SELECT_STAR'] }, ['SELECT_STAR']],
    [
      'SELECT_STAR from the cache: nothing read, nothing to save',
      { patterns: ['SELECT_STAR'], cacheHit: true },
      [],
    ],
    ['NO_PARTITION_FILTER', { patterns: ['NO_PARTITION_FILTER'] }, ['NO_PARTITION_FILTER']],
    ['NO_PARTITION_FILTER on a failed job (free)', { patterns: ['NO_PARTITION_FILTER'], status: 'F' }, []],
    [
      'REPEATED_CACHE_MISS: CURRENT_TIMESTAMP() run 24 times a day',
      { patterns: ['CURRENT_TIMESTAMP'], signatureRunsThatDay: REPEATED_MIN_RUNS_PER_DAY },
      ['REPEATED_CACHE_MISS'],
    ],
    [
      'REPEATED_CACHE_MISS: 23 runs are not a repeat',
      { patterns: ['CURRENT_TIMESTAMP'], signatureRunsThatDay: 23 },
      [],
    ],
    [
      'TINY_QUERY_FLOOD: on demand, billed the 10 MB minimum, 24 runs a day',
      { bytesProcessed: 200_000, bytesBilled: 10 * MB, signatureRunsThatDay: 40 },
      ['TINY_QUERY_FLOOD'],
    ],
    [
      'TINY_QUERY_FLOOD not under a reservation (the minimum is not paid)',
      { bytesProcessed: 200_000, bytesBilled: 10 * MB, signatureRunsThatDay: 40, onDemand: false },
      [],
    ],
    ['TINY_QUERY_FLOOD not for a lone tiny query', { bytesProcessed: 200_000, bytesBilled: 10 * MB }, []],
    ['CROSS_JOIN', { patterns: ['CROSS_JOIN'] }, ['CROSS_JOIN']],
    ['CROSS_JOIN still running: not yet', { patterns: ['CROSS_JOIN'], status: 'R' }, []],
    ['a load job carries none', { jobType: 'L', patterns: ['SELECT_STAR'] }, []],
    [
      'several at once',
      { patterns: ['SELECT_STAR', 'NO_PARTITION_FILTER', 'CROSS_JOIN'] },
      ['SELECT_STAR', 'NO_PARTITION_FILTER', 'CROSS_JOIN'],
    ],
  ] as const)('%s', (_title, facts, keys) => {
    const mask = bigQueryInsightMask({ ...base, ...(facts as Partial<BigQueryInsightFacts>) })
    expect(bigQueryInsightKeysOf(mask)).toEqual(keys)
  })

  it('sets one bit per BIGQUERY_INSIGHT_KEYS entry, in order', () => {
    expect(BIGQUERY_INSIGHT_KEYS.map(bigQueryInsightBit)).toEqual([1, 2, 4, 8, 16])
  })

  it('the seeded masks agree with the jobs (SQL over the figures), every insight present, counts matching', () => {
    const count = (key: (typeof BIGQUERY_INSIGHT_KEYS)[number], where: string) =>
      one(
        small,
        `SELECT count(*) FROM bq_jobs WHERE insight_mask & ${bigQueryInsightBit(key)} AND NOT (${where})`,
      )
    const did = "job_type = 'Q' AND status = 'S' AND cache_hit = 0"
    expect(count('TINY_QUERY_FLOOD', `${did} AND pricing = 0 AND bytes_billed > bytes_processed`)).toBe(0)
    for (const key of BIGQUERY_INSIGHT_KEYS) {
      expect(count(key, did), key).toBe(0)
      expect(
        one(small, `SELECT count(*) FROM bq_jobs WHERE insight_mask & ${bigQueryInsightBit(key)}`),
        key,
      ).toBeGreaterThan(0)
    }
    const popcount = `((insight_mask & 1) + (insight_mask >> 1 & 1) + (insight_mask >> 2 & 1) + (insight_mask >> 3 & 1) + (insight_mask >> 4 & 1))`
    expect(one(small, `SELECT count(*) FROM bq_jobs WHERE insight_count != ${popcount}`)).toBe(0)
  })
})

describe('BigQuery day rollup (bq_job_days)', () => {
  it('holds exactly the SQL GROUP BY over the jobs', () => {
    const grouped = `SELECT (create_time / ${DAY}) * ${DAY} AS day, project, principal, coalesce(label_set, 0) AS label_set,
        job_type, status, pricing, executed_by_unravel, insight_mask, count(*) AS n, sum(cost_e4) AS cost_e4,
        sum(bytes_billed) AS bytes_billed, sum(slot_ms) AS slot_ms, sum(duration) AS duration
        FROM bq_jobs GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`
    const columns =
      'day, project, principal, label_set, job_type, status, pricing, unravel, insight_mask, n, cost_e4, bytes_billed, slot_ms, duration'
    expect(one(small, `SELECT count(*) FROM (${grouped} EXCEPT SELECT ${columns} FROM bq_job_days)`)).toBe(0)
    expect(one(small, `SELECT count(*) FROM (SELECT ${columns} FROM bq_job_days EXCEPT ${grouped})`)).toBe(0)
    expect(one(small, 'SELECT sum(n) FROM bq_job_days')).toBe(3_000)
  })
})

describe('BigQuery times move with the data (the always-current shift)', () => {
  it("registers every time column of the bq tables: jobs and their day rollup at read time, like Snowflake's", () => {
    const readTime = Object.fromEntries(APP_TIME_COLUMNS.map((t) => [t.table, t.columns]))
    expect(readTime.bq_jobs).toEqual(['create_time', 'start_time', 'end_time'])
    expect(readTime.bq_job_days).toEqual(['day'])
    expect(TIME_COLUMNS.find((t) => t.table === 'bq_projects')?.columns).toEqual(['created_at'])
    // Every column holding a time is registered in one of the lists.
    const registered = new Set(
      [...TIME_COLUMNS, ...APP_TIME_COLUMNS].flatMap((t) => t.columns.map((c) => `${t.table}.${c}`)),
    )
    for (const table of BIGQUERY_TABLES)
      for (const { name } of all(small, `SELECT name FROM pragma_table_info(?)`, [table]) as {
        name: string
      }[])
        if (/(_time|_at|^day)$/.test(name))
          expect(registered.has(`${table}.${name}`), `${table}.${name}`).toBe(true)
  })
})

describe('BigQuery seeded side by side', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'costlens-bq-side-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('gives the same bq rows from the worker as in-thread', () => {
    const options = { scale: 'small' as const, seed: 23, now: NOW }
    const file = path.join(dir, 'side.db')
    seedFile(file, { ...options, sideBySide: true })
    expect(fs.readdirSync(dir)).toEqual(['side.db'])
    const db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, options)
    db.prepare('ATTACH DATABASE ? AS side').run(file)
    for (const table of BIGQUERY_TABLES) {
      expect(one(db, `SELECT count(*) FROM side.${table}`), table).toBeGreaterThan(0)
      const diff = (a: string, b: string) =>
        one(db, `SELECT count(*) FROM (SELECT * FROM ${a}.${table} EXCEPT SELECT * FROM ${b}.${table})`)
      expect([diff('main', 'side'), diff('side', 'main')], table).toEqual([0, 0])
    }
    const phases = JSON.parse(
      db.prepare(`SELECT value FROM side.settings WHERE key = 'seed_phases_ms'`).pluck().get() as string,
    ) as Record<string, number>
    expect(Object.keys(phases)).toEqual(
      expect.arrayContaining(['bigquery', 'bigquery.wait', 'bigquery.copy', 'bigquery.indexes']),
    )
    expect(db.prepare('PRAGMA side.foreign_key_check').all()).toEqual([])
    db.close()
  }, 120_000) // two whole small seeds, a worker thread beside one
})
