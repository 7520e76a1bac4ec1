import type { FastifyInstance } from 'fastify'
import {
  bigqueryEndpoints as calls,
  type BigQueryDataTableRow,
  type BigQueryDatasetList,
  type BigQueryTableJobList,
  type BigQueryTableList,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_JOBS, FIXTURE_STATEMENTS, FIXTURE_TIME, type FixtureJob } from './bigquery-fixture.ts'
import { insertBigQueryDataFixture } from './bigquery-data-fixture.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const { HOUR, DAY, TIB } = FIXTURE_TIME
const GIB = 2 ** 30
const ORDERS = 'acme-data-prod.sales.orders'
const CUSTOMERS = 'acme-data-prod.sales.customers'
const KPIS = 'acme-marketing-analytics.marketing.daily_kpis'
const iso = (ms: number) => new Date(ms).toISOString()
const cents = (e4: number) => Math.round(e4) / 10_000

/** The fixture's jobs whose statement reads the table of `code`, created in the last `ms`. */
const readers = (code: number, ms = 29 * DAY) =>
  FIXTURE_JOBS.filter(
    (j) =>
      j.ago <= ms &&
      FIXTURE_STATEMENTS.find((s) => s[0] === j.statement)![5]
        .split(',')
        .includes(String(code)),
  )
const sum = (jobs: FixtureJob[], f: (j: FixtureJob) => number) => jobs.reduce((n, j) => n + f(j), 0)

