import type { FastifyInstance } from 'fastify'
import {
  BIGQUERY_INSIGHT_KEYS,
  BIGQUERY_PRICING_PLAN_KEYS,
  bigqueryEndpoints,
  type BigQueryJobDetails,
  type BigQueryJobMetadata,
  type BigQueryJobSearchResponse,
  type BigQueryProjectList,
  type BigQueryProjectMetadata,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSetting, writeSetting } from '../src/db/repositories/settings.ts'
import {
  BIT,
  FIXTURE_JOBS,
  FIXTURE_PRINCIPALS,
  FIXTURE_PROJECTS,
  FIXTURE_STATEMENTS,
  FIXTURE_TIME,
  insertBigQueryFixture,
  type FixtureJob,
} from './bigquery-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const { MIN, HOUR, DAY, MIB, TIB } = FIXTURE_TIME
const iso = (ms: number) => new Date(ms).toISOString()
const projectOf = (j: FixtureJob) => FIXTURE_PROJECTS.find((p) => p[0] === j.project)![1]
const userOf = (j: FixtureJob) => FIXTURE_PRINCIPALS.find((p) => p[0] === j.principal)![1]
const signatureOf = (j: FixtureJob) => FIXTURE_STATEMENTS.find((s) => s[0] === j.statement)![4]
const byId = (id: string) => FIXTURE_JOBS.find((j) => j.id === id)!
const cents = (e4: number) => Math.round(e4) / 10_000

