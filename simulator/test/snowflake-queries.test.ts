import type { FastifyInstance } from 'fastify'
import {
  SNOWFLAKE_INSIGHT_KEYS,
  snowflakeEndpoints,
  SNOWFLAKE_QUERY_SORT_KEYS,
  type SnowflakeQueryDetails,
  type SnowflakeQueryMetadata,
  type SnowflakeQueryRow,
  type SnowflakeQuerySearchResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SNOWFLAKE_QUERY_ANCHORS } from '../../fixtures/snowflake-queries.ts'
import type { AppInstance } from '../src/app.ts'
import { insightBit } from '../src/db/seed/snowflake-insights.ts'
import { timeOrderBreaks } from '../src/db/time-ordered-rows.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const HOUR = 3_600_000
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
const iso = (ms: number) => new Date(ms).toISOString()
/** A window that cuts days and hours mid-way, so totals add rollup buckets and edge queries. */
const WINDOW = { from: TEST_NOW_MS - 41 * DAY - 5 * HOUR - 1234, to: TEST_NOW_MS - 2 * HOUR + 777 }
const BODY_WINDOW = { startTime: iso(WINDOW.from), endTime: iso(WINDOW.to) }

describe('snowflake queries: search, metadata, details (E158-E160)', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['snowflake', 'sfuser', 'admin'] }))
    db = app.db
  })
  afterAll(() => app.close())

  const search = (body: object, user = 'snowflake') =>
    app.inject({
      method: 'POST',
      url: snowflakeEndpoints.querySearch.path,
      headers: as(user),
      payload: body,
    })
  const get = (url: string, user = 'snowflake') => app.inject({ method: 'GET', url, headers: as(user) })

  /** Queries that started in [from, to] and pass a condition, counted straight from the table. */
  const count = (where = '1', params: Record<string, unknown> = {}, window = WINDOW) =>
    db
      .prepare(
        `SELECT count(*) FROM snowflake_queries_named WHERE start_time BETWEEN @from AND @to AND (${where})`,
      )
      .pluck()
      .get({ ...window, ...params }) as number
  const one = <T>(sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...params) as T

  describe('seed', () => {
    it('has at least 90 days of history up to now, and queries in every status', () => {
      const first = one<number>('SELECT min(start_time) FROM snowflake_queries_named')
      expect(TEST_NOW_MS - first).toBeGreaterThanOrEqual(90 * DAY)
      expect(one<number>('SELECT max(start_time) FROM snowflake_queries_named')).toBeLessThanOrEqual(
        TEST_NOW_MS,
      )
      const statuses = db.prepare('SELECT DISTINCT status FROM snowflake_queries_named').pluck().all()
      expect(statuses.sort()).toEqual(['F', 'P', 'R', 'S', 'U', 'W'])
      expect(
        one<number>("SELECT count(*) FROM snowflake_queries_named WHERE status = 'F' AND message = ''"),
      ).toBe(0)
      expect(
        one<number>(
          "SELECT count(*) FROM snowflake_queries_named WHERE status IN ('R','W','U','P') AND end_time IS NOT NULL",
        ),
      ).toBe(0)
    })

    it('prices credits from the warehouse rate and the execution time, and cost as credits × USD per credit', () => {
      const price = one<number>('SELECT DISTINCT usd_per_credit FROM snowflake_accounts')
      expect(price).toBe(3)
      const wrong = one<number>(
        `SELECT count(*) FROM snowflake_queries_named q JOIN snowflake_warehouses w ON w.uid = q.warehouse_uid
          WHERE q.credits_e4 != CAST(round(w.credits_per_hour * q.execution_time / 360.0) AS INTEGER)
             OR q.cost_e4 != CAST(round(q.credits_e4 * ${price}) AS INTEGER)`,
      )
      expect(wrong).toBe(0)
    })

    it.each([
      ['FULL_TABLE_SCAN', 'partitions_total >= 100 AND partitions_scanned >= 0.9 * partitions_total'],
      ['REMOTE_SPILLAGE', 'bytes_spilled_remote > 0'],
      ['LOCAL_SPILLAGE', 'bytes_spilled_local > 0'],
      ['QUEUED_OVERLOAD', 'queued_overload_time > 0'],
      [
        'OVERSIZED_WAREHOUSE',
        "status = 'S' AND execution_time < 1000 AND bytes_scanned < 10485760 AND warehouse_uid IN (SELECT uid FROM snowflake_warehouses WHERE credits_per_hour >= 8)",
      ],
      [
        'REPEATED_QUERY',
        `query_type = 'SELECT' AND (SELECT count(*) FROM snowflake_queries o
           WHERE o.statement_id IN (SELECT id FROM snowflake_statements WHERE signature = q.signature)
           AND o.start_time / ${DAY} = q.start_time / ${DAY}) >= 24`,
      ],
    ] as const)('raises %s exactly on the queries whose metrics show it', (key, condition) => {
      const bit = insightBit(key)
      const carrying = one<number>(
        `SELECT count(*) FROM snowflake_queries_named q WHERE insight_mask & ${bit}`,
      )
      const mismatched = one<number>(
        `SELECT count(*) FROM snowflake_queries_named q WHERE ((insight_mask & ${bit}) != 0) != (${condition})`,
      )
      expect(carrying).toBeGreaterThan(0)
      expect(mismatched).toBe(0)
    })

    it('repeats signatures, some many times a day, and keeps insight_count as the bits of the mask', () => {
      const busiest = one<number>(
        `SELECT max(n) FROM (SELECT count(*) AS n FROM snowflake_queries_named GROUP BY signature, start_time / ${DAY})`,
      )
      expect(busiest).toBeGreaterThanOrEqual(24)
      const rows = db
        .prepare('SELECT insight_mask, insight_count FROM snowflake_queries_named WHERE insight_mask != 0')
        .all() as {
        insight_mask: number
        insight_count: number
      }[]
      for (const r of rows)
        expect(r.insight_count).toBe(r.insight_mask.toString(2).replaceAll('0', '').length)
    })

    it('stores the queries in start order, so a window is a rowid range of the table', () => {
      // The anchors, queries in flight and dashboard refreshes are planned apart from the random ones.
      expect(timeOrderBreaks(db, 'snowflake_queries')).toBe(0)
    })

    it('includes the fixture anchors', () => {
      for (const anchor of SNOWFLAKE_QUERY_ANCHORS)
        expect(one<string>('SELECT status FROM snowflake_queries_named WHERE id = ?', anchor.id)).toBe(
          anchor.status,
        )
    })
  })

  describe('access', () => {
    it('needs a token (401)', async () => {
      const res = await app.inject({ method: 'POST', url: snowflakeEndpoints.querySearch.path, payload: {} })
      expect(res.statusCode).toBe(401)
    })
    it.each([
      ['POST', snowflakeEndpoints.querySearch.path],
      ['GET', snowflakeEndpoints.queryMetadata.path],
      ['GET', snowflakeEndpoints.queryDetails.path.replace('{queryUid}', SNOWFLAKE_QUERY_ANCHORS[0]!.id)],
    ])('refuses a CDH user on %s %s (403)', async (method, url) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: as('admin'),
        payload: method === 'POST' ? {} : undefined,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('Snowflake is not available for CDH clusters.')
    })
    it('serves a Snowflake user of the user role', async () => {
      expect((await search({}, 'sfuser')).statusCode).toBe(200)
    })
  })

  describe('search', () => {
    it("defaults to today's queries, 15 a page, most cost first", async () => {
      const res = await search({})
      expect(res.statusCode).toBe(200)
      const body = res.json<SnowflakeQuerySearchResponse>()
      const today = count('1', {}, { from: START_OF_TODAY, to: Date.now() + 10 * DAY })
      expect(body.total).toBe(today)
      expect(body).toMatchObject({ page: 1, pageSize: 15 })
      expect(body.results).toHaveLength(Math.min(15, today))
      const costs = body.results.map((r) => r.cost)
      expect(costs).toEqual([...costs].sort((a, b) => b - a))
      expect(body.results.every((r) => Date.parse(r.startTime) >= START_OF_TODAY)).toBe(true)
    })

    const warehouse = 'wh-qb41627-transform-wh'
    it.each([
      ['status', { status: ['F'] }, "status = 'F'"],
      ['two statuses', { status: ['F', 'R'] }, "status IN ('F', 'R')"],
      ['warehouse', { warehouseUid: [warehouse] }, `warehouse_uid = '${warehouse}'`],
      ['user', { userName: ['LOOKER_SVC'] }, "user_name = 'LOOKER_SVC'"],
      ['connector', { clientConnectors: ['dbt', 'Go 1.7.0'] }, "client_connector IN ('dbt', 'Go 1.7.0')"],
      ['account', { accounts: ['RX80233'] }, "account_id = 'RX80233'"],
      ['insight', { insights: ['FULL_TABLE_SCAN'] }, `insight_mask & ${insightBit('FULL_TABLE_SCAN')}`],
      [
        'insight by title',
        { insights: ['Spilling to remote storage'] },
        `insight_mask & ${insightBit('REMOTE_SPILLAGE')}`,
      ],
      ['inefficient only', { showInefficientOnly: true }, 'insight_mask != 0'],
      ['cost range', { minCost: 0.05, maxCost: 2.5 }, 'cost_e4 BETWEEN 500 AND 25000'],
      ['duration range', { minDuration: 1000, maxDuration: 60000 }, 'duration BETWEEN 1000 AND 60000'],
      [
        'user and status and inefficient',
        { userName: ['LOOKER_SVC', 'TABLEAU_SVC'], status: ['S'], showInefficientOnly: true },
        "user_name IN ('LOOKER_SVC', 'TABLEAU_SVC') AND status = 'S' AND insight_mask != 0",
      ],
      [
        'account and warehouse',
        { accounts: ['QB41627'], warehouseUid: [warehouse, 'wh-rx80233-analyst-wh'] },
        `warehouse_uid = '${warehouse}'`,
      ],
      ['minimum cost only', { minCost: 1 }, 'cost_e4 >= 10000'],
      ['unknown user', { userName: ['NOBODY'] }, '0'],
      // One warehouse's page is sorted from its own window (snowflake_queries_warehouse), one user's
      // walked through snowflake_queries_cost like any filter (repositories/snowflake-queries.ts pageIndex).
      [
        'one warehouse, a status, an insight and a duration range',
        { warehouseUid: [warehouse], status: ['S'], showInefficientOnly: true, minDuration: 100 },
        `warehouse_uid = '${warehouse}' AND status = 'S' AND insight_mask != 0 AND duration >= 100`,
      ],
      [
        'one user and a connector',
        { userName: ['LOOKER_SVC'], clientConnectors: ['JDBC 3.14.4'] },
        "user_name = 'LOOKER_SVC' AND client_connector = 'JDBC 3.14.4'",
      ],
      [
        'one warehouse and one user',
        { warehouseUid: ['wh-qb41627-bi-wh'], userName: ['LOOKER_SVC'] },
        "warehouse_uid = 'wh-qb41627-bi-wh' AND user_name = 'LOOKER_SVC'",
      ],
      [
        'one user and a status',
        { userName: ['LOOKER_SVC'], status: ['S'] },
        "user_name = 'LOOKER_SVC' AND status = 'S'",
      ],
    ])('filters by %s, with the total counted from the queries', async (_name, filters, where) => {
      const res = await search({ ...BODY_WINDOW, ...filters, pageSize: 100 })
      expect(res.statusCode).toBe(200)
      const body = res.json<SnowflakeQuerySearchResponse>()
      expect(body.total).toBe(count(where))
      expect(body.total).toBeLessThan(count())
      expect(body.results).toHaveLength(Math.min(100, body.total))
      const ids = body.results.map((r) => r.id)
      const matching = db
        .prepare(
          `SELECT id FROM snowflake_queries_named WHERE start_time BETWEEN @from AND @to AND (${where})
            AND id IN (SELECT value FROM json_each(@ids))`,
        )
        .pluck()
        .all({ ...WINDOW, ids: JSON.stringify(ids) })
      expect(matching).toHaveLength(ids.length)
      // The first page is the costliest of them, whichever index the page was walked through.
      const costliest = db
        .prepare(
          `SELECT id FROM snowflake_queries_named WHERE start_time BETWEEN @from AND @to AND (${where})
            ORDER BY cost_e4 DESC, rid DESC LIMIT 100`,
        )
        .pluck()
        .all(WINDOW)
      expect(ids).toEqual(costliest)
    })

    // A cost or duration page is walked down its sort index when the walk looks the cheaper read, else
    // sorted from the window (repositories/snowflake-queries.ts pageIndex): each case's pages must be
    // the reference order's, whichever read served them.
    it.each([
      ['no filter', {}, '1'],
      ['cheap queries only', { maxCost: 0.3 }, 'cost_e4 <= 3000'],
      ['short queries only', { maxDuration: 59_000 }, 'duration <= 59000'],
      ['a long minimum duration', { minDuration: 120_000 }, 'duration >= 120000'],
      ['a rare status', { status: ['F'] }, "status = 'F'"],
    ])('pages by highest cost and longest duration with %s', async (_name, filters, where) => {
      for (const [sort, order] of [
        ['cost-desc', 'cost_e4 DESC, rid DESC'],
        ['usage-desc', 'cost_e4 DESC, credits_e4 DESC, rid DESC'],
        ['duration-desc', 'duration DESC, rid DESC'],
      ] as const)
        for (const page of [1, 3]) {
          const body = (
            await search({ ...BODY_WINDOW, ...filters, sort, page, pageSize: 20 })
          ).json<SnowflakeQuerySearchResponse>()
          expect(body.total, `${sort} total`).toBe(count(where))
          const expected = db
            .prepare(
              `SELECT id FROM snowflake_queries_named WHERE start_time BETWEEN @from AND @to AND (${where})
                ORDER BY ${order} LIMIT 20 OFFSET ${(page - 1) * 20}`,
            )
            .pluck()
            .all(WINDOW)
          expect(
            body.results.map((r) => r.id),
            `${sort} page ${page}`,
          ).toEqual(expected)
        }
    })

    it('filters by signature', async () => {
      const signature = one<string>(
        'SELECT signature FROM snowflake_queries_named WHERE start_time BETWEEN ? AND ? GROUP BY 1 ORDER BY count(*) DESC',
        WINDOW.from,
        WINDOW.to,
      )
      const body = (await search({ ...BODY_WINDOW, signature })).json<SnowflakeQuerySearchResponse>()
      expect(body.total).toBe(count('signature = @signature', { signature }))
      expect(body.results.every((r) => r.signature === signature)).toBe(true)
    })

    const value = (row: SnowflakeQueryRow, key: string): string | number => {
      switch (key) {
        case 'userName':
          return row.userName
        case 'warehouse':
          return row.warehouse.name
        case 'insights':
          return row.insights.count
        case 'bytesScanned':
          return row.totalBytes.read
        case 'startTime':
        case 'endTime':
          return row[key] === null ? -1 : Date.parse(row[key]!)
        default:
          return row[key as 'cost'] as number | string
      }
    }
    it.each(SNOWFLAKE_QUERY_SORT_KEYS.flatMap((key) => ['asc', 'desc'].map((dir) => [key, dir] as const)))(
      'sorts by %s %s',
      async (key, dir) => {
        const res = await search({ ...BODY_WINDOW, sort: `${key}-${dir}`, pageSize: 50, page: 2 })
        expect(res.statusCode).toBe(200)
        const values = res.json<SnowflakeQuerySearchResponse>().results.map((r) => value(r, key))
        expect(values).toHaveLength(50)
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse())
      },
    )

    it('pages through the same order', async () => {
      const all = (await search({ ...BODY_WINDOW, pageSize: 30 })).json<SnowflakeQuerySearchResponse>()
      const first = (await search({ ...BODY_WINDOW, pageSize: 15 })).json<SnowflakeQuerySearchResponse>()
      const second = (
        await search({ ...BODY_WINDOW, pageSize: 15, page: 2 })
      ).json<SnowflakeQuerySearchResponse>()
      expect([...first.results, ...second.results].map((r) => r.id)).toEqual(all.results.map((r) => r.id))
      const last = Math.ceil(all.total / 100)
      const tail = (
        await search({ ...BODY_WINDOW, pageSize: 100, page: last })
      ).json<SnowflakeQuerySearchResponse>()
      expect(tail.results).toHaveLength(all.total - (last - 1) * 100)
      const past = (
        await search({ ...BODY_WINDOW, pageSize: 100, page: last + 1 })
      ).json<SnowflakeQuerySearchResponse>()
      expect(past.results).toEqual([])
    })

    it('finds a query by id alone, whatever the other filters say', async () => {
      const anchor = SNOWFLAKE_QUERY_ANCHORS[1]!
      const res = await search({
        id: anchor.id,
        status: ['S'],
        startTime: iso(TEST_NOW_MS - 700 * DAY),
        endTime: iso(TEST_NOW_MS - 699 * DAY),
        minCost: 999,
      })
      const body = res.json<SnowflakeQuerySearchResponse>()
      expect(body.total).toBe(1)
      expect(body.results[0]).toMatchObject({ id: anchor.id, status: 'F', userName: anchor.userName })
      expect(body.results[0]!.message).not.toBe('')
      expect((await search({ id: 'no-such-query' })).json()).toMatchObject({ total: 0, results: [] })
    })

    it.each([
      ['an unknown status', { status: ['X'] }, /unknown status "X"/],
      ['an unknown insight', { insights: ['SLOW'] }, /unknown insight "SLOW"/],
      ['an unknown sort key', { sort: 'price-desc' }, /unknown key/],
      ['an unknown sort direction', { sort: 'cost-down' }, /unknown direction/],
      ['a sort without a direction', { sort: 'cost' }, /unknown key/],
      [
        'min cost above max cost',
        { minCost: 5, maxCost: 1 },
        /minCost \(5\) must not be above body\/maxCost \(1\)/,
      ],
      ['min duration above max duration', { minDuration: 10, maxDuration: 1 }, /minDuration/],
      ['a malformed start', { startTime: 'last tuesday at noon' }, /startTime must be an ISO-8601 date-time/],
      ['a malformed end', { endTime: '2026-13-45T99:00:00Z' }, /endTime must be an ISO-8601 date-time/],
      [
        'a reversed window',
        { startTime: iso(TEST_NOW_MS), endTime: iso(TEST_NOW_MS - DAY) },
        /must not be after/,
      ],
      ['a page beyond 10,000 rows', { page: 101, pageSize: 100 }, /limited to 10000/],
      ['a page size above 100', { pageSize: 101 }, /pageSize/],
      ['an unknown field', { cluster: 'x' }, /additional/],
    ])('refuses %s (400 in the error shape)', async (_name, body, message) => {
      const res = await search(body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(res.json().message).toMatch(message)
    })
  })

  describe('metadata', () => {
    const metadata = async (params: Record<string, string>) => {
      const res = await get(`${snowflakeEndpoints.queryMetadata.path}?${new URLSearchParams(params)}`)
      expect(res.statusCode).toBe(200)
      return res.json<SnowflakeQueryMetadata>()
    }
    const sum = (options: { count: number }[]) => options.reduce((n, o) => n + o.count, 0)

    it.each([
      ['all queries', {}, '1'],
      ['inefficient only', { showInefficientOnly: 'true' }, 'insight_mask != 0'],
    ])('counts each option of the window, %s, summing to the total', async (_name, extra, where) => {
      const m = await metadata({ ...BODY_WINDOW, ...extra })
      const total = count(where)
      for (const options of [m.users, m.warehouses, m.clientConnectors, m.accounts, m.statuses])
        expect(sum(options)).toBe(total)
      for (const option of m.users)
        expect(option.count).toBe(count(`(${where}) AND user_name = @u`, { u: option.userName }))
      for (const option of m.statuses)
        expect(option.count).toBe(count(`(${where}) AND status = @s`, { s: option.status }))
      for (const key of SNOWFLAKE_INSIGHT_KEYS) {
        const expected = count(`(${where}) AND insight_mask & ${insightBit(key)}`)
        expect(m.insights.find((o) => o.name === key)?.count ?? 0).toBe(expected)
      }
      const range = db
        .prepare(
          `SELECT min(cost_e4) AS cmin, max(cost_e4) AS cmax, min(duration) AS dmin, max(duration) AS dmax
             FROM snowflake_queries_named WHERE start_time BETWEEN @from AND @to AND (${where})`,
        )
        .get(WINDOW) as { cmin: number; cmax: number; dmin: number; dmax: number }
      expect(m.cost).toEqual({ min: range.cmin / 10_000, max: range.cmax / 10_000 })
      expect(m.duration).toEqual({ min: range.dmin, max: range.dmax })
    })

    it('answers an empty window with no options and ranges from 0', async () => {
      const m = await metadata({
        startTime: iso(TEST_NOW_MS - 700 * DAY),
        endTime: iso(TEST_NOW_MS - 699 * DAY),
      })
      expect(m).toEqual({
        users: [],
        warehouses: [],
        cost: { min: 0, max: 0 },
        duration: { min: 0, max: 0 },
        insights: [],
        clientConnectors: [],
        accounts: [],
        statuses: [],
      })
    })

    it.each([
      [{ startTime: 'not a date at all' }, /startTime must be an ISO-8601/],
      [{ startTime: iso(TEST_NOW_MS), endTime: iso(TEST_NOW_MS - HOUR) }, /must not be after/],
    ])('refuses bad windows (400)', async (params, message) => {
      const res = await get(`${snowflakeEndpoints.queryMetadata.path}?${new URLSearchParams(params)}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    })
  })

  describe('details', () => {
    const details = (id: string) =>
      get(snowflakeEndpoints.queryDetails.path.replace('{queryUid}', encodeURIComponent(id)))

    it('shows the tabs of a full-scan, spilling query with insights that quote its numbers', async () => {
      const anchor = SNOWFLAKE_QUERY_ANCHORS[0]!
      const res = await details(anchor.id)
      expect(res.statusCode).toBe(200)
      const d = res.json<SnowflakeQueryDetails>()
      expect(d.query).toMatchObject({ id: anchor.id, userName: anchor.userName, status: 'S' })
      expect(d.query.warehouse.name).toBe(anchor.warehouse)
      expect(d.warehouse).toMatchObject({ name: anchor.warehouse, size: '2X-Large', creditsPerHour: 32 })
      expect(d.query.usage).toBeCloseTo((32 * anchor.executionMs) / 3_600_000, 4)
      expect(d.query.cost).toBeCloseTo(d.query.usage * 3, 4)
      expect(d.metrics.executionTime).toBe(anchor.executionMs)
      expect(d.metrics.bytesSpilledToRemoteStorage).toBe(anchor.spilledRemoteBytes)
      expect(d.metrics.partitionsScanned).toBe(d.metrics.partitionsTotal)
      expect(d.inputTables.reduce((n, t) => n + t.partitionsScanned, 0)).toBe(d.metrics.partitionsScanned)
      const keys = d.insights.map((i) => i.key)
      expect(keys).toEqual(expect.arrayContaining(['FULL_TABLE_SCAN', 'REMOTE_SPILLAGE', 'LOCAL_SPILLAGE']))
      expect(d.query.insights.count).toBe(d.insights.length)
      expect(d.insights.find((i) => i.key === 'FULL_TABLE_SCAN')!.description).toContain(
        d.metrics.partitionsTotal.toLocaleString('en-US'),
      )
      expect(d.insights.every((i) => i.estimatedSavingUsd >= 0 && i.recommendation.length > 0)).toBe(true)
      expect(d.query.sqlFull.startsWith(d.query.sqlShort)).toBe(true)
      expect(d.databaseName).not.toBe('')
    })

    it('shows a failed MERGE with its message and output table', async () => {
      const d = (await details(SNOWFLAKE_QUERY_ANCHORS[1]!.id)).json<SnowflakeQueryDetails>()
      expect(d.query.queryType).toBe('MERGE')
      expect(d.query.message).not.toBe('')
      expect(d.outputTables).toHaveLength(1)
    })

    it('shows a running query with no end yet', async () => {
      const d = (await details(SNOWFLAKE_QUERY_ANCHORS[2]!.id)).json<SnowflakeQueryDetails>()
      expect(d.query).toMatchObject({ status: 'R', endTime: null })
      expect(d.query.duration).toBeGreaterThan(0)
    })

    it('answers 404 in the error shape for an unknown id', async () => {
      const res = await details('01ffffff-0000-0000-0000-000000000000')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, message: expect.stringMatching(/not found/) })
    })
  })
})
