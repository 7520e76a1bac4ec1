import type { FastifyInstance } from 'fastify'
import {
  databricksRunsEndpoints as calls,
  type DatabricksJobList,
  type DatabricksJobSearch,
  type DatabricksRunCost,
  type DatabricksRunFilters,
  type DatabricksRunSearchResponse,
  type UnifiedSearchResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FIXTURE_RUNS, dbFixtureRunCost, insertDatabricksFixture } from './databricks-fixture.ts'
import { rollUpDatabricksRunDays, runDaysUsable } from '../src/db/repositories/databricks-runs-days.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const ids = (body: DatabricksRunSearchResponse) => body.results.map((r) => Number(r.runId))
const usd = (e4: number) => e4 / 1e6
const run = (id: number) => DB_FIXTURE_RUNS.find((r) => r.id === id)!
/** A fixture run's cost as the list shows it once final. */
const listed = (id: number) => {
  const c = dbFixtureRunCost(run(id))
  return {
    dbus: c.dbusE4 / 1e4,
    cost: usd(c.dbuCostE4),
    total_cost: usd(c.dbuCostE4 + c.vmCostE4),
    cents: c.vmCostE4 / 1e4,
  }
}
/** The runs of the 7 days to now, newest first (run ids grow with the start time, as the seed stores them). */
const WEEK = [9016, 9015, 9014, 9013, 9012, 9011, 9010, 9009, 9008, 9007, 9006, 9005]

