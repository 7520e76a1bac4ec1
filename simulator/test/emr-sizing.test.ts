import {
  emrEndpoints,
  type EmrClusterPage,
  type EmrInsights,
  type ListAnalysisBody,
  type ListAnalysisResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const WINDOW = { from: String(TEST_NOW_MS - 30 * DAY), to: String(TEST_NOW_MS) }

describe('EMR sizing: listAnalysis (E142) and cluster insights', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => ({ app, as } = await frozenTestApp({ users: ['emr', 'admin'] })))
  afterAll(() => app.close())

  const analyse = (body: unknown, user = 'emr') =>
    app.inject({
      method: 'POST',
      url: emrEndpoints.listAnalysis.path,
      headers: as(user),
      payload: body as object,
    })
  const sizing = (entities: ListAnalysisBody['entities']): ListAnalysisBody => ({
    entities,
    eventType: 'CLUSTER_SIZING',
    metadata: {
      platform: 'EMR',
      provider: 'AWS',
      sync: true,
      detailInsights: true,
      clusterType: 'EMR',
      storeEvent: false,
    },
  })
  const clusters = async (body: object) => {
    const res = await app.inject({
      method: 'POST',
      url: emrEndpoints.clusterSearch.path,
      headers: as('emr'),
      payload: { ...WINDOW, pageSize: 100, ...body },
    })
    return res.json<EmrClusterPage>()
  }
  const insights = async (query = `from=${WINDOW.from}&to=${WINDOW.to}`) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/emr/insights?${query}`,
      headers: as('emr'),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<EmrInsights>()
  }

  describe('POST /api/v1/dsinsights/api/v1/insights/listAnalysis', () => {
    it('B205 sizes an over-provisioned cluster: both recommendations cheaper, savings never above its cost', async () => {
      const inefficient = (await clusters({ eventTypes: ['NODE_DOWNSIZING'], sort: 'totalCost-desc' }))
        .clusters[0]!
      const res = await analyse(sizing([{ entityType: 'CLUSTER', entityId: inefficient.clusterId }]))
      expect(res.statusCode, res.body).toBe(200)
      const [a] = res.json<ListAnalysisResponse>().results
      expect(a).toMatchObject({
        entityType: 'CLUSTER',
        clusterId: inefficient.clusterId,
        eventType: 'CLUSTER_SIZING',
      })
      expect(a!.clusterCost).toBe(inefficient.totalCost)
      expect(a!.peakUtilisation).toBeLessThanOrEqual(0.5)
      expect(a!.nodeDownsizing).toHaveLength(inefficient.downsizingEvents)
      const [resource, cost] = a!.recommendations
      expect(resource!.kind).toBe('RESOURCE_OPTIMIZED')
      expect(cost!.kind).toBe('COST_OPTIMIZED')
      for (const r of a!.recommendations) {
        expect(r.hourlyCost).toBeLessThan(a!.current.hourlyCost)
        expect(r.saving).toBeGreaterThan(0)
        expect(r.saving).toBeLessThanOrEqual(a!.clusterCost)
        expect(r.saving).toBeCloseTo(a!.clusterCost * (1 - r.hourlyCost / a!.current.hourlyCost), 1)
      }
      expect(cost!.hourlyCost).toBeLessThanOrEqual(resource!.hourlyCost)
      // Resource-optimised keeps the instance types; cost-optimised puts the task nodes on Spot.
      expect(resource!.groups.map((g) => g.instanceType)).toEqual(
        a!.current.groups.map((g) => g.instanceType),
      )
      expect(cost!.groups.find((g) => g.role === 'TASK')?.market).toBe('SPOT')
    })

    it('sizes a watched cluster from its Yarn apps, and an application’s entity as its cluster', async () => {
      const appId = app.db
        .prepare(
          `SELECT a.id FROM applications a JOIN emr_clusters e ON e.cluster_id = a.cluster_uid
            WHERE e.util_basis = 'yarn-apps' ORDER BY a.id LIMIT 1`,
        )
        .pluck()
        .get() as string
      const res = await analyse(sizing([{ entityType: 'APPLICATION', entityId: appId }]))
      expect(res.statusCode, res.body).toBe(200)
      const [a] = res.json<ListAnalysisResponse>().results
      expect(a).toMatchObject({ entityType: 'APPLICATION', entityId: appId, basis: 'yarn-apps' })
      expect(a!.clusterId).toMatch(/^j-/)
      expect(a!.peakUtilisation).toBeGreaterThan(0)
    })

    it('answers every entity asked, in order', async () => {
      const ids = (await clusters({ pageSize: 3 })).clusters.map((c) => c.clusterId)
      const res = await analyse(sizing(ids.map((entityId) => ({ entityType: 'CLUSTER' as const, entityId }))))
      expect(res.json<ListAnalysisResponse>().results.map((r) => r.clusterId)).toEqual(ids)
    })

    it.each([
      ['an unknown cluster', sizing([{ entityType: 'CLUSTER', entityId: 'j-NOSUCHCLUSTER' }]), 403],
      ['another platform’s cluster', sizing([{ entityType: 'CLUSTER', entityId: 'cdh-prod-01' }]), 403],
      ['no entity', sizing([]), 400],
      [
        'another event type',
        { ...sizing([{ entityType: 'CLUSTER', entityId: 'x' }]), eventType: 'APP_TUNING' },
        400,
      ],
      ['another entity type', sizing([{ entityType: 'QUEUE' as 'CLUSTER', entityId: 'x' }]), 400],
    ])('answers %s with %i', async (_, body, status) => {
      expect((await analyse(body)).statusCode).toBe(status)
    })

    it('is for EMR users only, and private', async () => {
      const some = (await clusters({ pageSize: 1 })).clusters[0]!.clusterId
      expect((await analyse(sizing([{ entityType: 'CLUSTER', entityId: some }]), 'admin')).statusCode).toBe(
        403,
      )
      const anonymous = await app.inject({ method: 'POST', url: emrEndpoints.listAnalysis.path, payload: {} })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('GET /api/v1/emr/insights', () => {
    it('counts the clusters with and without the product as the list does, with their costs', async () => {
      const [body, list] = await Promise.all([insights(), clusters({})])
      expect(body.withUnravel.clusters).toBe(list.metadata.withUnravel)
      expect(body.withoutUnravel.clusters).toBe(list.metadata.withoutUnravel)
      const listed = await clusters({ includeClustersWithoutUnravel: false })
      const watchedCost = listed.clusters.reduce((n, c) => n + c.totalCost, 0)
      expect(Math.abs(body.withUnravel.cost - watchedCost)).toBeLessThan(0.01)
      expect(body.savings.cost).toBeCloseTo(body.withUnravel.cost + body.withoutUnravel.cost, 3)
    })

    it('sums the cost-optimised savings, within the cost they save; the top clusters as listAnalysis sizes them', async () => {
      const body = await insights()
      expect(body.savings.total).toBeGreaterThan(0)
      expect(body.savings.total).toBeLessThanOrEqual(body.savings.cost)
      expect(body.topClusters.length).toBeGreaterThan(0)
      expect(body.topClusters.length).toBeLessThanOrEqual(10)
      const savings = body.topClusters.map((c) => c.saving)
      expect(savings).toEqual([...savings].sort((a, b) => b - a))
      expect(savings.reduce((n, s) => n + s, 0)).toBeLessThanOrEqual(body.savings.total + 0.01)
      const top = body.topClusters[0]!
      const analysed = (
        await analyse(sizing([{ entityType: 'CLUSTER', entityId: top.clusterId }]))
      ).json<ListAnalysisResponse>()
      const cost = analysed.results[0]!.recommendations.find((r) => r.kind === 'COST_OPTIMIZED')!
      expect(cost.saving).toBe(top.saving)
      expect(top.saving).toBeLessThanOrEqual(top.cost)
    })

    it('answers 400 for a reversed range, 403 to CDH users, 401 without a token', async () => {
      const reversed = await app.inject({
        method: 'GET',
        url: `/api/v1/emr/insights?from=${TEST_NOW_MS}&to=${TEST_NOW_MS - DAY}`,
        headers: as('emr'),
      })
      expect(reversed.statusCode).toBe(400)
      const cdh = await app.inject({
        method: 'GET',
        url: '/api/v1/emr/insights',
        headers: as('admin'),
      })
      expect(cdh.statusCode).toBe(403)
      expect((await app.inject({ method: 'GET', url: '/api/v1/emr/insights' })).statusCode).toBe(401)
    })
  })
})