describe('bigquery API: the /data page (R159: datasets, tables, a table and its jobs)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({
      users: ['bigquery', 'bq-user', 'snowflake'],
      peers: { 'bq-user': { of: 'bigquery', role: 'user' } },
    }))
    insertBigQueryDataFixture(app.db, now)
  })
  afterAll(() => app.close())

  const get = (url: string, user = 'bigquery') => app.inject({ method: 'GET', url, headers: as(user) })
  const got = async <T>(url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const tables = (query = '') => got<BigQueryTableList>(`${calls.dataTables.path}${query}`)
  const tablePath = (id: string) => `/api/v1/bigquery/data/tables/${encodeURIComponent(id)}`

  describe('access (01 §6: BigQuery data is admin only)', () => {
    const CALLS = [
      ['datasets', calls.dataDatasets.path],
      ['tables', calls.dataTables.path],
      ['a table', tablePath(ORDERS)],
      ["a table's jobs", `${tablePath(ORDERS)}/jobs`],
    ] as const
    it.each(CALLS)(
      'R159 %s: 200 to the BigQuery admin, 403 to a BigQuery user and to a Snowflake admin, 401 without a token',
      async (_n, url) => {
        expect((await get(url)).statusCode).toBe(200)
        const user = await get(url, 'bq-user')
        expect(user.statusCode).toBe(403)
        expect(user.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
        const other = await get(url, 'snowflake')
        expect(other.statusCode).toBe(403)
        expect(other.json().message).toMatch(/not available for SNOWFLAKE clusters/)
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401)
      },
    )
  })

  describe('tables', () => {
    it('lists every table with its storage, the biggest first, 15 a page, over the last 30 days', async () => {
      const body = await tables()
      expect(body.results.map((t) => t.tableId)).toEqual([ORDERS, CUSTOMERS, KPIS])
      expect(body).toMatchObject({ total: 3, page: 1, pageSize: 15, endTime: iso(now) })
      expect(body.startTime).toBe(iso(Math.floor(now / DAY) * DAY - 29 * DAY))
      const orders = body.results[0]!
      expect(orders).toMatchObject({
        projectId: 'acme-data-prod',
        dataset: 'sales',
        table: 'orders',
        partitioned: true,
        partitionCount: 730,
        clustered: true,
        billingModel: 'LOGICAL',
        rows: 9_000_000_000,
        logicalBytes: 5 * TIB,
        activeLogicalBytes: TIB,
        longTermLogicalBytes: 4 * TIB,
        physicalBytes: 1_024 * GIB,
        activePhysicalBytes: 200 * GIB,
        longTermPhysicalBytes: 824 * GIB,
        // 1,024 GiB × $0.02 + 4,096 GiB × $0.01 = $61.44 a month.
        storageCost: 6_144,
        lastModifiedTime: iso(now - 0.5 * DAY),
      })
    })

    it('sums the reads of the jobs whose statement reads the table: 12 jobs of orders, 3 of customers, none of the KPIs', async () => {
      const [orders, customers, kpis] = (await tables()).results
      const ordersJobs = readers(1)
      expect(ordersJobs).toHaveLength(12)
      expect(orders).toMatchObject({
        jobCount: 12,
        bytesScanned: sum(ordersJobs, (j) => j.bytesProcessed),
        jobCost: cents(sum(ordersJobs, (j) => j.costE4)),
        lastReadTime: iso(now - 2 * 60_000),
      })
      // Running (r09, r13) and succeeded (s03) runs of the join: 3 + 50 + 900 GiB; 10 + 48 + 200 cents.
      expect(customers).toMatchObject({ jobCount: 3, bytesScanned: 953 * GIB, jobCost: 258 })
      expect(kpis).toMatchObject({
        jobCount: 0,
        bytesScanned: 0,
        jobCost: 0,
        lastReadTime: null,
        storageCost: 1,
      })
    })

    it('totals count a job reading two tables once', async () => {
      const { totals } = await tables()
      expect(totals).toMatchObject({
        tableCount: 3,
        logicalBytes: 5 * TIB + 42 * GIB,
        storageCost: 6_144 + 80 + 1,
        jobCount: 12,
        bytesScanned: sum(readers(1), (j) => j.bytesProcessed),
      })
    })

    it.each([
      ['bytesScanned-desc', [ORDERS, CUSTOMERS, KPIS]],
      ['bytesScanned-asc', [KPIS, CUSTOMERS, ORDERS]],
      ['jobCount-asc', [KPIS, CUSTOMERS, ORDERS]],
      ['table-asc', [CUSTOMERS, ORDERS, KPIS]],
      ['storageCost-asc', [KPIS, CUSTOMERS, ORDERS]],
      ['lastModifiedTime-desc', [ORDERS, CUSTOMERS, KPIS]],
    ])('sorts by %s', async (sort, expected) => {
      expect((await tables(`?sort=${sort}`)).results.map((t) => t.tableId)).toEqual(expected)
    })

    it.each([
      ['?dataset=sales', [ORDERS, CUSTOMERS]],
      ['?project=acme-marketing-analytics', [KPIS]],
      ['?name=KPI', [KPIS]],
      ['?name=sales.ord', [ORDERS]],
      ['?project=nobody', []],
    ])('filters %s', async (query, expected) => {
      const body = await tables(query)
      expect(body.results.map((t) => t.tableId)).toEqual(expected)
      expect(body.totals.tableCount).toBe(expected.length)
    })

    it('pages: page 2 of 2 a page holds the third table', async () => {
      const body = await tables('?pageSize=2&page=2')
      expect(body).toMatchObject({ total: 3, page: 2, pageSize: 2 })
      expect(body.results.map((t) => t.tableId)).toEqual([KPIS])
    })

    it('counts only the jobs of the window asked: the last day holds 9 readers of orders', async () => {
      const body = await tables(`?startTime=${iso(now - DAY)}&endTime=${iso(now)}`)
      expect(body.results[0]).toMatchObject({ tableId: ORDERS, jobCount: readers(1, DAY).length })
      expect(readers(1, DAY)).toHaveLength(9)
    })
  })

  describe('datasets', () => {
    it("sums each dataset's tables, the most storage cost first, jobs reading any of them once", async () => {
      const body = await got<BigQueryDatasetList>(calls.dataDatasets.path)
      expect(body.results).toEqual([
        expect.objectContaining({
          projectId: 'acme-data-prod',
          dataset: 'sales',
          tableCount: 2,
          billingModel: 'LOGICAL',
          logicalBytes: 5 * TIB + 40 * GIB,
          storageCost: 6_224,
          jobCount: 12,
        }),
        expect.objectContaining({
          projectId: 'acme-marketing-analytics',
          dataset: 'marketing',
          storageCost: 1,
        }),
      ])
      const marketing = await got<BigQueryDatasetList>(
        `${calls.dataDatasets.path}?project=acme-marketing-analytics`,
      )
      expect(marketing.results.map((d) => d.dataset)).toEqual(['marketing'])
    })
  })

  describe('a table and its jobs', () => {
    it("answers one table's row as the list does", async () => {
      const one = await got<BigQueryDataTableRow>(tablePath(CUSTOMERS))
      expect(one).toEqual((await tables('?dataset=sales&sort=table-asc')).results[0])
    })

    it('lists the jobs that read it, the newest first, paged, each with its figures', async () => {
      const all = await got<BigQueryTableJobList>(`${tablePath(ORDERS)}/jobs`)
      const newest = [...readers(1)].sort((a, b) => a.ago - b.ago).map((j) => j.id)
      expect(all.total).toBe(12)
      expect(all.results.map((j) => j.jobId)).toEqual(newest)
      const page2 = await got<BigQueryTableJobList>(`${tablePath(ORDERS)}/jobs?pageSize=5&page=2`)
      expect(page2.results.map((j) => j.jobId)).toEqual([
        'bqjob_f05',
        'bqjob_c06',
        'bqjob_e07',
        'bqjob_r13',
        'bqjob_s11',
      ])
      const s01 = all.results.find((j) => j.jobId === 'bqjob_s01')!
      expect(s01).toEqual({
        jobId: 'bqjob_s01',
        projectId: 'acme-marketing-analytics',
        user: 'alice@acme.example',
        jobType: 'Q',
        statementType: 'SELECT',
        status: 'S',
        createTime: iso(now - HOUR),
        duration: 4_000,
        bytesScanned: TIB - 5 * 2 ** 20,
        bytesBilled: TIB,
        cost: 625,
        cacheHit: false,
        otherTables: 0,
      })
      expect(all.results.find((j) => j.jobId === 'bqjob_s03')!.otherTables).toBe(1)
    })

    it('answers 404 for a table it does not know', async () => {
      for (const url of [
        tablePath('acme-data-prod.sales.nothing'),
        `${tablePath('nobody.sales.orders')}/jobs`,
      ]) {
        const res = await get(url)
        expect(res.statusCode).toBe(404)
        expect(res.json()).toMatchObject({ statusCode: 404, message: expect.stringMatching(/not found/) })
      }
    })
  })

  describe('bad input: 400 with the error shape', () => {
    it.each([
      [`${calls.dataTables.path}?sort=size-desc`, /sort/],
      [`${calls.dataTables.path}?sort=logicalBytes-up`, /sort/],
      [`${calls.dataTables.path}?pageSize=101`, /pageSize/],
      [`${calls.dataTables.path}?page=700`, /10000/],
      [`${calls.dataTables.path}?name=`, /name/],
      [`${calls.dataTables.path}?startTime=2026-11-20T00:00:00Z&endTime=2026-11-01T00:00:00Z`, /startTime/],
      [`${calls.dataDatasets.path}?startTime=2025-01-01T00:00:00Z&endTime=2026-11-20T00:00:00Z`, /366 days/],
      [`${calls.dataDatasets.path}?startTime=yesterday`, /startTime/],
      ['/api/v1/bigquery/data/tables/orders', /tableId/],
      [`${tablePath(ORDERS)}/jobs?page=0`, /page/],
    ])('%s', async (url, message) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      })
    })
  })
})

