import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databricksDetailsEndpoints,
  databricksInsightsEndpoints as calls,
  databricksRunKey,
  fillPath,
  type DatabricksAppSummary,
  type DatabricksInsightActions,
  type DatabricksInsightJobs,
  type DatabricksInsightsConfiguration,
  type DatabricksInsightsMetadata,
  type RealizedSavingsSummary,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { DB_FIXTURE_JOBS, DB_FIXTURE_RUNS, insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

/*
 * The insights pages and the savings model over the Databricks fixture. Finished runs with insights:
 * job 2 (hourly_aggregates, AWS, on an all-purpose cluster): 9014 (3 h ago), 9009 (27 h), 9005 (6 d),
 * each jobOnAllPurposeCompute; job 3 (customer_churn_model, Azure): 9012 (6 h), 9007 (3 d), 9002
 * (20 d), each onDemandWhereSpotFits + oversizedCluster. 9016 (job 2) is still running: no saving.
 * Every expected saving is the run details' own (E128 appsummary insights), so both agree to the cent.
 */
const DAY = 86_400_000
const HOUR = 3_600_000
const AWS = '4051729395532381'
const AZURE = '7394025718364020'
const JOBS = '/api/v1/ds/api/v1/databricks/insights/jobs'
const SUMMARY = '/api/v1/app_store/api/v1/realized-savings-summary'
const actionsUrl = (jobName: string, query = '') =>
  fillPath(calls.actions.path, { jobName }) + (query ? `?${query}` : '')

describe('databricks insights and savings (issue 20: R189, R190, E054, E180-E182)', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  /** Each run's saving per insight key, USD, from the run details. */
  const savings = new Map<number, Record<string, number>>()
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({
      users: ['databricks', 'freemium', 'bigquery', 'dbreader'],
      peers: { dbreader: { of: 'databricks', role: 'readonlyAdmin' } },
    }))
    insertDatabricksFixture(app.db, now)
    for (const run of DB_FIXTURE_RUNS.filter((r) => r.insightMask)) {
      const job = DB_FIXTURE_JOBS.find((j) => j.code === run.job)!
      const ws = job.workspace === 1 ? AWS : AZURE
      const url = fillPath(databricksDetailsEndpoints.appSummary.path, {
        id: databricksRunKey(ws, job.jobId, run.id),
      })
      const res = await app.inject({ method: 'GET', url, headers: as('databricks') })
      expect(res.statusCode, res.body).toBe(200)
      const { run: detail } = res.json<DatabricksAppSummary>()
      savings.set(run.id, Object.fromEntries(detail.insights.map((i) => [i.key, i.saving])))
    }
  })
  afterAll(() => app.close())

  const get = (url: string, user: string | null = 'databricks') =>
    app.inject({ method: 'GET', url, headers: user ? as(user) : {} })
  const got = async <T>(url: string, user = 'databricks') => {
    const res = await get(url, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const put = (payload: object, user: string | null = 'databricks') =>
    app.inject({ method: 'PUT', url: calls.updateAction.path, payload, headers: user ? as(user) : {} })
  const saved = (ids: number[], key: string) =>
    ids.reduce((sum, id) => sum + (savings.get(id)?.[key] ?? 0), 0)
  /** Marks an action done at a stored time (the seed's way of having done it in the past). */
  const doneAt = (job: number, insight: number, at: number | null) =>
    app.db
      .prepare(
        `INSERT INTO db_insight_actions (job, insight, done_at, done_by, note, updated_at) VALUES (?, ?, ?, 'admin', NULL, 0)
         ON CONFLICT (job, insight) DO UPDATE SET done_at = excluded.done_at`,
      )
      .run(job, insight, at === null ? null : at - appsTimeShift(app.db))
  const clearActions = () => app.db.prepare('DELETE FROM db_insight_actions').run()

  it('the run details give the fixture runs’ savings, each within its run', () => {
    expect(savings.get(9014)!.jobOnAllPurposeCompute).toBeGreaterThan(0)
    expect(savings.get(9012)!.oversizedCluster).toBeGreaterThan(0)
    expect(savings.get(9016)!.jobOnAllPurposeCompute).toBe(0)
  })

  describe('the insights list (R189)', () => {
    it('30_d by default: the two jobs, untapped = the run details’ savings, sorted untappedSavings desc', async () => {
      clearActions()
      const list = await got<DatabricksInsightJobs>(JOBS)
      expect(list).toMatchObject({ dateLabel: '30_d', page: 1, pageSize: 10, sort: 'untappedSavings-desc' })
      expect(list.endTime - list.startTime).toBe(30 * DAY)
      const byName = Object.fromEntries(list.rows.map((r) => [r.jobName, r]))
      expect(Object.keys(byName).sort()).toEqual(['customer_churn_model', 'hourly_aggregates'])
      const hourly = byName.hourly_aggregates!
      expect(hourly).toMatchObject({ workspaceId: AWS, jobId: 102, runs: 3, realizedCostSavings: 0 })
      expect(hourly.untappedSavings).toBeCloseTo(saved([9014, 9009, 9005], 'jobOnAllPurposeCompute'), 6)
      expect(hourly.insights).toEqual([{ key: 'jobOnAllPurposeCompute', name: expect.any(String), runs: 3 }])
      const churn = byName.customer_churn_model!
      expect(churn).toMatchObject({ workspaceId: AZURE, jobId: 201, runs: 3 })
      const churnSaving =
        saved([9012, 9007, 9002], 'onDemandWhereSpotFits') + saved([9012, 9007, 9002], 'oversizedCluster')
      expect(churn.untappedSavings).toBeCloseTo(churnSaving, 6)
      expect(churn.insights.map((i) => [i.key, i.runs])).toEqual([
        ['onDemandWhereSpotFits', 3],
        ['oversizedCluster', 3],
      ])
      for (const row of list.rows)
        expect(row.untappedSavings + row.realizedCostSavings).toBeLessThanOrEqual(row.cost)
      const untapped = list.rows.map((r) => r.untappedSavings)
      expect(untapped).toEqual([...untapped].sort((a, b) => b - a))
      expect(list.totals.untappedSavings).toBeCloseTo(hourly.untappedSavings + churn.untappedSavings, 6)
      expect(list.totals).toMatchObject({ jobs: 2, runs: 6 })
    })

    it('7_d leaves out 9002 (20 days ago); a custom range, filters, search, sort and paging', async () => {
      const week = await got<DatabricksInsightJobs>(`${JOBS}?dateLabel=7_d`)
      const churn = week.rows.find((r) => r.jobId === 201)!
      expect(churn.runs).toBe(2)
      expect(churn.untappedSavings).toBeCloseTo(
        saved([9012, 9007], 'onDemandWhereSpotFits') + saved([9012, 9007], 'oversizedCluster'),
        6,
      )
      // A custom range of the last day and a half: 9014, 9009 and 9012.
      const custom = await got<DatabricksInsightJobs>(`${JOBS}?startTime=${now - 30 * HOUR}&endTime=${now}`)
      expect(custom.dateLabel).toBeNull()
      expect(custom.rows.find((r) => r.jobId === 102)!.runs).toBe(2)
      const spot = await got<DatabricksInsightJobs>(`${JOBS}?insights=onDemandWhereSpotFits`)
      expect(spot.rows.map((r) => r.jobId)).toEqual([201])
      expect(spot.rows[0]!.untappedSavings).toBeCloseTo(saved([9012, 9007, 9002], 'onDemandWhereSpotFits'), 6)
      expect((await got<DatabricksInsightJobs>(`${JOBS}?name=HOURLY`)).rows.map((r) => r.jobId)).toEqual([
        102,
      ])
      expect(
        (await got<DatabricksInsightJobs>(`${JOBS}?workspace=${AZURE}`)).rows.map((r) => r.jobId),
      ).toEqual([201])
      const byName = await got<DatabricksInsightJobs>(`${JOBS}?sort=jobName-asc&pageSize=1&page=2`)
      expect(byName).toMatchObject({ total: 2, rows: [{ jobName: 'hourly_aggregates' }] })
    })

    it('bad input is a 400 naming the field; no token 401; another platform 403', async () => {
      for (const [query, field] of [
        ['insights=wasteful', 'insights'],
        ['sort=cost-sideways', 'sort'],
        ['dateLabel=5_d', 'dateLabel'],
        ['pageSize=500', 'pageSize'],
        [`startTime=${now - DAY}`, 'endTime'],
        [`startTime=${now - 100 * DAY}&endTime=${now}`, 'endTime'],
      ]) {
        const res = await get(`${JOBS}?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.body, query).toContain(field)
      }
      expect((await get(JOBS, null)).statusCode).toBe(401)
      expect((await get(JOBS, 'bigquery')).statusCode).toBe(403)
    })

    it('the free plan: 7 days by default; a longer range and a cost sort are refused', async () => {
      const list = await got<DatabricksInsightJobs>(JOBS, 'freemium')
      expect(list.dateLabel).toBe('7_d')
      expect((await get(`${JOBS}?dateLabel=30_d`, 'freemium')).statusCode).toBe(403)
      expect((await get(`${JOBS}?sort=cost-desc`, 'freemium')).statusCode).toBe(403)
      expect((await get(`${JOBS}?dateLabel=7_d&sort=untappedSavings-asc`, 'freemium')).statusCode).toBe(200)
    })
  })

  describe('the actions page (E182, R190) and marking done', () => {
    it('remediation by default: one row per insight with the finding, the remedy and the saving', async () => {
      clearActions()
      const page = await got<DatabricksInsightActions>(actionsUrl('customer_churn_model'))
      expect(page).toMatchObject({ tab: 'remediation', pageSize: 10, sort: 'untappedSavings-desc' })
      expect(page.counts).toEqual({ remediation: 2, done: 0, all: 2 })
      expect(page.rows.map((r) => r.insight).sort()).toEqual(['onDemandWhereSpotFits', 'oversizedCluster'])
      const oversized = page.rows.find((r) => r.insight === 'oversizedCluster')!
      expect(oversized).toMatchObject({
        state: 'open',
        runs: 3,
        doneAt: null,
        jobId: 201,
        workspaceId: AZURE,
      })
      expect(oversized.finding.length).toBeGreaterThan(10)
      expect(oversized.recommendation.length).toBeGreaterThan(10)
      expect(oversized.untappedSavings).toBeCloseTo(saved([9012, 9007, 9002], 'oversizedCluster'), 6)
      const values = page.rows.map((r) => r.untappedSavings)
      expect(values).toEqual([...values].sort((a, b) => b - a))
      const q = await got<DatabricksInsightActions>(actionsUrl('customer_churn_model', 'query=spot'))
      expect(q.rows.map((r) => r.insight)).toEqual(['onDemandWhereSpotFits'])
    })

    it('done in the past: runs started after it are realised, those before untapped (split within a day)', async () => {
      clearActions()
      // Oversized, done 4 days ago: 9012 (6 h) and 9007 (3 d) realised, 9002 (20 d) untapped.
      doneAt(3, 4, now - 4 * DAY)
      // Spot, done 4 h ago: every run started before it (9012 6 h ago): all untapped.
      doneAt(3, 3, now - 4 * HOUR)
      const all = await got<DatabricksInsightActions>(actionsUrl('customer_churn_model', 'tab=all'))
      const oversized = all.rows.find((r) => r.insight === 'oversizedCluster')!
      expect(oversized.state).toBe('done')
      expect(oversized.realizedCostSavings).toBeCloseTo(saved([9012, 9007], 'oversizedCluster'), 6)
      expect(oversized.untappedSavings).toBeCloseTo(saved([9002], 'oversizedCluster'), 6)
      const spot = all.rows.find((r) => r.insight === 'onDemandWhereSpotFits')!
      expect(spot.realizedCostSavings).toBe(0)
      expect(spot.untappedSavings).toBeCloseTo(saved([9012, 9007, 9002], 'onDemandWhereSpotFits'), 6)
      expect(all.counts).toEqual({ remediation: 0, done: 2, all: 2 })
      // 9009 (27 h ago) and 9014 (3 h ago): done 26 h ago splits the day rows (9009 before, 9014 after).
      doneAt(2, 0, now - 26 * HOUR)
      const hourly = (await got<DatabricksInsightActions>(actionsUrl('hourly_aggregates', 'tab=done')))
        .rows[0]!
      expect(hourly.realizedCostSavings).toBeCloseTo(saved([9014], 'jobOnAllPurposeCompute'), 6)
      expect(hourly.untappedSavings).toBeCloseTo(saved([9009, 9005], 'jobOnAllPurposeCompute'), 6)
      const summary = await got<RealizedSavingsSummary>(SUMMARY)
      expect(summary.realizedCostSavings).toBeCloseTo(
        saved([9012, 9007], 'oversizedCluster') + saved([9014], 'jobOnAllPurposeCompute'),
        6,
      )
      expect(summary.actionsDone).toBe(3)
    })

    it('PUT marks done now and reopens; read-only admins 403; an unknown job 404; bad body 400', async () => {
      clearActions()
      const body = {
        workspaceId: AZURE,
        jobId: 201,
        insight: 'oversizedCluster',
        state: 'done',
        note: 'Halved',
      }
      const res = await put(body)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ state: 'done', doneAt: now, doneBy: 'databricks', note: 'Halved' })
      const done = await got<DatabricksInsightActions>(actionsUrl('customer_churn_model', 'tab=done'))
      // Every run of the range started before now: still untapped, nothing realised yet.
      expect(done.rows).toMatchObject([
        { insight: 'oversizedCluster', state: 'done', realizedCostSavings: 0 },
      ])
      expect((await put({ ...body, state: 'open' })).json()).toMatchObject({ state: 'open', doneAt: null })
      expect((await put(body, 'dbreader')).statusCode).toBe(403)
      expect((await put(body, 'bigquery')).statusCode).toBe(403)
      expect((await put(body, null)).statusCode).toBe(401)
      expect((await put({ ...body, jobId: 999 })).statusCode).toBe(404)
      const bad = await put({ ...body, insight: 'lazy' })
      expect(bad.statusCode).toBe(400)
      expect(bad.body).toContain('insight')
      expect((await get(actionsUrl('no_such_job'))).statusCode).toBe(404)
      expect((await get(actionsUrl('customer_churn_model', 'tab=later'))).statusCode).toBe(400)
    })
  })

  describe('E054 realized-savings-summary, E180, E181', () => {
    it('the summary of 30 days: untapped + realised within the runs’ cost, as the list sums them', async () => {
      clearActions()
      const summary = await got<RealizedSavingsSummary>(SUMMARY)
      const list = await got<DatabricksInsightJobs>(JOBS)
      expect(summary.endTime - summary.startTime).toBe(30 * DAY)
      expect(summary.untappedSavings).toBeCloseTo(list.totals.untappedSavings, 6)
      expect(summary.realizedCostSavings).toBe(0)
      expect(summary.actionsOpen).toBe(3)
      expect(summary.untappedSavings + summary.realizedCostSavings).toBeLessThanOrEqual(summary.totalCost)
      expect(summary.totalCost).toBeGreaterThan(list.totals.cost)
      expect((await get(`${SUMMARY}?startTime=${now - 30 * DAY}`, 'freemium')).statusCode).toBe(403)
      expect((await get(SUMMARY, 'freemium')).statusCode).toBe(200)
      expect((await get(`${SUMMARY}?startTime=${now}&endTime=${now - DAY}`)).statusCode).toBe(400)
      expect((await get(SUMMARY, 'bigquery')).statusCode).toBe(403)
      expect((await get(SUMMARY, null)).statusCode).toBe(401)
    })

    it('the configuration’s presets and the metadata’s insights', async () => {
      const config = await got<DatabricksInsightsConfiguration>(calls.configuration.path)
      expect(config.insightsAvailableDates.map((d) => d.key)).toEqual(['7_d', '14_d', '30_d', '90_d'])
      expect(config.insightsAvailableDates[0]).toMatchObject({ startTime: now - 7 * DAY, endTime: now })
      expect(config.defaultDateLabel).toBe('30_d')
      expect(
        (await got<DatabricksInsightsConfiguration>(calls.configuration.path, 'freemium')).defaultDateLabel,
      ).toBe('7_d')
      const meta = await got<DatabricksInsightsMetadata>(calls.metadata.path)
      expect(meta.signatures[0]!.insights).toHaveLength(5)
      expect(meta.summary.insights.every((i) => i.remediation.length > 0)).toBe(true)
      expect((await get(calls.metadata.path, 'bigquery')).statusCode).toBe(403)
    })
  })
})
