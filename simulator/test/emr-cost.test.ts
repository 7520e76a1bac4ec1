import {
  emrEndpoints,
  fillPath,
  type EmrAwsInfoResponse,
  type EmrChargebackResponse,
  type EmrClusterDetails,
  type EmrClusterPage,
  type EmrCostTrends,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { emrDailyCost } from '../src/db/repositories/emr-cost.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const HOUR = 3_600_000
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
/** A chargeback window that cuts days mid-way and ends now: its clusters' whole lives lie inside it. */
const CB_FROM = TEST_NOW_MS - 9 * DAY - 5 * HOUR - 1234

/**
 * The EMR cost figures, each defined once (contracts/emr.ts) and the same wherever it shows:
 * - a cluster's cost over its life so far: list totalCost = awsinfo total = chargeback row total =
 *   the sum of the details' days;
 * - the trends sum, per UTC day, what each cluster cost that day: over a window that ends now, the
 *   days of the clusters created in it add up to the chargeback total of that window.
 */
describe('EMR cost: awsinfo (E041), chargeback (E044), cost trends', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => ({ app, as } = await frozenTestApp({ users: ['emr', 'admin'] })))
  afterAll(() => app.close())

  const get = (url: string, user = 'emr') => app.inject({ method: 'GET', url, headers: as(user) })
  const ok = async <T>(url: string): Promise<T> => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const chargeback = (query = `from=${Math.floor(CB_FROM / 1000)}`) =>
    ok<EmrChargebackResponse>(`/api/v1/search/awscb/cluster?${query}`)

  describe('one cost per cluster, everywhere', () => {
    it('list totalCost = awsinfo total = chargeback total = the sum of the details’ days', async () => {
      const cb = await chargeback()
      const info = await ok<EmrAwsInfoResponse>(`/api/v1/search/awsinfo?from=${CB_FROM}`)
      const byId = new Map(info.clusters.map((c) => [c.cluster_id, c]))
      const picked = [cb.cb[0]!, cb.cb[Math.floor(cb.cb.length / 2)]!, cb.cb.at(-1)!]
      for (const row of picked) {
        const list = await app.inject({
          method: 'POST',
          url: emrEndpoints.clusterSearch.path,
          headers: as('emr'),
          payload: { cluster_ids: [row.cluster_id], from: String(CB_FROM) },
        })
        const listed = list.json<EmrClusterPage>().clusters[0]!
        const details = await ok<EmrClusterDetails>(
          fillPath(emrEndpoints.clusterDetails.path, { clusterId: row.cluster_id }),
        )
        const days = details.costByDay.reduce((sum, d) => sum + d.total, 0)
        expect(byId.get(row.cluster_id)!.costs.total).toBe(listed.totalCost)
        expect(Math.abs(row.total - listed.totalCost)).toBeLessThanOrEqual(0.005)
        expect(Math.abs(days - listed.totalCost)).toBeLessThan(0.01)
        expect(details.cluster.totalCost).toBe(listed.totalCost)
      }
    })

    it('over a window ending now, the trend days of the clusters created in it add up to the chargeback total', async () => {
      const cb = await chargeback()
      const ids = cb.cb.map((r) => r.cluster_id)
      expect(ids.length).toBeGreaterThan(10)
      const days = emrDailyCost(app.db, scopeOfPlatform(app.db, 'EMR'), {
        from: CB_FROM,
        to: TEST_NOW_MS,
        clusterIds: ids,
        now: TEST_NOW_MS,
      })
      const sum = days.reduce((n, d) => n + d.cost, 0)
      expect(Math.abs(sum - cb.cbInfo.total)).toBeLessThanOrEqual(0.005)
      // One cluster through the route: its trend adds up to its chargeback row.
      const row = cb.cb[0]!
      const trend = await ok<EmrCostTrends>(
        `/api/v1/emr/cost/trends?from=${CB_FROM}&clusterId=${row.cluster_id}`,
      )
      expect(Math.abs(trend.total - row.total)).toBeLessThanOrEqual(0.006)
    })

    it('the trends of a window are what every cluster cost inside it, day by day', async () => {
      const from = START_OF_TODAY - 20 * DAY
      const trend = await ok<EmrCostTrends>(`/api/v1/emr/cost/trends?from=${from}`)
      const expected = app.db
        .prepare(
          `SELECT sum((ec2_hourly + emr_hourly + ebs_hourly) *
                      (min(coalesce(ended_at, @now), @now) - max(created_at, @from)) / 3600000.0)
             FROM emr_clusters WHERE created_at < @now AND coalesce(ended_at, @now) > @from`,
        )
        .pluck()
        .get({ from, now: TEST_NOW_MS }) as number
      expect(Math.abs(trend.total - expected)).toBeLessThan(0.01)
    })
  })

  describe('GET /api/v1/search/awsinfo', () => {
    it('lists the clusters alive in the last 7 days by default, most cost first, with the store item fields', async () => {
      const info = await ok<EmrAwsInfoResponse>('/api/v1/search/awsinfo')
      const alive = app.db
        .prepare(
          'SELECT count(*) FROM emr_clusters WHERE created_at <= @to AND (ended_at IS NULL OR ended_at >= @from)',
        )
        .pluck()
        .get({ from: TEST_NOW_MS - 7 * DAY, to: TEST_NOW_MS })
      expect(info.total).toBe(alive)
      expect(info.clusters).toHaveLength(info.total)
      const totals = info.clusters.map((c) => c.costs.total)
      expect(totals).toEqual([...totals].sort((a, b) => b - a))
      for (const c of info.clusters) {
        expect(c.cluster_id).toMatch(/^j-[A-Z0-9]{13}$/)
        expect(c.costs.total).toBeCloseTo(c.costs.ec2 + c.costs.emr + c.costs.ebs, 3)
        expect(c.status_timeline_creationDateTime).toBeLessThanOrEqual(TEST_NOW_MS)
        expect(c.market_types.length).toBeGreaterThan(0)
      }
    })

    it('answers 400 for a reversed range, 403 to CDH users, 401 without a token', async () => {
      expect(
        (await get(`/api/v1/search/awsinfo?from=${TEST_NOW_MS}&to=${TEST_NOW_MS - DAY}`)).statusCode,
      ).toBe(400)
      expect((await get('/api/v1/search/awsinfo', 'admin')).statusCode).toBe(403)
      expect((await app.inject({ method: 'GET', url: '/api/v1/search/awsinfo' })).statusCode).toBe(401)
    })
  })

  describe('GET /api/v1/search/awscb/{group1}', () => {
    it('B157 charges back the clusters created in the window, most cost first, dollars and shares to 2 decimals', async () => {
      const cb = await chargeback()
      expect(cb.cbInfo.clusters).toBe(cb.cb.length)
      expect(cb.cbInfo.groupBy).toEqual(['cluster'])
      const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6
      for (const r of cb.cb) {
        expect(r.created).toBeGreaterThanOrEqual(CB_FROM)
        expect(r.created).toBeLessThan(TEST_NOW_MS)
        for (const v of [r.ec2, r.emr, r.ebs, r.total, r.avg_total, r.total_perc]) expect(cents(v)).toBe(true)
        expect(Math.abs(r.total - (r.ec2 + r.emr + r.ebs))).toBeLessThanOrEqual(0.02)
      }
      expect(cb.cb.map((r) => r.total)).toEqual(cb.cb.map((r) => r.total).sort((a, b) => b - a))
      expect(Math.abs(cb.cb.reduce((n, r) => n + r.total_perc, 0) - 100)).toBeLessThan(0.01 * cb.cb.length)
      expect(Math.abs(cb.cbInfo.total - (cb.cbInfo.ec2 + cb.cbInfo.emr + cb.cbInfo.ebs))).toBeLessThanOrEqual(
        0.02,
      )
    })

    it('reads the window as the other chargebacks do: YYYY-MM-DD dates, a date `to` to the end of its day', async () => {
      const day = new Date(TEST_NOW_MS - 3 * DAY).toISOString().slice(0, 10)
      const cb = await chargeback(`from=${day}&to=${day}`)
      expect(cb.cbInfo.to - cb.cbInfo.from).toBe(DAY)
      for (const r of cb.cb) expect(new Date(r.created).toISOString().slice(0, 10)).toBe(day)
    })

    it('narrows to one cluster with clusterUid (the wildcard is all of them)', async () => {
      const all = await chargeback()
      const one = await chargeback(`from=${Math.floor(CB_FROM / 1000)}&clusterUid=${all.cb[1]!.cluster_id}`)
      expect(one.cb.map((r) => r.cluster_id)).toEqual([all.cb[1]!.cluster_id])
      expect((await chargeback(`from=${Math.floor(CB_FROM / 1000)}&clusterUid=*`)).cbInfo).toEqual(all.cbInfo)
    })

    it.each([
      ['a second group-by', '/api/v1/search/awscb/cluster/user', /groups by one key, the cluster/],
      ['a group-by other than the cluster', '/api/v1/search/awscb/user', /group1/],
      [
        'a reversed range',
        `/api/v1/search/awscb/cluster?from=${TEST_NOW_MS}&to=${TEST_NOW_MS - DAY}`,
        /from must not be after/,
      ],
      ['a malformed date', '/api/v1/search/awscb/cluster?from=last-week', /from/],
    ])('answers 400 for %s', async (_, url, message) => {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    })

    it('answers 403 for another platform’s cluster and to CDH users, 401 without a token', async () => {
      expect((await get('/api/v1/search/awscb/cluster?clusterUid=cdh-prod-01')).statusCode).toBe(403)
      expect((await get('/api/v1/search/awscb/cluster', 'admin')).statusCode).toBe(403)
      expect((await app.inject({ method: 'GET', url: '/api/v1/search/awscb/cluster' })).statusCode).toBe(401)
    })
  })

  describe('GET /api/v1/emr/cost/trends', () => {
    it('gives 90 days by default (89 whole days and today), each with its split and its change on the day before', async () => {
      const trend = await ok<EmrCostTrends>('/api/v1/emr/cost/trends')
      expect(trend.days).toHaveLength(90)
      expect(trend.days[0]!.ts).toBe(START_OF_TODAY - 89 * DAY)
      expect(trend.days.at(-1)!.date).toBe(new Date(TEST_NOW_MS).toISOString().slice(0, 10))
      trend.days.forEach((d, i) => {
        expect(d.cost).toBeCloseTo(d.ec2 + d.emr + d.ebs, 3)
        expect(d.neglectedCost).toBeLessThanOrEqual(d.cost + 1e-4)
        expect(d.budgetOverrunCost).toBe(0)
        if (i > 0) expect(d.costChange).toBeCloseTo(d.cost - trend.days[i - 1]!.cost, 3)
      })
      // The job clusters make the days differ; the watched long-running clusters make none of them empty.
      expect(new Set(trend.days.map((d) => d.cost)).size).toBeGreaterThan(80)
      expect(Math.min(...trend.days.map((d) => d.cost))).toBeGreaterThan(0)
      expect(Math.abs(trend.total - trend.days.reduce((n, d) => n + d.cost, 0))).toBeLessThan(0.01)
    })

    it('narrows to the clusters of a tag: each day at most the whole, the neglected part all of it for unwatched owners', async () => {
      const from = START_OF_TODAY - 14 * DAY
      const all = await ok<EmrCostTrends>(`/api/v1/emr/cost/trends?from=${from}`)
      const tagged = await ok<EmrCostTrends>(
        `/api/v1/emr/cost/trends?from=${from}&tag=unravel-installed:false`,
      )
      expect(tagged.total).toBeGreaterThan(0)
      tagged.days.forEach((d, i) => {
        expect(d.cost).toBeLessThanOrEqual(all.days[i]!.cost + 1e-4)
        expect(d.neglectedCost).toBeCloseTo(d.cost, 3)
        expect(d.cost).toBeCloseTo(all.days[i]!.neglectedCost, 3)
      })
    })

    it.each([
      ['a reversed range', `from=${TEST_NOW_MS}&to=${TEST_NOW_MS - DAY}`, 400],
      ['a tag without a value', 'tag=Owner', 400],
      ['a date before the 2-year limit', 'from=2020-01-01', 400],
      ['another platform’s cluster', 'clusterId=cdh-prod-01', 403],
    ])('answers %s with %i', async (_, query, status) => {
      expect((await get(`/api/v1/emr/cost/trends?${query}`)).statusCode).toBe(status)
    })

    it('is for EMR users only, and private', async () => {
      expect((await get('/api/v1/emr/cost/trends', 'admin')).statusCode).toBe(403)
      expect((await app.inject({ method: 'GET', url: '/api/v1/emr/cost/trends' })).statusCode).toBe(401)
    })
  })

  describe('emrDailyCost (what budgets read)', () => {
    it('clips the edge days to the window and stops at now', () => {
      const scope = scopeOfPlatform(app.db, 'EMR')
      const whole = emrDailyCost(app.db, scope, {
        from: START_OF_TODAY - DAY,
        to: TEST_NOW_MS + DAY,
        now: TEST_NOW_MS,
      })
      expect(whole.map((d) => d.ts)).toEqual([START_OF_TODAY - DAY, START_OF_TODAY])
      const half = emrDailyCost(app.db, scope, {
        from: START_OF_TODAY - DAY / 2,
        to: START_OF_TODAY,
        now: TEST_NOW_MS,
      })
      expect(half).toHaveLength(1)
      expect(half[0]!.cost).toBeLessThan(whole[0]!.cost)
      expect(
        emrDailyCost(app.db, scopeOfPlatform(app.db, 'CDH'), { from: START_OF_TODAY, to: TEST_NOW_MS })[0]!
          .cost,
      ).toBe(0)
    })
  })
})