describe('databricks runs lists (E015, its /ds twin, E016, E053, E017, E018) on the fixture', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'freemium', 'snowflake'] }))
    insertDatabricksFixture(app.db, now)
  })
  afterAll(() => app.close())

  const post = (url: string, payload: object, user: string | null = 'databricks') =>
    app.inject({ method: 'POST', url, payload, headers: user ? as(user) : {} })
  const search = async (payload: object = {}, url: string = calls.runs.path) => {
    const res = await post(url, payload)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DatabricksRunSearchResponse>()
  }
  const jobs = async (payload: object = {}) => {
    const res = await post(calls.jobs.path, payload)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DatabricksJobList>()
  }
  const costOf = (key: string, user: string | null = 'databricks') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/ds/api/v1/databricks/runs/${key}/cost`,
      headers: user ? as(user) : {},
    })

  describe('E015 the window, tabs and rows', () => {
    it('default: the runs started in the 7 days to now, newest first, every one counted', async () => {
      const body = await search()
      expect(ids(body)).toEqual(WEEK)
      expect(body.metadata.totalRecords).toBe(12)
      expect(body.metadata.duration).toEqual({ min: 10 * MIN, max: 3 * HOUR })
    })

    it('a row: run key, job, workspace, run-as user, all-purpose cluster, final cost in DBUs, USD and cents', async () => {
      const body = await search({ globalsearchpattern: '4051729395532381_102_9014' })
      expect(body.results).toEqual([
        {
          id: '4051729395532381_102_9014',
          status: 'S',
          status_long: 'TERMINATED/SUCCESS',
          user: 'alice@acme.example',
          raw_user: 'alice@acme.example',
          name: 'hourly_aggregates',
          runName: 'hourly_aggregates',
          runId: '9014',
          jobId: '102',
          startTime: now - 3 * HOUR,
          finishedTime: now - 3 * HOUR + 15 * MIN,
          setupDuration: 0,
          duration: 15 * MIN,
          clusterId: '0412-083152-abc123',
          clusterUid: '0412-083152-abc123',
          clusterType: 'db_all_purpose',
          queue: 'acme-prod-aws',
          workspaceId: '4051729395532381',
          ...listed(9014),
          costIsActual: true,
          insights: ['jobOnAllPurposeCompute'],
        },
      ])
      // B159: total_cost = DBU cost + cents / 100.
      const row = body.results[0]!
      expect(row.total_cost).toBeCloseTo(row.cost + row.cents / 100, 9)
    })

    it('a run on job compute gets its job cluster id (MMDD-HHMMSS-xxxxxxxx)', async () => {
      const [row] = (await search({ globalsearchpattern: '7394025718364020_201_9012' })).results
      expect(row).toMatchObject({
        clusterType: 'db_job_cluster',
        status: 'F',
        status_long: 'TERMINATED/FAILED',
      })
      expect(row!.clusterId).toMatch(/^\d{4}-\d{6}-[a-z0-9]{8}$/)
    })

    it('02 §4: a run whose cost is not final lists 0 and not actual; E053 answers the actual cost', async () => {
      const body = await search({ jobIds: ['101'] })
      const pending = body.results.find((r) => r.runId === '9015')!
      expect(pending).toMatchObject({ dbus: 0, cost: 0, total_cost: 0, cents: 0, costIsActual: false })
      const res = await costOf(pending.id)
      expect(res.statusCode).toBe(200)
      const c = dbFixtureRunCost(run(9015))
      expect(res.json<DatabricksRunCost>()).toEqual({
        cost: usd(c.dbuCostE4 + c.vmCostE4),
        dbu: { cost: usd(c.dbuCostE4), dbus: c.dbusE4 / 1e4 },
        cents: c.vmCostE4 / 1e4,
        final: false,
      })
      expect(usd(c.dbuCostE4)).toBeGreaterThan(0)
      // A final run's E053 equals its listed cost.
      const final = await costOf('4051729395532381_101_9010')
      expect(final.json<DatabricksRunCost>()).toMatchObject({ cost: listed(9010).total_cost, final: true })
    })

    it.each([
      ['finished (K, F, S)', ['K', 'F', 'S'], [9015, 9014, 9012, 9011, 9010, 9009, 9008, 9007, 9006, 9005]],
      ['all seven statuses', ['S', 'F', 'K', 'P', 'R', 'U', 'W'], WEEK],
      ['waiting to retry', ['W'], [9013]],
    ])('tab %s: the statuses of the 7 days', async (_name, appStatus, expected) => {
      const body = await search({ appStatus })
      expect(ids(body)).toEqual(expected)
      expect(body.metadata.totalRecords).toBe(expected.length)
    })

    it('running tab (appStatus ["R"]): the running runs whatever the window', async () => {
      const body = await search({ appStatus: ['R'], start_time: now - 40 * DAY, end_time: now - 30 * DAY })
      expect(ids(body)).toEqual([9016])
    })

    it('a window in ISO or epoch ms, end inclusive: the 30 days hold 15 runs, the 60 all 16', async () => {
      const iso = await search({
        start_time: new Date(now - 30 * DAY).toISOString(),
        end_time: new Date(now).toISOString(),
      })
      expect(iso.metadata.totalRecords).toBe(15)
      expect((await search({ start_time: now - 60 * DAY, end_time: now })).metadata.totalRecords).toBe(16)
      expect(
        (await search({ start_time: now - 40 * DAY, end_time: now - 40 * DAY })).results.map((r) => r.runId),
      ).toEqual(['9001'])
    })

    it('queryOnFinishedTime: the window applies to the end (9005 ended 6 days less 12 minutes ago)', async () => {
      const body = await search({
        start_time: now - 6 * DAY,
        end_time: now - 5 * DAY,
        queryOnFinishedTime: true,
      })
      expect(ids(body)).toEqual([9005])
    })
  })

  describe('E015 filters', () => {
    it.each([
      ['queues: workspace names', { queues: ['acme-analytics-azure'] }, [9013, 9012, 9007]],
      ['users: run-as', { users: ['alice@acme.example'] }, [9016, 9014, 9009, 9005]],
      ['jobIds', { jobIds: ['101'] }, [9015, 9010, 9006]],
      ['jobIds, two jobs', { jobIds: ['101', '301'] }, [9015, 9011, 9010, 9008, 9006]],
      ['clusterTypes db_all_purpose', { clusterTypes: ['db_all_purpose'] }, [9016, 9014, 9009, 9005]],
      ['clusters: an all-purpose cluster id', { clusters: ['0412-083152-abc123'] }, [9016, 9014, 9009, 9005]],
      ['clusters with wildcardCluster *', { clusters: ['nope'], wildcardCluster: '*' }, WEEK],
      ['an unknown cluster', { clusters: ['0000-000000-nope'] }, []],
      [
        'appTags: any of the values',
        { appTags: { team: ['analytics'] } },
        [9016, 9014, 9013, 9012, 9009, 9007, 9005],
      ],
      ['durations ≥ 1 hour', { durations: { min: HOUR } }, [9012, 9007, 9006]],
      ['durations ≤ 12 minutes', { durations: { max: 12 * MIN } }, [9013, 9005]],
      [
        'globalsearchpattern: part of a job name, any case',
        { globalsearchpattern: 'CHURN' },
        [9013, 9012, 9007],
      ],
      ['globalsearchpattern: a run key', { globalsearchpattern: '2290176543817729_301_9008' }, [9008]],
      ['globalsearchpattern: a key of no run', { globalsearchpattern: '2290176543817729_301_9014' }, []],
      ['signature: the runs of one job', { signature: '7394025718364020_201' }, [9013, 9012, 9007]],
      ['insights', { insights: ['oversizedCluster'] }, [9012, 9007]],
    ])('%s', async (_name, filter, expected) => {
      const body = await search(filter)
      expect(ids(body)).toEqual(expected)
      expect(body.metadata.totalRecords).toBe(expected.length)
    })

    it('cost: on the final total cost in USD (a not-final run counts 0), and metadata.cost is its range', async () => {
      const all = await search()
      const totals = all.results.map((r) => r.total_cost)
      expect(all.metadata.cost).toEqual({ min: 0, max: Math.max(...totals) })
      const floor = listed(9012).total_cost
      const body = await search({ cost: { min: floor } })
      expect(body.results.every((r) => r.total_cost >= floor)).toBe(true)
      expect(ids(body)).toEqual(all.results.filter((r) => r.total_cost >= floor).map((r) => Number(r.runId)))
      expect(ids(await search({ cost: { max: 0 } }))).toEqual([9016, 9015, 9013])
    })

    it('appEvents: the insights of the matching runs with their counts', async () => {
      expect((await search()).metadata.appEvents).toEqual([
        { name: 'jobOnAllPurposeCompute', count: 4 },
        { name: 'onDemandWhereSpotFits', count: 2 },
        { name: 'oversizedCluster', count: 2 },
      ])
    })
  })

  describe('E015 sort and paging', () => {
    it('sort by duration descending (ties by start time)', async () => {
      const body = await search({ sort: [{ duration: { order: 'desc' } }], size: 4 })
      expect(ids(body)).toEqual([9007, 9012, 9006, 9010])
    })
    it('sort by user ascending, then start time', async () => {
      const body = await search({ sort: [{ user: { order: 'asc' } }], size: 5 })
      expect(body.results.map((r) => r.user)).toEqual([
        'alice@acme.example',
        'alice@acme.example',
        'alice@acme.example',
        'alice@acme.example',
        'bob@acme.example',
      ])
    })
    it('sort by total_cost descending: the costliest final run first', async () => {
      const body = await search({ sort: [{ total_cost: { order: 'desc' } }], size: 1 })
      const all = await search()
      expect(body.results[0]!.total_cost).toBe(Math.max(...all.results.map((r) => r.total_cost)))
    })
    it('from and size: the second page of 5', async () => {
      const body = await search({ from: 5, size: 5 })
      expect(ids(body)).toEqual(WEEK.slice(5, 10))
      expect(body.metadata.totalRecords).toBe(12)
    })
  })

  describe('the three paths agree (B192)', () => {
    it('dbworkflows runs, ds runs and jobs/{jobId}/runs give the same page for one job', async () => {
      const a = await search({ jobIds: ['201'] })
      const b = await search({ jobIds: ['201'] }, calls.runsPublic.path)
      const c = await search({}, '/api/v1/dbworkflows/api/v1/databricks/jobs/201/runs')
      expect(b).toEqual(a)
      expect(c).toEqual(a)
      expect(ids(a)).toEqual([9013, 9012, 9007])
    })
  })

  describe('E014 unifiedsearch with appTypes ["db"]', () => {
    const unified = (payload: object, user = 'databricks') =>
      post('/api/v1/apps/unifiedsearch', { appTypes: ['db'], ...payload }, user)

    it('the runs call’s page and totals, each run as an application record of kind db', async () => {
      const res = await unified({ queues: ['acme-prod-aws'], sort: [{ cents: { order: 'desc' } }], size: 3 })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json<UnifiedSearchResponse>()
      const runs = await search({
        queues: ['acme-prod-aws'],
        sort: [{ total_cost: { order: 'desc' } }],
        size: 3,
      })
      expect(body.results.map((r) => r.id)).toEqual(runs.results.map((r) => r.id))
      expect(body.metadata).toMatchObject({
        totalRecords: runs.metadata.totalRecords,
        duration: runs.metadata.duration,
        cost: runs.metadata.cost,
      })
      const first = runs.results[0]!
      expect(body.results[0]).toMatchObject({
        kind: 'db',
        status: first.status,
        name: first.name,
        queue: 'acme-prod-aws',
        runId: first.runId,
        jobId: first.jobId,
        wsId: '4051729395532381',
        wsInstance: 'https://dbc-4051729a-9553.cloud.databricks.com',
        dbus: first.dbus,
        dbuCost: first.cost,
        cents: Math.round(first.cents),
      })
    })

    it('a user of another install finds no Databricks run; size over 100 and unknown cluster types are 400', async () => {
      const other = await unified({}, 'snowflake')
      expect(other.statusCode).toBe(200)
      expect(other.json<UnifiedSearchResponse>().metadata.totalRecords).toBe(0)
      expect((await unified({ size: 101 })).statusCode).toBe(400)
      const types = await unified({ clusterTypes: ['Yarn'] })
      expect(types.statusCode).toBe(400)
      expect(types.json().message).toMatch(/clusterTypes/)
    })
  })

  describe('bad input 400, other platform 403, freemium limits, no token 401', () => {
    it.each([
      ['size over 100', { size: 101 }, /size/],
      ['from + size past 10,000', { from: 9_995, size: 10 }, /10000/],
      [
        'a sort field not in the list',
        { sort: [{ cluster_secret: { order: 'desc' } }] },
        /not a sortable field/,
      ],
      ['a date that is none', { start_time: 'last tuesday' }, /start_time/],
      ['start after end', () => ({ start_time: now, end_time: now - DAY }), /must not be after/],
      ['a window over 366 days', () => ({ start_time: now - 400 * DAY, end_time: now }), /366 days/],
      ['min above max', { durations: { min: 10, max: 5 } }, /durations/],
      ['an unknown cluster type', { clusterTypes: ['gpu'] }, /clusterTypes/],
      ['an unknown field', { password: 'x' }, /password|additional/i],
    ])('%s → 400', async (_name, payload, message) => {
      const res = await post(calls.runs.path, typeof payload === 'function' ? payload() : payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(res.json().message).toMatch(message)
    })

    it('E053: a malformed run key is 400, a key of no run 404', async () => {
      expect((await costOf('not-a-key')).statusCode).toBe(400)
      const missing = await costOf('4051729395532381_101_1')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ statusCode: 404 })
    })

    it('a job id that is not a number in the path is 400', async () => {
      expect((await post('/api/v1/dbworkflows/api/v1/databricks/jobs/abc/runs', {})).statusCode).toBe(400)
    })

    it.each([
      ['E015', 'POST', calls.runs.path],
      ['E015 /ds', 'POST', calls.runsPublic.path],
      ['E016', 'POST', '/api/v1/dbworkflows/api/v1/databricks/jobs/101/runs'],
      ['E017', 'POST', calls.jobs.path],
      ['E018', 'POST', calls.jobSearch.path],
      ['E053', 'GET', '/api/v1/ds/api/v1/databricks/runs/4051729395532381_101_9010/cost'],
    ] as const)('%s: 403 to a Snowflake user, 401 without a token', async (_name, method, url) => {
      const other = await app.inject({
        method,
        url,
        headers: as('snowflake'),
        ...(method === 'POST' && { payload: {} }),
      })
      expect(other.statusCode).toBe(403)
      expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
      const none = await app.inject({ method, url, ...(method === 'POST' && { payload: {} }) })
      expect(none.statusCode).toBe(401)
    })

    it('freemium: 7 days are served, 8 days refused with the plan message; tags and cost sorts refused', async () => {
      const week = await post(calls.runs.path, { start_time: now - 7 * DAY, end_time: now }, 'freemium')
      expect(week.statusCode, week.body).toBe(200)
      const eight = await post(calls.runs.path, { start_time: now - 8 * DAY, end_time: now }, 'freemium')
      expect(eight.statusCode).toBe(403)
      expect(eight.json().message).toBe('The free plan covers at most 7 days. Upgrade to see longer ranges.')
      const jobsEight = await post(calls.jobs.path, { start_time: now - 8 * DAY, end_time: now }, 'freemium')
      expect(jobsEight.statusCode).toBe(403)
      const tags = await post(calls.runs.path, { appTags: { team: ['analytics'] } }, 'freemium')
      expect(tags.json().message).toMatch(/Tag filters are not included/)
      const sorted = await post(calls.runs.path, { sort: [{ total_cost: { order: 'desc' } }] }, 'freemium')
      expect(sorted.json().message).toMatch(/Sorting by cost/)
    })
  })

  describe('E017 jobs and the pipelines list', () => {
    it('the 7 days: one row per job with runs, latest run first; totals of the final costs', async () => {
      const body = await jobs()
      expect(body.totalRecords).toBe(4)
      expect(body.results.map((j) => [j.jobName, j.status, j.runCount, j.latestRunKey])).toEqual([
        ['hourly_aggregates', 'R', 4, '4051729395532381_102_9016'],
        ['daily_ingest', 'S', 3, '4051729395532381_101_9015'],
        ['customer_churn_model', 'W', 3, '7394025718364020_201_9013'],
        ['orders_dlt_refresh', 'S', 2, '2290176543817729_301_9011'],
      ])
      const ingest = body.results[1]!
      // 9015's cost is not final yet: only 9010 and 9006 count.
      const final = [9010, 9006].map(listed)
      expect(ingest).toMatchObject({
        jobId: '101',
        workSpace: 'acme-prod-aws',
        workspaceId: '4051729395532381',
        user: 'etl-service-principal',
        startTime: now - 2 * HOUR,
        duration: 50 * MIN + 55 * MIN + 65 * MIN,
        schedule: '0 0 2 * * ?',
        computeKind: 'db_job_cluster',
      })
      expect(ingest.dbuCost).toBeCloseTo(final[0]!.cost + final[1]!.cost, 9)
      expect(ingest.dbus).toBeCloseTo(final[0]!.dbus + final[1]!.dbus, 9)
      expect(ingest.cents).toBeCloseTo(final[0]!.cents + final[1]!.cents, 9)
    })

    it('the jobs list agrees with the runs list: a job’s total is the sum of its runs’ total_cost', async () => {
      const [runs, list] = [await search({ jobIds: ['201'] }), await jobs({ search: '201' })]
      const sum = runs.results.reduce((s, r) => s + r.total_cost, 0)
      expect(list.results).toHaveLength(1)
      expect(list.results[0]!.totalCost).toBeCloseTo(sum, 9)
    })

    it.each([
      ['search by part of the name', { search: 'ingest' }, ['daily_ingest']],
      ['status of the latest run', { status: ['W', 'R'] }, ['hourly_aggregates', 'customer_churn_model']],
      ['workspace', { workspace: ['acme-ml-enterprise'] }, ['orders_dlt_refresh']],
      ['taskType PIPELINE (the pipelines list)', { taskType: 'PIPELINE' }, ['orders_dlt_refresh']],
      [
        'sort by run count ascending (ties: the earlier latest run first)',
        { sort: 'runCount', order: 'asc' },
        ['orders_dlt_refresh', 'customer_churn_model', 'daily_ingest', 'hourly_aggregates'],
      ],
      [
        'the last 24 hours',
        () => ({ start_time: now - DAY, end_time: now }),
        ['hourly_aggregates', 'daily_ingest', 'customer_churn_model', 'orders_dlt_refresh'],
      ],
      [
        '41 to 39 days ago',
        () => ({ start_time: now - 41 * DAY, end_time: now - 39 * DAY }),
        ['orders_dlt_refresh'],
      ],
    ])('%s', async (_name, payload, names) => {
      expect(
        (await jobs(typeof payload === 'function' ? payload() : payload)).results.map((j) => j.jobName),
      ).toEqual(names)
    })

    it('paging: the second page of 2 keeps the count', async () => {
      const body = await jobs({ from: 2, size: 2 })
      expect(body.results.map((j) => j.jobName)).toEqual(['customer_churn_model', 'orders_dlt_refresh'])
      expect(body.totalRecords).toBe(4)
      expect((await jobs({ from: 10, size: 2 })).totalRecords).toBe(4)
    })

    it('bad input: an unknown sort field or start after end → 400', async () => {
      expect((await post(calls.jobs.path, { sort: 'secret' })).statusCode).toBe(400)
      expect((await post(calls.jobs.path, { start_time: now, end_time: now - DAY })).statusCode).toBe(400)
    })
  })

  describe('E038 the runs list’s filter values', () => {
    const filters = (user = 'databricks', query = '') =>
      app.inject({ method: 'GET', url: `${calls.runFilters.path}${query}`, headers: as(user) })

    it('users, workspaces and tags of the 7 days with their runs, the most first', async () => {
      const res = await filters()
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<DatabricksRunFilters>()).toEqual({
        users: [
          { name: 'etl-service-principal', count: 5 },
          { name: 'alice@acme.example', count: 4 },
          { name: 'bob@acme.example', count: 3 },
        ],
        queues: [
          { name: 'acme-prod-aws', count: 7 },
          { name: 'acme-analytics-azure', count: 3 },
          { name: 'acme-ml-enterprise', count: 2 },
        ],
        tags: [
          { key: 'cost_center', values: [{ value: 'cc-1001', count: 5 }] },
          {
            key: 'env',
            values: [
              { value: 'prod', count: 9 },
              { value: 'dev', count: 3 },
            ],
          },
          {
            key: 'team',
            values: [
              { value: 'analytics', count: 7 },
              { value: 'data-eng', count: 5 },
            ],
          },
        ],
      })
    })

    it('freemium gets no tags; 8 days are refused; a bad date is 400; other platforms 403', async () => {
      const free = await filters('freemium')
      expect(free.statusCode).toBe(200)
      expect(free.json<DatabricksRunFilters>().tags).toEqual([])
      expect(free.json<DatabricksRunFilters>().users).toHaveLength(3)
      const eight = await filters('freemium', `?start_time=${now - 8 * DAY}&end_time=${now}`)
      expect(eight.statusCode).toBe(403)
      expect((await filters('databricks', '?start_time=yesterday')).statusCode).toBe(400)
      expect((await filters('snowflake')).statusCode).toBe(403)
    })
  })

  describe('E018 the job selector', () => {
    it('jobs by part of the name or the id, the most recently run first', async () => {
      const res = await post(calls.jobSearch.path, { query: 'E' })
      expect(res.statusCode).toBe(200)
      expect(res.json<DatabricksJobSearch>().map((j) => j.jobName)).toEqual([
        'hourly_aggregates',
        'daily_ingest',
        'customer_churn_model',
        'orders_dlt_refresh',
      ])
      const byId = await post(calls.jobSearch.path, { query: '301', size: 5 })
      expect(byId.json()).toEqual([
        { jobId: '301', jobName: 'orders_dlt_refresh', workspace: 'acme-ml-enterprise' },
      ])
      expect((await post(calls.jobSearch.path, { size: 500 })).statusCode).toBe(400)
    })
  })

  describe('the day rollup (db_run_days) answers whole billed days exactly as the runs do', () => {
    it('count, ranges and insights (E015) and the jobs list (E017) agree with the index for windows and filters it holds', async () => {
      const bodies = [
        {},
        { start_time: now - 30 * DAY, end_time: now },
        { start_time: now - 60 * DAY, end_time: now },
        { start_time: now - 45 * DAY, end_time: now - 2 * DAY },
        { start_time: now - 30 * DAY, end_time: now, appStatus: ['K', 'F', 'S'] },
        { start_time: now - 30 * DAY, end_time: now, queues: ['acme-prod-aws'] },
        { start_time: now - 30 * DAY, end_time: now, clusterTypes: ['db_job_cluster'] },
        { start_time: now - 30 * DAY, end_time: now, users: ['alice@acme.example'] },
      ]
      const jobBodies = [
        { start_time: now - 30 * DAY, end_time: now },
        { start_time: now - 60 * DAY, end_time: now, sort: 'totalCost' },
        { start_time: now - 45 * DAY, end_time: now - 2 * DAY, sort: 'runCount', order: 'asc' },
        { start_time: now - 30 * DAY, end_time: now, status: ['S'], from: 1, size: 2 },
      ]
      const before = []
      for (const body of bodies) before.push(await search(body))
      const jobsBefore = []
      for (const body of jobBodies) jobsBefore.push(await jobs(body))
      expect(runDaysUsable(app.db)).toBe(false)
      rollUpDatabricksRunDays(app.db)
      expect(runDaysUsable(app.db)).toBe(true)
      for (const [i, body] of bodies.entries())
        expect(await search(body), JSON.stringify(body)).toEqual(before[i])
      // E017 reads the whole billed days from db_usage_days: the same rows (costs to the 1/10,000 cent).
      for (const [i, body] of jobBodies.entries()) {
        const after = await jobs(body)
        const was = jobsBefore[i]!
        expect(after.totalRecords).toBe(was.totalRecords)
        expect(after.results.map((j) => [j.jobId, j.status, j.runCount, j.duration, j.latestRunKey])).toEqual(
          was.results.map((j) => [j.jobId, j.status, j.runCount, j.duration, j.latestRunKey]),
        )
        after.results.forEach((j, k) => {
          expect(j.totalCost).toBeCloseTo(was.results[k]!.totalCost, 9)
          expect(j.dbus).toBeCloseTo(was.results[k]!.dbus, 9)
          expect(j.cents).toBeCloseTo(was.results[k]!.cents, 9)
        })
      }
      // The rollup holds the fixture's days; the last day (runs still being billed) is not read from it.
      const unfinal = app.db
        .prepare('SELECT count(*) FROM db_run_days WHERE last_final_at > ?')
        .pluck()
        .get(now)
      expect(unfinal).toBeGreaterThan(0)
      app.db.prepare("DELETE FROM settings WHERE key = 'db_run_days_of'").run()
      expect(runDaysUsable(app.db)).toBe(false)
    })
  })
})
