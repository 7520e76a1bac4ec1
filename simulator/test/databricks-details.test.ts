import type { FastifyInstance } from 'fastify'
import {
  databricksDetailsEndpoints as calls,
  fillPath,
  type DatabricksAppSummary,
  type DatabricksResourceMetrics,
  type DatabricksResourceUsage,
  type DatabricksRunErrorView,
  type DatabricksTag,
  type DatabricksTaskConf,
  type DatabricksTaskError,
  type DatabricksTaskProgram,
  type DatabricksTaskRun,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FIXTURE_RUNS, dbFixtureRunCost, insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * A Databricks run's details (E127-E135, issue 20 "Run details") over the fixture: run 9012 failed
 * with an OOM error (Azure, job 201 features → train → publish, 6 on-demand workers), 9015's cost is
 * not final yet, 9016 runs now on the all-purpose cluster, 9014 ran there and is final, 9003 was
 * skipped.
 */
const AWS = '4051729395532381'
const AZURE = '7394025718364020'
const RUN_9012 = `${AZURE}_201_9012`
const RUN_9015 = `${AWS}_101_9015`
const RUN_9016 = `${AWS}_102_9016`
const RUN_9014 = `${AWS}_102_9014`
const RUN_9003 = `${AWS}_101_9003`

const fixtureRun = (id: number) => DB_FIXTURE_RUNS.find((r) => r.id === id)!
const sumE4 = (xs: readonly number[], scale: number) => Math.round(xs.reduce((a, b) => a + b, 0) * scale)

describe('databricks run details API (E127-E135)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    let now: number
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks', 'snowflake', 'freemium'] }))
    insertDatabricksFixture(app.db, now)
  })
  afterAll(() => app.close())

  const get = (url: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const got = async <T>(url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const runUrl = (entry: { path: string }, id: string) => fillPath(entry.path, { id })
  const taskUrl = (entry: { path: string }, key: string, task: string, query = '') => {
    const [ws, job, run] = key.split('_')
    return fillPath(entry.path, { ws, job, run, task }) + query
  }

  describe('E128 appsummary: the header', () => {
    it('run 9012: failed, on its job cluster, with the figures of the one cost definition', async () => {
      const { run, annotation } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9012))
      const cost = dbFixtureRunCost(fixtureRun(9012))
      expect(run).toMatchObject({
        id: RUN_9012,
        runId: 9012,
        jobId: 201,
        jobName: 'customer_churn_model',
        workspaceName: 'acme-analytics-azure',
        status: 'F',
        lifeCycleState: 'TERMINATED',
        resultState: 'FAILED',
        trigger: 'ONE_TIME',
        attempt: 0,
        user: 'bob@acme.example',
        computeKind: 'JOB',
        nodeType: 'Standard_DS4_v2',
        workers: 6,
        availability: 'ON_DEMAND',
        sku: 'JOBS_COMPUTE',
        costFinal: true,
        setupDuration: 6 * 60_000,
        duration: 2 * 3_600_000,
      })
      expect(run.clusterUid).toMatch(/^\d{4}-\d{6}-[a-z0-9]{8}$/)
      expect(run.dbus).toBe(cost.dbusE4 / 10_000)
      expect(run.cost).toBe(cost.dbuCostE4 / 1_000_000)
      expect(run.total_cost).toBe((cost.dbuCostE4 + cost.vmCostE4) / 1_000_000)
      expect(run.cents).toBe(cost.vmCostE4 / 10_000)
      expect(annotation).toMatchObject({ cents: run.cents, dbuCost: run.cost })
      expect(run.tags).toEqual([
        { key: 'env', value: 'dev' },
        { key: 'team', value: 'analytics' },
      ])
      const info = JSON.parse(annotation.runInfo!) as Record<string, unknown>
      expect(info).toMatchObject({
        node_type_id: 'Standard_DS4_v2',
        num_workers: 6,
        availability: 'ON_DEMAND',
      })
    })

    it('run 9012: its insights (on demand where spot fits, oversized) save less than the run costs', async () => {
      const { run } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9012))
      expect(run.insights.map((i) => i.key)).toEqual(['onDemandWhereSpotFits', 'oversizedCluster'])
      for (const insight of run.insights) expect(insight.saving).toBeGreaterThan(0)
      expect(run.insights.reduce((a, i) => a + i.saving, 0)).toBeLessThanOrEqual(run.total_cost)
    })

    it('run 9014 on the all-purpose cluster: the job-compute insight saves the rate difference (0.55 → 0.15 $/DBU)', async () => {
      const { run } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9014))
      expect(run).toMatchObject({
        computeKind: 'ALL_PURPOSE',
        clusterUid: '0412-083152-abc123',
        sku: 'ALL_PURPOSE_COMPUTE',
      })
      const [insight] = run.insights
      expect(insight?.key).toBe('jobOnAllPurposeCompute')
      const { dbuCostE4 } = dbFixtureRunCost(fixtureRun(9014))
      expect(insight?.saving).toBe(Math.floor(dbuCostE4 * (1 - 0.15 / 0.55)) / 1_000_000)
    })

    it('run 9015: billing lags, so DBUs and cost are 0 and not final yet (02 §4 Databricks cost)', async () => {
      const { run, annotation } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9015))
      expect(run).toMatchObject({ dbus: 0, cost: 0, total_cost: 0, cents: 0, costFinal: false, status: 'S' })
      expect(annotation).toMatchObject({ cents: 0, dbuCost: 0 })
    })

    it('run 9016: running on the all-purpose cluster shared-analytics, no end yet', async () => {
      const { run } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9016))
      expect(run).toMatchObject({
        status: 'R',
        lifeCycleState: 'RUNNING',
        endTime: null,
        clusterUid: '0412-083152-abc123',
        clusterName: 'shared-analytics',
        runtimeVersion: '14.3.x-scala2.12',
      })
    })

    it('run 9003 (skipped) got no compute: no runInfo, so the console says M060', async () => {
      const { annotation, run } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9003))
      expect(run.status).toBe('U')
      expect(annotation.runInfo).toBeUndefined()
    })
  })

  describe('E127 tasks/summary: the task runs, derived', () => {
    it.each([9012, 9014, 9011, 9007, 9010, 9006, 9013, 9009])(
      'run %i: the task shares add up exactly to the run’s DBUs, DBU cost and VM cost',
      async (id) => {
        const fixture = fixtureRun(id)
        const job = { 1: '101', 2: '102', 3: '201', 4: '301' }[fixture.job]!
        const ws = { 1: AWS, 2: AWS, 3: AZURE, 4: '2290176543817729' }[fixture.job]!
        const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, `${ws}_${job}_${id}`))
        // Listed figures: a run whose cost is not final yet (9013) lists 0, and so do its tasks.
        const actual = dbFixtureRunCost(fixture)
        const cost = fixture.finalIn > 0 ? { dbusE4: 0, dbuCostE4: 0, vmCostE4: 0 } : actual
        expect(
          sumE4(
            tasks.map((t) => t.dbus),
            10_000,
          ),
        ).toBe(cost.dbusE4)
        expect(
          sumE4(
            tasks.map((t) => t.cost),
            1_000_000,
          ),
        ).toBe(cost.dbuCostE4)
        expect(
          sumE4(
            tasks.map((t) => t.cents),
            10_000,
          ),
        ).toBe(cost.vmCostE4)
        expect(
          sumE4(
            tasks.map((t) => t.total_cost),
            1_000_000,
          ),
        ).toBe(cost.dbuCostE4 + cost.vmCostE4)
      },
    )

    it('run 9012 failed: the failing task carries the OOM error, the tasks downstream are UPSTREAM_FAILED', async () => {
      const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      expect(tasks.map((t) => t.taskKey)).toEqual(['features', 'train', 'publish'])
      const failing = tasks.filter((t) => t.resultState === 'FAILED')
      expect(failing).toHaveLength(1)
      expect(failing[0]!.errorMessage).toMatch(/OutOfMemoryError/)
      const at = tasks.indexOf(failing[0]!)
      for (const t of tasks.slice(0, at)) expect(t).toMatchObject({ resultState: 'SUCCESS', status: 'S' })
      for (const t of tasks.slice(at + 1))
        expect(t).toMatchObject({ resultState: 'UPSTREAM_FAILED', status: 'F', startTime: null, duration: 0 })
      // Each task starts when the one it depends on has ended, inside the run.
      const { run } = await got<DatabricksAppSummary>(runUrl(calls.appSummary, RUN_9012))
      const ran = tasks.filter((t) => t.startTime !== null)
      expect(ran[0]!.startTime).toBe(run.startTime + run.setupDuration)
      for (let i = 1; i < ran.length; i++)
        expect(ran[i]!.startTime).toBeGreaterThanOrEqual(ran[i - 1]!.endTime!)
      expect(ran.at(-1)!.endTime).toBeLessThanOrEqual(run.endTime!)
      expect(tasks[1]!.dependsOn).toEqual(['features'])
    })

    it('run 9016 running: its one task runs, on the all-purpose cluster', async () => {
      const [task] = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9016))
      expect(task).toMatchObject({
        taskKey: 'aggregate',
        taskType: 'SQL',
        status: 'R',
        lifeCycleState: 'RUNNING',
        endTime: null,
        clusterUid: '0412-083152-abc123',
      })
    })

    it('the same run gives the same task runs on every call (derived from the run id)', async () => {
      const a = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      const b = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      expect(b).toEqual(a)
    })
  })

  describe('E129 error_view', () => {
    it('run 9012: the run’s error and its failed tasks', async () => {
      const view = await got<DatabricksRunErrorView>(runUrl(calls.errorView, RUN_9012))
      expect(view.errorMessage).toMatch(/java.lang.OutOfMemoryError: Java heap space/)
      expect(view.resultState).toBe('FAILED')
      const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      const failing = tasks.findIndex((t) => t.resultState === 'FAILED')
      expect(view.tasks.map((t) => t.resultState)).toEqual([
        'FAILED',
        ...tasks.slice(failing + 1).map(() => 'UPSTREAM_FAILED'),
      ])
    })
    it('a successful run has no error and no failed task', async () => {
      expect(await got<DatabricksRunErrorView>(runUrl(calls.errorView, RUN_9014))).toEqual({
        status: 'S',
        resultState: 'SUCCESS',
        errorMessage: null,
        tasks: [],
      })
    })
  })

  describe('E130-E135 per task', () => {
    it('E130 tags: the compute’s custom tags', async () => {
      expect(await got<DatabricksTag[]>(taskUrl(calls.taskTags, RUN_9015, 'ingest'))).toEqual([
        { key: 'cost_center', value: 'cc-1001' },
        { key: 'env', value: 'prod' },
        { key: 'team', value: 'data-eng' },
      ])
    })

    it('E131 program: the notebook path; the wheel’s package and entry point; the SQL file; the pipeline', async () => {
      expect(await got<DatabricksTaskProgram>(taskUrl(calls.taskProgram, RUN_9015, 'ingest'))).toMatchObject({
        taskType: 'NOTEBOOK',
        notebookPath: '/Repos/etl/ingest/raw_events',
      })
      expect(
        await got<DatabricksTaskProgram>(taskUrl(calls.taskProgram, RUN_9015, 'transform')),
      ).toMatchObject({
        taskType: 'PYTHON_WHEEL',
        packageName: 'acme_etl',
        entryPoint: 'transform',
      })
      expect(
        await got<DatabricksTaskProgram>(taskUrl(calls.taskProgram, RUN_9014, 'aggregate')),
      ).toMatchObject({
        taskType: 'SQL',
        sqlFile: 'queries/hourly_aggregates.sql',
        sqlText: null,
      })
    })

    it('E132 error_view: the failing task’s error', async () => {
      const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      const failing = tasks.find((t) => t.resultState === 'FAILED')!
      const view = await got<DatabricksTaskError>(taskUrl(calls.taskErrorView, RUN_9012, failing.taskKey))
      expect(view).toMatchObject({ status: 'F', resultState: 'FAILED' })
      expect(view.errorMessage).toMatch(/OutOfMemoryError/)
    })

    it('E133 conf: the cluster spec and Spark conf; not available for a run that got no compute', async () => {
      const conf = await got<DatabricksTaskConf>(taskUrl(calls.taskConf, RUN_9015, 'ingest'))
      expect(conf.available).toBe(true)
      expect(conf.clusterSpec).toMatchObject({
        node_type_id: 'i3.xlarge',
        autoscale: { min_workers: 2, max_workers: 8 },
        availability: 'SPOT_WITH_FALLBACK',
        custom_tags: { team: 'data-eng', env: 'prod', cost_center: 'cc-1001' },
      })
      expect(conf.sparkConf['spark.databricks.task.key']).toBe('ingest')
      expect(await got<DatabricksTaskConf>(taskUrl(calls.taskConf, RUN_9003, 'ingest'))).toEqual({
        taskKey: 'ingest',
        available: false,
        sparkConf: {},
        clusterSpec: null,
      })
    })

    it('E134 resource_metrics: CPU and memory over the task’s life, cut to the window; the OOM task fills memory', async () => {
      const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9012))
      const failing = tasks.find((t) => t.resultState === 'FAILED')!
      const all = await got<DatabricksResourceMetrics>(
        taskUrl(calls.taskResourceMetrics, RUN_9012, failing.taskKey),
      )
      expect(all.startTime).toBe(failing.startTime)
      expect(all.cpuPercent.length).toBe(all.memoryUsedMB.length)
      expect(all.cpuPercent.length).toBeGreaterThan(1)
      expect(all.memoryTotalMB).toBe(28_672 * 7)
      expect(all.memoryUsedMB.at(-1)![1] / all.memoryTotalMB).toBeGreaterThan(0.95)
      const from = all.startTime + all.stepMs * 2
      const to = from + all.stepMs * 3
      const cut = await got<DatabricksResourceMetrics>(
        taskUrl(calls.taskResourceMetrics, RUN_9012, failing.taskKey, `?start_time=${from}&end_time=${to}`),
      )
      expect(cut.cpuPercent.map(([t]) => t)).toEqual([from, from + all.stepMs, from + 2 * all.stepMs, to])
    })

    it('E135 resource_usage: the DBU buckets add up to the task’s DBUs; workers is the run’s', async () => {
      const tasks = await got<DatabricksTaskRun[]>(runUrl(calls.taskRuns, RUN_9014))
      const usage = await got<DatabricksResourceUsage>(
        taskUrl(calls.taskResourceUsage, RUN_9014, 'aggregate', '?metric_id=dbus'),
      )
      expect(usage.unit).toBe('DBU')
      expect(
        sumE4(
          usage.data.map(([, v]) => v),
          10_000,
        ),
      ).toBe(Math.round(tasks[0]!.dbus * 10_000))
      const workers = await got<DatabricksResourceUsage>(
        taskUrl(calls.taskResourceUsage, RUN_9014, 'aggregate', '?metric_id=workers'),
      )
      expect(new Set(workers.data.map(([, v]) => v))).toEqual(new Set([4]))
    })
  })

  describe('freemium: the free plan keeps 7 days (B090)', () => {
    it.each([
      ['9012, 6 hours ago', RUN_9012, 200],
      ['9007, 3 days ago', `${AZURE}_201_9007`, 200],
      ['9004, 10 days ago', `${AWS}_101_9004`, 404],
      ['9002, 20 days ago', `${AZURE}_201_9002`, 404],
    ])('run %s: %i to the freemium user, 200 to the databricks admin', async (_what, key, status) => {
      const res = await get(runUrl(calls.appSummary, key), 'freemium')
      expect(res.statusCode, res.body).toBe(status)
      if (status === 404)
        expect(res.json().message).toBe(`Information for this application ${key} is not available.`)
      expect((await get(runUrl(calls.appSummary, key))).statusCode).toBe(200)
      const [ws, job, run] = key.split('_')
      const task = fillPath(calls.taskProgram.path, {
        ws,
        job,
        run,
        task: ws === AZURE ? 'features' : 'ingest',
      })
      expect((await get(task, 'freemium')).statusCode).toBe(status)
    })
  })

  describe('bad input 400, unknown 404, other platform 403, no token 401', () => {
    it.each([
      ['a key that is no run key', runUrl(calls.appSummary, 'abc')],
      ['a key with a missing part', runUrl(calls.taskRuns, `${AWS}_101`)],
      ['a job id past a safe integer', runUrl(calls.errorView, `${AWS}_99999999999999999_1`)],
      ['a task key with a space', taskUrl(calls.taskTags, RUN_9015, 'in gest')],
      [
        'a workspace that is no number',
        fillPath(calls.taskProgram.path, { ws: 'acme', job: '101', run: '9015', task: 'ingest' }),
      ],
      ['an unknown resource metric', taskUrl(calls.taskResourceUsage, RUN_9015, 'ingest', '?metric_id=cpu')],
      [
        'a window upside down',
        taskUrl(calls.taskResourceMetrics, RUN_9015, 'ingest', '?start_time=2000&end_time=1000'),
      ],
      [
        'a window that is no date',
        taskUrl(calls.taskResourceMetrics, RUN_9015, 'ingest', '?start_time=yesterday'),
      ],
    ])('%s: 400 in the error shape', async (_what, url) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    })

    it.each([
      ['an unknown run', runUrl(calls.appSummary, `${AWS}_101_123456`)],
      ['a run under another job', runUrl(calls.taskRuns, `${AWS}_102_9015`)],
      ['a run under another workspace', runUrl(calls.errorView, `${AZURE}_101_9015`)],
      ['an unknown task', taskUrl(calls.taskConf, RUN_9015, 'nope')],
    ])('%s: 404', async (_what, url) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404 })
    })

    it('an unknown run says M026', async () => {
      const res = await get(runUrl(calls.appSummary, `${AWS}_101_123456`))
      expect(res.json().message).toBe(`Information for this application ${AWS}_101_123456 is not available.`)
    })

    it.each(Object.entries(calls))(
      '%s: 403 to a Snowflake user, 401 without a token',
      async (_name, entry) => {
        const url = entry.path.includes('{task}')
          ? taskUrl(entry, RUN_9015, 'ingest', entry.path.endsWith('resource_usage') ? '?metric_id=dbus' : '')
          : runUrl(entry, RUN_9015)
        expect((await get(url)).statusCode).toBe(200)
        expect((await get(url, 'snowflake')).statusCode).toBe(403)
        expect((await get(url, null)).statusCode).toBe(401)
      },
    )
  })
})