describe('bigquery API: the /data reads on the seeded jobs (whole days from bq_statement_days, edges from bq_jobs)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['bigquery'] }))
  })
  afterAll(() => app.close())

  it('seeds a storage row for every table: physical below logical, nothing active in a table unmodified 90 days', () => {
    const bad = app.db
      .prepare(
        `SELECT t.code FROM bq_tables t LEFT JOIN bq_table_storage s ON s.table_code = t.code
          WHERE s.table_code IS NULL OR s.physical_bytes >= t.storage_bytes OR s.active_logical_bytes > t.storage_bytes
             OR s.active_physical_bytes > s.physical_bytes OR s.last_modified > ?
             OR (s.last_modified < ? - 90 * 86400000 AND s.active_logical_bytes > 0)`,
      )
      .all(now, now)
    expect(bad).toEqual([])
    expect(app.db.prepare('SELECT count(*) FROM bq_table_storage').pluck().get()).toBeGreaterThan(0)
  })

  it('gives every table the jobs of any window exactly, as a read of the jobs themselves does (60 windows)', async () => {
    const shift = appsTimeShift(app.db)
    const expected = app.db.prepare(
      `SELECT code, count(*) AS n, sum(bytes_scanned) AS bytes, sum(cost_e4) AS e4
         FROM (SELECT DISTINCT j.rowid, st.value AS code, j.bytes_scanned, j.cost_e4
                 FROM bq_jobs j JOIN bq_statements s ON s.id = j.statement_id
                 JOIN json_each('[' || s.source_tables || ']') st
                WHERE j.create_time BETWEEN ? AND ?)
        GROUP BY code`,
    )
    const names = new Map(
      (
        app.db
          .prepare(
            `SELECT t.code, p.project_id || '.' || t.dataset || '.' || t.table_name AS id
               FROM bq_tables t JOIN bq_projects p ON p.code = t.project`,
          )
          .all() as { code: number; id: string }[]
      ).map((t) => [t.id, t.code]),
    )
    let seed = 19
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 60; i++) {
      const length = Math.round(HOUR + random() * 60 * DAY)
      const end = Math.round(now - random() * 40 * DAY)
      const start = end - length
      const res = await app.inject({
        method: 'GET',
        url: `${calls.dataTables.path}?startTime=${iso(start)}&endTime=${iso(end)}&pageSize=100`,
        headers: as('bigquery'),
      })
      expect(res.statusCode, res.body).toBe(200)
      const byCode = new Map(
        (
          expected.all(start - shift, end - shift) as { code: number; n: number; bytes: number; e4: number }[]
        ).map((r) => [r.code, r]),
      )
      for (const t of res.json<BigQueryTableList>().results) {
        const want = byCode.get(names.get(t.tableId)!)
        expect([t.tableId, t.jobCount, t.bytesScanned, t.jobCost]).toEqual([
          t.tableId,
          want?.n ?? 0,
          want?.bytes ?? 0,
          cents(want?.e4 ?? 0),
        ])
      }
    }
  })
})
