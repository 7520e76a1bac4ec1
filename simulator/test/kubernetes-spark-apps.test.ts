import type {
  GlobalSearchResponse,
  KubernetesTopxResponse,
  StatsTagsResponse,
  UnifiedSearchResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { tagsSeenIn } from '../src/db/repositories/app-lists.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const PROD = 'k8s-prod-eks'

/** A driver pod as the Kubernetes tables hold it, with its workload. */
interface DriverPod {
  name: string
  workload: string
  phase: string
  start_time: number
  end_time: number | null
}

describe('Kubernetes Spark applications in the applications list (issue 23)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  let drivers: DriverPod[]
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['k8s', 'emr'] }))
    drivers = app.db
      .prepare(
        `SELECT p.name, w.name AS workload, p.phase, p.start_time, p.end_time
           FROM k8s_pods p JOIN k8s_workloads w ON w.id = p.workload_id
          WHERE w.kind = 'SparkApplication' AND p.name LIKE '%-driver' ORDER BY p.start_time`,
      )
      .all() as DriverPod[]
  })
  afterAll(() => app.close())

  const search = async (user: string, body: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      headers: as(user),
      payload: { size: 100, start_time: TEST_NOW_MS - 30 * DAY, ...body },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<UnifiedSearchResponse>()
  }

  it('lists one Spark application per SparkApplication run, each matching its driver pod', async () => {
    expect(drivers.length).toBeGreaterThan(0)
    const { results, metadata } = await search('k8s')
    expect(metadata.totalRecords).toBe(drivers.length)
    expect(results).toHaveLength(drivers.length)
    for (const a of results) {
      expect(a).toMatchObject({ kind: 'spark', clusterUid: PROD, clusterType: 'K8S', queue: 'spark-jobs' })
      expect(a.user).toBe('spark')
      // spark-<32 hex>: its first 16 are the run's, as in its pods' names.
      expect(a.id).toMatch(/^spark-[0-9a-f]{32}$/)
      const driver = drivers.find((d) => d.name === `${a.name}-${a.id.slice(6, 22)}-driver`)
      expect(driver, a.id).toBeDefined()
      expect(a.startTime).toBe(driver!.start_time)
      expect(a.finishedTime).toBe(driver!.end_time)
      expect(a.status).toBe(driver!.end_time === null ? 'R' : driver!.phase === 'Failed' ? 'F' : 'S')
      // Its runs group by their workload's name.
      expect(a.signature).toBe(a.name)
      expect(a.vcoreSeconds).toBeGreaterThan(0)
      expect(a.cents).toBeGreaterThanOrEqual(0)
    }
  })

  it('costs no more than its workload costs in Top X over the same hours (requests ≤ max(request, usage))', async () => {
    const { results } = await search('k8s')
    const from = Math.floor(Math.min(...results.map((a) => a.startTime)) / HOUR) * HOUR
    const to = Math.ceil(TEST_NOW_MS / HOUR) * HOUR
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/kubernetes/topx?${new URLSearchParams({
        startTime: new Date(from).toISOString(),
        endTime: new Date(to).toISOString(),
        groupBy: 'workload',
        clusters: PROD,
        limit: '50',
      })}`,
      headers: as('k8s'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json<KubernetesTopxResponse>().rows
    for (const workload of new Set(results.map((a) => a.name))) {
      const runsUsd = results.filter((a) => a.name === workload).reduce((sum, a) => sum + a.cents, 0) / 100
      const row = rows.find((r) => r.name === workload && r.namespace === 'spark-jobs')
      expect(row, workload).toBeDefined()
      expect(runsUsd).toBeGreaterThan(0)
      // Cents are rounded per run: half a cent each at most.
      expect(runsUsd).toBeLessThanOrEqual(row!.costUsd + results.length * 0.005)
    }
  })

  it('are found by the global search, by name and by id', async () => {
    const { results } = await search('k8s')
    const find = async (text: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/apps/globalsearch?${new URLSearchParams({ searchString: text, size: '100' })}`,
        headers: as('k8s'),
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<GlobalSearchResponse>()
    }
    const one = results[0]!
    expect((await find(one.id.toUpperCase())).results.map((a) => a.id)).toEqual([one.id])
    const byName = await find(one.name)
    expect(byName.total).toBe(results.filter((a) => a.name === one.name).length)
  })

  it("offers their namespace's labels as tags, read either way (by the window's apps or value by value)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/search/stats_tags?start_time=${TEST_NOW_MS - 30 * DAY}&end_time=${TEST_NOW_MS}`,
      headers: as('k8s'),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<StatsTagsResponse>().stats.tags).toEqual([
      { key: 'env', values: ['prod'] },
      { key: 'team', values: ['data'] },
    ])
    for (const scope of [scopeOfPlatform(app.db, 'K8S'), scopeOfPlatform(app.db, 'CDH')])
      for (const days of [1 / 24, 1, 7, 30]) {
        const [start, end] = [TEST_NOW_MS - days * DAY, TEST_NOW_MS]
        expect(tagsSeenIn(app.db, start, end, scope, 0)).toEqual(tagsSeenIn(app.db, start, end, scope, 1e9))
      }
  })

  it('stays within the Kubernetes scope: a user of another platform does not see them', async () => {
    const { results } = await search('emr')
    expect(results.some((a) => a.clusterType === 'K8S')).toBe(false)
  })
})