describe('bigquery API: jobs and projects (E163-E167)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['bigquery', 'snowflake'] }))
    insertBigQueryFixture(app.db, now)
  })
  afterAll(() => app.close())

  const search = (body: object, user = 'bigquery') =>
    app.inject({ method: 'POST', url: bigqueryEndpoints.jobSearch.path, headers: as(user), payload: body })
  const found = async (body: object) => {
    const res = await search(body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<BigQueryJobSearchResponse>()
  }
  const get = (url: string, user = 'bigquery') => app.inject({ method: 'GET', url, headers: as(user) })
  const got = async <T>(url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const qs = (params: Record<string, string | number | boolean>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string])).toString()

  /** The fixture's jobs created in the last `ms` (ends included), costlens' own left out unless asked. */
  const within = (ms: number, unravel = false) =>
    FIXTURE_JOBS.filter((j) => j.ago <= ms && (unravel || !j.unravel))
  /** Newest first, as the default sort. */
  const newestFirst = (jobs: FixtureJob[]) => [...jobs].sort((a, b) => a.ago - b.ago).map((j) => j.id)
  const WEEK = { startTime: iso(0), endTime: iso(0) }
  beforeAll(() => {
    WEEK.startTime = iso(now - 7 * DAY)
    WEEK.endTime = iso(now)
  })

  describe('access', () => {
    const CALLS: [string, 'GET' | 'POST', string][] = [
      ['E163 job search', 'POST', bigqueryEndpoints.jobSearch.path],
      ['E164 job metadata', 'GET', bigqueryEndpoints.jobMetadata.path],
      ['E167 job details', 'GET', '/api/v1/bigquery/jobs/bqjob_s01'],
      ['E165 projects', 'GET', bigqueryEndpoints.projects.path],
      ['E166 project metadata', 'GET', bigqueryEndpoints.projectMetadata.path],
    ]
    it.each(CALLS)(
      '%s: 200 to the BigQuery persona, 403 to a Snowflake user, 401 without a token',
      async (_n, method, url) => {
        const call = (headers: Record<string, string>) =>
          app.inject({ method, url, headers, ...(method === 'POST' && { payload: {} }) })
        expect((await call(as('bigquery'))).statusCode).toBe(200)
        const other = await call(as('snowflake'))
        expect(other.statusCode).toBe(403)
        expect(other.json().message).toMatch(/not available for SNOWFLAKE clusters/)
        expect((await call({})).statusCode).toBe(401)
      },
    )
  })

  describe('E163 job search', () => {
    it('defaults to the last 12 hours, newest first, 15 a page, without costlens’ own jobs', async () => {
      const body = await found({})
      const expected = within(12 * HOUR)
      expect(body.total).toBe(expected.length)
      expect(body.total).toBe(9)
      expect(body.page).toBe(1)
      expect(body.pageSize).toBe(15)
      expect(body.results.map((r) => r.id)).toEqual(newestFirst(expected))
      expect(body.results.some((r) => r.executedByUnravel)).toBe(false)
    })

    it('sums the cost in cents (4 decimals), bytes billed and slot-ms of every matching job', async () => {
      const body = await found({})
      // 625 (1 TiB on demand) + 0.006 (10 MB minimum) + 48 (10 slot-hours) + 10 (running so far).
      expect(body.totals.cost).toBe(683.006)
      expect(body.totals.billedBytes).toBe(TIB + 10 * MIB)
      expect(body.totals.slotMs).toBe(within(12 * HOUR).reduce((n, j) => n + j.slotMs, 0))
    })

    it('answers a row with names, cents, times moved to now and its statement filled', async () => {
      const { results } = await found({})
      const row = results.find((r) => r.id === 'bqjob_s01')!
      expect(row).toMatchObject({
        projectId: 'acme-marketing-analytics',
        userName: 'alice@acme.example',
        type: 'Q',
        status: 'S',
        statementType: 'SELECT',
        billingType: 'BYTES_BILLED',
        pricingPlan: 'ON_DEMAND',
        reservation: null,
        cost: 625,
        billedBytes: TIB,
        bytesProcessed: TIB - 5 * MIB,
        location: 'US',
        duration: 4_000,
        createTime: iso(now - HOUR),
        endTime: iso(now - HOUR + 4_000),
        insights: { count: 2 },
        tags: [
          { key: 'team', value: 'marketing' },
          { key: 'env', value: 'prod' },
        ],
        dataSources: ['acme-data-prod.sales.orders'],
        dataset: null,
        signature: 'sig-star',
        executedByUnravel: false,
      })
      expect(row.statement.full).toMatch(
        /^SELECT \* FROM `acme-data-prod\.sales\.orders` WHERE store_id = \d+$/,
      )
      expect(row.statement.short).toBe(row.statement.full.slice(0, 200))
      expect(results.find((r) => r.id === 'bqjob_s02')).toMatchObject({
        cost: 0.006,
        dataset: 'acme-marketing-analytics.marketing',
      })
      expect(results.find((r) => r.id === 'bqjob_s03')).toMatchObject({
        pricingPlan: 'ENTERPRISE',
        billingType: 'SLOT_TIME',
        reservation: 'acme-admin:US.etl',
        cost: 48,
      })
      expect(results.find((r) => r.id === 'bqjob_f05')).toMatchObject({
        status: 'F',
        billingType: 'NOT_BILLED',
        errorMessage: 'Unrecognized name: regoin at [1:52]',
      })
      expect(results.find((r) => r.id === 'bqjob_c06')).toMatchObject({
        cacheHit: true,
        billingType: 'NOT_BILLED',
      })
      expect(results.find((r) => r.id === 'bqjob_e07')).toMatchObject({
        type: 'E',
        destinationUri: 'gs://acme-exports/orders-*.csv',
        destinationFileCount: 12,
        tags: [],
      })
    })

    it('shows a running job without an end and its duration so far, a pending one without a start', async () => {
      const { results } = await found({})
      expect(results.find((r) => r.id === 'bqjob_r09')).toMatchObject({
        status: 'R',
        endTime: null,
        duration: 30 * MIN,
      })
      expect(results.find((r) => r.id === 'bqjob_w10')).toMatchObject({ startTime: null, endTime: null })
    })

    it('shows costlens’ own jobs with showUnravelJobs', async () => {
      const body = await found({ showUnravelJobs: true })
      expect(body.results.map((r) => r.id)).toEqual(newestFirst(within(12 * HOUR, true)))
      expect(body.results.find((r) => r.id === 'bqjob_u08')?.executedByUnravel).toBe(true)
    })

    const week = within(7 * DAY)
    it.each<[string, object, (j: FixtureJob) => boolean]>([
      ['projectId', { projectId: ['acme-data-prod', 'acme-ml-sandbox'] }, (j) => j.project !== 2],
      ['an unknown project matches nothing', { projectId: ['nobody'] }, () => false],
      ['type', { type: ['L', 'E'] }, (j) => j.type === 'L' || j.type === 'E'],
      ['userName', { userName: ['alice@acme.example'] }, (j) => userOf(j) === 'alice@acme.example'],
      ['status', { status: ['F', 'R'] }, (j) => j.status === 'F' || j.status === 'R'],
      [
        'tags match any pair',
        {
          tags: [
            { key: 'env', value: 'dev' },
            { key: 'team', value: 'marketing' },
          ],
        },
        (j) => j.labelSet === 2 || j.labelSet === 3,
      ],
      ['a tag on no job', { tags: [{ key: 'team', value: 'finance' }] }, () => false],
      ['pricing', { pricing: ['STANDARD', 'ON_DEMAND'] }, (j) => j.pricing <= 1],
      [
        'duration range (ms)',
        { minDuration: 2_000, maxDuration: 60_000 },
        (j) => j.status !== 'R' && j.status !== 'W' && j.duration >= 2_000 && j.duration <= 60_000,
      ],
      ['slot-ms range', { minSlotMs: 1_000_000 }, (j) => j.slotMs >= 1_000_000],
      [
        'bytes billed range',
        { minBilledBytes: 10 * MIB, maxBilledBytes: TIB },
        (j) => j.bytesBilled >= 10 * MIB && j.bytesBilled <= TIB,
      ],
      ['signature (over its statements)', { signature: 'sig-star' }, (j) => signatureOf(j) === 'sig-star'],
      [
        'filters together',
        { projectId: ['acme-data-prod'], status: ['S'], type: ['Q'] },
        (j) => j.project === 1 && j.status === 'S' && j.type === 'Q',
      ],
    ])('filters by %s (last 7 days)', async (_name, filter, keep) => {
      const body = await found({ ...WEEK, ...filter, pageSize: 100 })
      const expected = week.filter(keep)
      expect(body.results.map((r) => r.id)).toEqual(newestFirst(expected))
      expect(body.total).toBe(expected.length)
      expect(body.totals.cost).toBe(cents(expected.reduce((n, j) => n + j.costE4, 0)))
    })

    it('lists the running and pending jobs whatever their age, ignoring users, statuses and ranges', async () => {
      const running = FIXTURE_JOBS.filter((j) => j.status === 'R' || j.status === 'W')
      const body = await found({
        filterType: 'running',
        startTime: iso(now - 2 * HOUR),
        endTime: iso(now - HOUR),
        userName: ['nobody@acme.example'],
        status: ['S'],
        minDuration: 1_000_000,
      })
      expect(body.results.map((r) => r.id)).toEqual(newestFirst(running))
      expect(body.results.map((r) => r.id)).toContain('bqjob_r13')
      // The project still filters.
      const ofProject = await found({ filterType: 'running', projectId: ['acme-marketing-analytics'] })
      expect(ofProject.results.map((r) => r.id)).toEqual(['bqjob_w10'])
    })

    it('keeps jobs with an insight in the inefficient list, of the insights asked when given', async () => {
      const inefficient = await found({ ...WEEK, filterType: 'inefficient', pageSize: 100 })
      expect(inefficient.results.map((r) => r.id)).toEqual(newestFirst(week.filter((j) => j.mask !== 0)))
      const crossJoins = await found({ ...WEEK, filterType: 'inefficient', insights: ['CROSS_JOIN'] })
      expect(crossJoins.results.map((r) => r.id)).toEqual(newestFirst(week.filter((j) => j.mask & BIT.cross)))
      // The all list starts with every insight selected: the insights do not filter it.
      const all = await found({ ...WEEK, insights: ['CROSS_JOIN'], pageSize: 100 })
      expect(all.total).toBe(week.length)
    })

    it('finds a job by id whatever the other filters say, with its own totals', async () => {
      const body = await found({ id: 'bqjob_s15', projectId: ['acme-archive'], status: ['F'], ...WEEK })
      expect(body.results.map((r) => r.id)).toEqual(['bqjob_s15'])
      expect(body.total).toBe(1)
      expect(body.totals).toEqual({ cost: 625, billedBytes: TIB, slotMs: 950_000 })
      expect(body.results[0]!.createTime).toBe(iso(now - 40 * DAY))
      expect((await found({ id: 'bqjob_nope' })).total).toBe(0)
    })

    it.each<[string, (a: FixtureJob, b: FixtureJob) => number]>([
      ['cost-desc', (a, b) => b.costE4 - a.costE4],
      ['duration-asc', (a, b) => a.duration - b.duration],
      ['slotMs-desc', (a, b) => b.slotMs - a.slotMs],
      ['billedBytes-desc', (a, b) => b.bytesBilled - a.bytesBilled],
      ['createTime-asc', (a, b) => b.ago - a.ago],
      ['userName-asc', (a, b) => userOf(a).localeCompare(userOf(b))],
      ['projectId-desc', (a, b) => projectOf(b).localeCompare(projectOf(a))],
      [
        'insights-desc',
        (a, b) =>
          b.mask.toString(2).replaceAll('0', '').length - a.mask.toString(2).replaceAll('0', '').length,
      ],
    ])('sorts by %s (ties by creation, the same way)', async (sort, order) => {
      const body = await found({ ...WEEK, sort, pageSize: 100 })
      const desc = sort.endsWith('-desc')
      // Ties fall back to the creation order in the sort's direction (rowid).
      const expected = [...week]
        .filter((j) => !(sort.startsWith('duration') && (j.status === 'R' || j.status === 'W')))
        .sort((a, b) => order(a, b) || (desc ? a.ago - b.ago : b.ago - a.ago))
        .map((j) => j.id)
      const got = body.results.map((r) => r.id).filter((id) => expected.includes(id))
      expect(got).toEqual(expected)
    })

    it('pages by pageSize, and answers an empty page past the end with the total', async () => {
      const all = newestFirst(week)
      const second = await found({ ...WEEK, page: 2, pageSize: 4 })
      expect(second.results.map((r) => r.id)).toEqual(all.slice(4, 8))
      expect(second.total).toBe(week.length)
      const past = await found({ ...WEEK, page: 20, pageSize: 4 })
      expect(past.results).toEqual([])
      expect(past.total).toBe(week.length)
      expect((await search({ page: 666, pageSize: 15 })).statusCode).toBe(200)
    })

    it.each<[string, object, RegExp]>([
      ['a malformed startTime', { startTime: 'yesterday' }, /startTime/],
      [
        'an endTime before the startTime',
        { startTime: iso(Date.UTC(2026, 0, 2)), endTime: iso(Date.UTC(2026, 0, 1)) },
        /startTime must not be after/,
      ],
      [
        'a window over 366 days',
        { startTime: iso(Date.UTC(2025, 0, 1)), endTime: iso(Date.UTC(2026, 1, 1)) },
        /at most 366 days/,
      ],
      ['page × pageSize over 10,000', { page: 667, pageSize: 15 }, /page × pageSize must be at most 10000/],
      ['a pageSize over 100', { pageSize: 101 }, /pageSize/],
      ['an unknown sort key', { sort: 'bytes-desc' }, /unknown key/],
      ['an unknown sort direction', { sort: 'cost-up' }, /unknown direction/],
      ['an unknown job type', { type: ['X'] }, /type/],
      ['an unknown status', { status: ['Z'] }, /status/],
      ['an unknown insight', { insights: ['SLOW'] }, /insights/],
      ['an unknown pricing plan', { pricing: ['FLAT_RATE'] }, /pricing/],
      ['an unknown list type', { filterType: 'slow' }, /filterType/],
      ['a user name over 200 characters', { userName: ['a'.repeat(201)] }, /userName/],
      ['an id over 200 characters', { id: 'j'.repeat(201) }, /id/],
      ['a tag key over 63 characters', { tags: [{ key: 'k'.repeat(64), value: 'v' }] }, /key/],
      ['a minimum above its maximum', { minSlotMs: 10, maxSlotMs: 5 }, /minSlotMs \(10\) must not be above/],
      ['a negative bound', { minBilledBytes: -1 }, /minBilledBytes/],
      ['an unknown field', { cluster: 'x' }, /cluster|additional/],
    ])('answers 400 to %s', async (_name, body, message) => {
      const res = await search(body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(res.json().message).toMatch(message)
    })
  })

  describe('E164 job metadata', () => {
    const url = (params: Record<string, string | boolean> = {}) =>
      `${bigqueryEndpoints.jobMetadata.path}?${qs(params)}`
    const countBy = (jobs: FixtureJob[], key: (j: FixtureJob) => string) => {
      const m = new Map<string, number>()
      for (const j of jobs) m.set(key(j), (m.get(key(j)) ?? 0) + 1)
      return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    }

    it('counts each option over the last 12 hours, most first, every insight and pricing plan listed', async () => {
      const body = await got<BigQueryJobMetadata>(url())
      const jobs = within(12 * HOUR)
      expect(body.projects).toEqual(
        countBy(jobs, projectOf).map(([projectId, count]) => ({ projectId, count })),
      )
      expect(body.projects[0]).toEqual({ projectId: 'acme-data-prod', count: 5 })
      expect(body.users).toEqual(countBy(jobs, userOf).map(([userName, count]) => ({ userName, count })))
      expect(body.types).toEqual(countBy(jobs, (j) => j.type).map(([type, count]) => ({ type, count })))
      expect(body.statuses).toEqual(
        countBy(jobs, (j) => j.status).map(([status, count]) => ({ status, count })),
      )
      expect(body.insights.map((i) => i.name).sort()).toEqual([...BIGQUERY_INSIGHT_KEYS].sort())
      expect(body.insights.find((i) => i.name === 'CROSS_JOIN')?.count).toBe(2)
      expect(body.insights.find((i) => i.name === 'REPEATED_CACHE_MISS')?.count).toBe(0)
      expect(body.insights.at(-1)?.count).toBe(0)
      expect(body.pricing.map((p) => p.pricing).sort()).toEqual([...BIGQUERY_PRICING_PLAN_KEYS].sort())
      expect(body.pricing.find((p) => p.pricing === 'ENTERPRISE_PLUS')?.count).toBe(0)
      expect(body.pricing[0]).toEqual({ pricing: 'ENTERPRISE', count: 5 })
      expect(body.tags).toEqual([
        {
          key: 'env',
          values: [
            { value: 'prod', count: 7 },
            { value: 'dev', count: 1 },
          ],
        },
        {
          key: 'team',
          values: [
            { value: 'data', count: 4 },
            { value: 'marketing', count: 3 },
          ],
        },
      ])
      expect(body.slotMs).toEqual({ min: 0, max: 36_000_000 })
      expect(body.billedBytes).toEqual({ min: 0, max: TIB })
      expect(body.duration).toEqual({ min: 0, max: 60_000 })
    })

    it('counts the running list whatever the window, the inefficient list, and costlens’ jobs when asked', async () => {
      const running = await got<BigQueryJobMetadata>(url({ filterType: 'running' }))
      expect(running.statuses).toEqual([
        { status: 'R', count: 2 },
        { status: 'W', count: 1 },
      ])
      const inefficient = await got<BigQueryJobMetadata>(url({ filterType: 'inefficient', ...WEEK }))
      expect(inefficient.projects.reduce((n, p) => n + p.count, 0)).toBe(
        within(7 * DAY).filter((j) => j.mask).length,
      )
      const withOwn = await got<BigQueryJobMetadata>(url({ showUnravelJobs: true }))
      expect(withOwn.users.find((u) => u.userName.startsWith('costlens@'))?.count).toBe(1)
      const empty = await got<BigQueryJobMetadata>(
        url({ startTime: iso(Date.UTC(2025, 0, 1)), endTime: iso(Date.UTC(2025, 0, 2)) }),
      )
      expect(empty.projects).toEqual([])
      expect(empty.duration).toEqual({ min: 0, max: 0 })
      expect(empty.insights).toHaveLength(BIGQUERY_INSIGHT_KEYS.length)
    })

    it('agrees with the list over whole days and edges, again when the days are read from their kept tallies', async () => {
      const window = { startTime: iso(now - 3 * DAY - 5 * HOUR - 1234), endTime: iso(now - 7 * MIN) }
      const expected = FIXTURE_JOBS.filter(
        (j) => !j.unravel && j.ago <= 3 * DAY + 5 * HOUR + 1234 && j.ago >= 7 * MIN,
      )
      for (let pass = 0; pass < 2; pass++) {
        const body = await got<BigQueryJobMetadata>(url(window))
        expect(body.projects.reduce((n, p) => n + p.count, 0)).toBe(expected.length)
        expect((await found({ ...window, pageSize: 100 })).total).toBe(expected.length)
        expect(body.users.find((u) => u.userName === 'bob@acme.example')?.count).toBe(
          expected.filter((j) => userOf(j) === 'bob@acme.example').length,
        )
      }
    })

    it.each<[string, Record<string, string>]>([
      ['a malformed startTime', { startTime: '2026-13-01' }],
      [
        'a window over 366 days',
        { startTime: iso(Date.UTC(2025, 0, 1)), endTime: iso(Date.UTC(2026, 1, 1)) },
      ],
      ['an unknown list type', { filterType: 'slow' }],
    ])('answers 400 to %s', async (_name, params) => {
      const res = await get(url(params))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    })
  })

  describe('E167 job details', () => {
    const details = (id: string) => got<BigQueryJobDetails>(`/api/v1/bigquery/jobs/${id}`)

    it('explains an on-demand job: bytes at $6.25/TiB, its insights and savings, its tables and runs', async () => {
      const body = await details('bqjob_s01')
      expect(body.job.id).toBe('bqjob_s01')
      expect(body.costBasis).toMatchObject({
        billingType: 'BYTES_BILLED',
        usdPerTiB: 6.25,
        usdPerSlotHour: null,
        minimumApplied: false,
      })
      expect(body.costBasis.text).toBe('On demand: 1.00 TB billed at $6.25 per TiB = $6.25.')
      expect(body.reservation).toBeNull()
      expect(body.insights.map((i) => [i.key, i.estimatedSavingCents])).toEqual([
        ['SELECT_STAR', 437.5],
        ['NO_PARTITION_FILTER', 581.25],
      ])
      expect(body.insights[0]).toMatchObject({ name: 'SELECT * reads every column', category: 'EF' })
      expect(body.insights[0]!.recommendation).toMatch(/columns/)
      // The fixes overlap: 625 × (1 − 0.3 × 0.07) (shared/src/rules/bigquery-savings.ts).
      expect(body.totalSavingCents).toBe(611.875)
      expect(body.tablesRead).toEqual([
        {
          table: 'acme-data-prod.sales.orders',
          partitioned: true,
          clustered: true,
          storageBytes: 5 * TIB,
          rows: 9_000_000_000,
        },
      ])
      expect(body.tablesWritten).toEqual([])
      // sig-star in the last 7 days: s01, f05, c06, w10 (statement 1) and s11 (statement 7).
      expect(body.signatureRuns).toBe(5)
    })

    it('says when the 10 MB minimum applied, and the table a job wrote', async () => {
      const body = await details('bqjob_s02')
      expect(body.costBasis.minimumApplied).toBe(true)
      expect(body.costBasis.text).toMatch(
        /10 MB minimum per query and per table referenced applied: 1 × 10 MB/,
      )
      expect(body.tablesWritten.map((t) => t.table)).toEqual([
        'acme-marketing-analytics.marketing.daily_kpis',
      ])
      expect(body.insights.map((i) => i.key)).toEqual(['TINY_QUERY_FLOOD'])
      // Batched, the query would be billed its 1 MB processed instead of the 10 MB minimum: 90 % of
      // its 0.006 cents (shared/src/rules/bigquery-savings.ts).
      expect(body.insights[0]!.estimatedSavingCents).toBe(0.0054)
    })

    it('explains an edition job by slot-hours at its reservation’s rate', async () => {
      const body = await details('bqjob_s03')
      expect(body.costBasis).toMatchObject({
        billingType: 'SLOT_TIME',
        usdPerSlotHour: 0.048,
        usdPerTiB: null,
      })
      expect(body.costBasis.text).toBe('Enterprise edition: 10 slot-hours at $0.048 per slot-hour = $0.48.')
      expect(body.reservation).toEqual({
        reservationId: 'acme-admin:US.etl',
        edition: 'ENTERPRISE',
        slotCapacity: 500,
        maxSlots: 1000,
        commitment: 'ANNUAL',
        usdPerSlotHour: 0.048,
      })
      expect(body.tablesRead.map((t) => t.table)).toEqual([
        'acme-data-prod.sales.orders',
        'acme-data-prod.sales.customers',
      ])
    })

    it.each([
      ['bqjob_c06', /cache hits are free/],
      ['bqjob_f05', /failed jobs are free/],
    ])('says %s was not billed', async (id, text) => {
      const body = await details(id)
      expect(body.costBasis.billingType).toBe('NOT_BILLED')
      expect(body.costBasis.text).toMatch(text)
      expect(body.totalSavingCents).toBe(0)
      expect(body.insights.every((i) => i.estimatedSavingCents === 0)).toBe(true)
    })

    it('never saves more than a job costs', async () => {
      for (const j of FIXTURE_JOBS) {
        const body = await details(j.id)
        expect(body.totalSavingCents, j.id).toBeLessThanOrEqual(body.job.cost)
        for (const insight of body.insights)
          expect(insight.estimatedSavingCents, j.id).toBeLessThanOrEqual(body.job.cost)
      }
    })

    it('answers 404 for an unknown job', async () => {
      const missing = await get('/api/v1/bigquery/jobs/bqjob_nope')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'BigQuery job bqjob_nope not found.',
      })
    })
  })

  describe('E165 projects', () => {
    const url = (params: Record<string, string | number> = {}) =>
      `${bigqueryEndpoints.projects.path}?${qs(params)}`
    const startOfToday = () => Math.floor(now / DAY) * DAY
    /** The fixture's figures of a project over the last 30 days (29 whole days and today). */
    const figures = (code: number) => {
      const jobs = FIXTURE_JOBS.filter(
        (j) => j.project === code && !j.unravel && now - j.ago >= startOfToday() - 29 * DAY,
      )
      return {
        jobCount: jobs.length,
        cost: cents(jobs.reduce((n, j) => n + j.costE4, 0)),
        billedBytes: jobs.reduce((n, j) => n + j.bytesBilled, 0),
        slotMs: jobs.reduce((n, j) => n + j.slotMs, 0),
        inefficientJobCount: jobs.filter((j) => j.mask).length,
      }
    }

    it('lists the projects by 30-day cost, with their reservation and figures', async () => {
      const body = await got<BigQueryProjectList>(url())
      expect(body.startTime).toBe(iso(startOfToday() - 29 * DAY))
      expect(body.endTime).toBe(iso(now))
      expect(body.total).toBe(4)
      expect(body.pageSize).toBe(15)
      expect(body.results.map((r) => r.projectId)).toEqual([
        'acme-marketing-analytics',
        'acme-data-prod',
        'acme-ml-sandbox',
        'acme-archive',
      ])
      for (const [code, id] of FIXTURE_PROJECTS)
        expect(
          body.results.find((r) => r.projectId === id),
          id,
        ).toMatchObject(figures(code))
      // 625 + 0.006 + 1250; the job of 40 days ago and costlens' own are left out.
      expect(body.results[0]).toMatchObject({
        cost: 1875.006,
        jobCount: 4,
        pricingPlan: 'ON_DEMAND',
        reservation: null,
      })
      expect(body.results[1]).toMatchObject({
        pricingPlan: 'ENTERPRISE',
        reservation: { reservationId: 'acme-admin:US.etl', edition: 'ENTERPRISE' },
        location: 'US',
        organization: 'acme.example',
      })
      expect(body.results[3]).toMatchObject({ jobCount: 0, cost: 0, inefficientJobCount: 0 })
    })

    it.each<[string, Record<string, string>, string[]]>([
      ['organization', { organization: 'acme-research.example' }, ['acme-ml-sandbox', 'acme-archive']],
      ['reservation', { reservation: 'acme-admin:US.etl' }, ['acme-data-prod']],
      ['on demand', { reservation: 'on-demand' }, ['acme-marketing-analytics', 'acme-archive']],
      ['an unknown organization', { organization: 'nobody.example' }, []],
    ])('filters by %s', async (_name, params, ids) => {
      const body = await got<BigQueryProjectList>(url(params))
      expect(body.results.map((r) => r.projectId)).toEqual(ids)
      expect(body.total).toBe(ids.length)
    })

    it('sorts by any column and pages', async () => {
      const byName = await got<BigQueryProjectList>(url({ sort: 'projectId-asc' }))
      expect(byName.results.map((r) => r.projectId)).toEqual([...FIXTURE_PROJECTS.map((p) => p[1])].sort())
      const byJobs = await got<BigQueryProjectList>(url({ sort: 'jobCount-desc' }))
      expect(byJobs.results.map((r) => r.jobCount)).toEqual([7, 4, 2, 0])
      const second = await got<BigQueryProjectList>(url({ sort: 'projectId-asc', page: 2, pageSize: 3 }))
      expect(second.results.map((r) => r.projectId)).toEqual(['acme-ml-sandbox'])
      expect(second.total).toBe(4)
    })

    it.each<[string, Record<string, string | number>]>([
      ['an unknown sort key', { sort: 'name-asc' }],
      ['an unknown direction', { sort: 'cost-sideways' }],
      ['page × pageSize over 10,000', { page: 101, pageSize: 100 }],
      ['an organization over 200 characters', { organization: 'o'.repeat(201) }],
      ['page 0', { page: 0 }],
    ])('answers 400 to %s', async (_name, params) => {
      const res = await get(url(params))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    })
  })

  describe('E166 project metadata', () => {
    it('counts the projects of each organization and reservation, on demand included, most first', async () => {
      const body = await got<BigQueryProjectMetadata>(bigqueryEndpoints.projectMetadata.path)
      expect(body.organizations).toEqual([
        { organization: 'acme-research.example', count: 2 },
        { organization: 'acme.example', count: 2 },
      ])
      expect(body.reservations).toEqual([
        { reservationId: 'on-demand', count: 2 },
        { reservationId: 'acme-admin:EU.bi', count: 1 },
        { reservationId: 'acme-admin:US.etl', count: 1 },
      ])
    })
  })

  describe('the always-current shift', () => {
    it('moves job times forward at read time by how far the data moved since seeding', async () => {
      const anchor = readSetting(app.db, 'apps_anchor') ?? readSetting(app.db, 'anchor')!
      try {
        // The data was made current one day after the jobs were seeded: stored times read a day later.
        writeSetting(app.db, 'apps_anchor', String(Number(anchor) - DAY))
        const body = await found({ id: 'bqjob_s01' })
        expect(body.results[0]!.createTime).toBe(iso(now - HOUR + DAY))
        // Windows are in shown time: the job is found where it now reads, not where it is stored.
        const shown = await found({ startTime: iso(now + DAY - 2 * HOUR), endTime: iso(now + DAY) })
        expect(shown.results.map((r) => r.id)).toContain(byId('bqjob_s01').id)
        const stored = await found({ startTime: iso(now - 2 * HOUR), endTime: iso(now) })
        expect(stored.results.map((r) => r.id)).not.toContain('bqjob_s01')
      } finally {
        writeSetting(app.db, 'apps_anchor', anchor)
      }
    })
  })
})
