import {
  KUBERNETES_GROUP_BYS,
  KUBERNETES_TOPX_METRICS,
  KUBERNETES_UNALLOCATED,
  type KubernetesTopxResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { kubernetesClock } from '../src/db/repositories/kubernetes-common.ts'
import { GROUPS } from '../src/db/repositories/kubernetes-topx.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const PROD = 'k8s-prod-eks'
const STAGING = 'k8s-staging-gke'
const iso = (ms: number) => new Date(ms).toISOString()
/** The 3 days to the last whole hour before the test's now. */
const END = Math.floor(TEST_NOW_MS / HOUR) * HOUR
const START = END - 3 * DAY

type Args = Record<string, string | number>

describe('Kubernetes Top X (E178, /kubernetes/osd_topx)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['k8s', 'admin', 'snowflake'] }))
  })
  afterAll(() => app.close())

  const call = (args: Args = {}, user: string | null = 'k8s') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/kubernetes/topx?${new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: user === null ? {} : as(user),
    })
  const topx = async (args: Args = {}) => {
    const res = await call({ startTime: iso(START), endTime: iso(END), ...args })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<KubernetesTopxResponse>()
  }
  const refused = async (args: Args, pattern: RegExp, status = 400) => {
    const res = await call(args)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json<{ message: string }>().message).toMatch(pattern)
  }
  const close = (a: number, b: number) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)))

  /** The reference: the window's pod-hours summed straight from the table, per namespace. */
  function namespaceReference(clusters: readonly string[] = [PROD, STAGING]) {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    return app.db
      .prepare(
        `SELECT n.cluster_uid || '/' || n.name AS key, sum(h.cost_cpu + h.cost_ram + h.cost_gpu) / 1e6 AS cost,
           sum(h.cpu_usage) / 1e4 AS cpu, sum(h.mem_request) / 1e4 AS memRequest, sum(h.gpu_alloc) / 1e4 AS gpu
         FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
           JOIN k8s_namespaces n ON n.id = w.namespace_id
         WHERE h.ts >= ? AND h.ts < ? AND n.cluster_uid IN (SELECT value FROM json_each(?))
         GROUP BY 1 ORDER BY cost DESC`,
      )
      .all(START - shift, END - shift, JSON.stringify(clusters)) as {
      key: string
      cost: number
      cpu: number
      memRequest: number
      gpu: number
    }[]
  }

  it('the k8s persona lands on the costliest namespaces, as the hour rows sum them', async () => {
    const body = await topx({ limit: 100 })
    const reference = namespaceReference()
    expect(body.groups).toBe(reference.length)
    expect(body.rows.map((r) => r.key)).toEqual(reference.map((r) => r.key))
    body.rows.forEach((row, i) => {
      close(row.costUsd, reference[i]!.cost)
      close(row.cpuCoreHours, reference[i]!.cpu)
      close(row.memoryRequestGbHours, reference[i]!.memRequest)
      close(row.gpuHours, reference[i]!.gpu)
      expect(row.cluster).toBe(row.key.split('/')[0])
      expect(row.namespace).toBe(row.name)
    })
    expect(body.rows.some((r) => r.name === 'ml-training' && r.gpuHours > 0)).toBe(true)
    expect(body.window).toEqual({ startTime: iso(START), endTime: iso(END) })
  })

  /**
   * The reference for any grouping: the window's pod-hours alone (no day rows, no rollups) summed per
   * group in integers, then turned into Top X's figures.
   */
  function groupReference(groupBy: keyof typeof GROUPS, start: number, end: number) {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    const g = GROUPS[groupBy]
    const sums = app.db
      .prepare(
        `SELECT ${g.key} AS key, sum(h.cost_cpu + h.cost_ram + h.cost_gpu) AS cost, sum(h.cost_cpu + h.cost_ram) AS cpuRam,
           sum(h.usage_cost) AS usage, sum(h.cpu_usage) AS cpu, sum(h.cpu_request) AS cpuRequest,
           sum(h.cpu_alloc) AS cpuAlloc, sum(h.mem_usage) AS mem, sum(h.mem_request) AS memRequest,
           sum(h.mem_alloc) AS memAlloc, sum(h.gpu_alloc) AS gpu
         FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
           JOIN k8s_namespaces n ON n.id = w.namespace_id JOIN k8s_nodes nd ON nd.id = p.node_id
           JOIN clusters c ON c.unravel_id = n.cluster_uid
         WHERE h.ts >= ? AND h.ts < ? GROUP BY ${g.by}`,
      )
      .all(start - shift, Math.min(end, TEST_NOW_MS) - shift) as Record<string, number>[]
    return new Map(
      sums.map((s) => [
        s.key as unknown as string,
        {
          costUsd: s.cost! / 1e6,
          cpuCoreHours: s.cpu! / 1e4,
          cpuRequestCoreHours: s.cpuRequest! / 1e4,
          cpuAllocationCoreHours: s.cpuAlloc! / 1e4,
          memoryGbHours: s.mem! / 1e4,
          memoryRequestGbHours: s.memRequest! / 1e4,
          memoryAllocationGbHours: s.memAlloc! / 1e4,
          gpuHours: s.gpu! / 1e4,
          efficiency: s.cpuRam! > 0 ? s.usage! / s.cpuRam! : 0,
        },
      ]),
    )
  }

  it.each(KUBERNETES_GROUP_BYS.filter((g) => g !== 'pod'))(
    'by %s, every figure of every group is what the pod-hours add up to, over whole and ragged windows',
    async (groupBy) => {
      for (const [start, end] of [
        [START, END],
        [START - 5 * HOUR - 1_234, END - 7 * HOUR - 56_789],
        [Math.floor(TEST_NOW_MS / DAY) * DAY - 2 * DAY, TEST_NOW_MS],
      ] as const) {
        const body = await topx({ groupBy, limit: 100, startTime: iso(start), endTime: iso(end) })
        const reference = groupReference(groupBy, Math.floor(start / HOUR) * HOUR, end)
        expect(body.groups).toBe(reference.size)
        expect(body.rows.length).toBe(Math.min(100, reference.size))
        // Each of the nine figures, exactly: the same integers added up, divided the same way.
        for (const row of body.rows) expect(row, row.key).toMatchObject(reference.get(row.key)!)
      }
    },
  )

  it('idle is its own figure: node assets less the allocations, and the shares add up to 1 with it', async () => {
    const body = await topx({ groupBy: 'cluster', limit: 100 })
    expect(body.rows.map((r) => r.key).sort()).toEqual([PROD, STAGING])
    expect(body.rows.some((r) => r.key === 'idle' || r.name === 'idle')).toBe(false)
    expect(body.idle.costUsd).toBeGreaterThan(0)
    close(body.rows.reduce((sum, r) => sum + r.share, 0) + body.idle.share, 1)
    close(body.total.allocationCostUsd + body.idle.costUsd, body.total.costUsd)
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    const assets = app.db
      .prepare('SELECT sum(cost) / 1e6 FROM k8s_node_hours WHERE ts >= ? AND ts < ?')
      .pluck()
      .get(START - shift, END - shift) as number
    close(body.total.costUsd, assets)
  })

  it.each(KUBERNETES_GROUP_BYS)('groups by %s, every group once, the totals the same', async (groupBy) => {
    const all = await topx({ groupBy, limit: 100 })
    const byNamespace = await topx({ limit: 100 })
    expect(new Set(all.rows.map((r) => r.key)).size).toBe(all.rows.length)
    expect(all.rows.length).toBe(Math.min(100, all.groups))
    close(all.total.allocationCostUsd, byNamespace.total.allocationCostUsd)
    close(all.total.cpuCoreHours, byNamespace.total.cpuCoreHours)
    if (all.groups <= 100)
      close(
        all.rows.reduce((s, r) => s + r.costUsd, 0),
        all.total.allocationCostUsd,
      )
    for (const row of all.rows) {
      expect(row.efficiency).toBeGreaterThanOrEqual(0)
      expect(row.efficiency).toBeLessThanOrEqual(1.5)
      expect(row.cpuAllocationCoreHours + 1e-3).toBeGreaterThanOrEqual(row.cpuRequestCoreHours)
      expect(row.cpuAllocationCoreHours + 1e-3).toBeGreaterThanOrEqual(row.cpuCoreHours)
      if (groupBy.startsWith('label:')) expect(row.cluster).toBeUndefined()
      else expect([PROD, STAGING]).toContain(row.cluster)
      if (groupBy === 'workload' || groupBy === 'pod') expect(row.kind).toBeDefined()
    }
  })

  it('unlabelled namespaces make the __unallocated__ group of a label', async () => {
    const body = await topx({ groupBy: 'label:cost_center', limit: 100 })
    expect(body.rows.map((r) => r.key)).toContain(KUBERNETES_UNALLOCATED)
    expect(body.rows.map((r) => r.key)).toContain('cc-1000')
  })

  it.each(KUBERNETES_TOPX_METRICS)('sorts by %s, descending', async (metric) => {
    const body = await topx({ groupBy: 'workload', metric, limit: 100 })
    const value = {
      cost: (r: (typeof body.rows)[number]) => r.costUsd,
      cpu: (r: (typeof body.rows)[number]) => r.cpuCoreHours,
      memory: (r: (typeof body.rows)[number]) => r.memoryGbHours,
      efficiency: (r: (typeof body.rows)[number]) => r.efficiency,
    }[metric]
    const values = body.rows.map(value)
    expect(values).toEqual([...values].sort((a, b) => b - a))
    expect(body.metric).toBe(metric)
  })

  it('answers the first `limit` groups (default 10) and counts them all', async () => {
    const ten = await topx({ groupBy: 'pod' })
    const three = await topx({ groupBy: 'pod', limit: 3 })
    expect(ten.rows).toHaveLength(10)
    expect(ten.groups).toBeGreaterThan(10)
    expect(three.rows).toEqual(ten.rows.slice(0, 3))
  })

  it('narrows to the clusters named; another platform cluster is 403', async () => {
    const staging = await topx({ clusters: STAGING, limit: 100 })
    const reference = namespaceReference([STAGING])
    expect(staging.rows.map((r) => r.key)).toEqual(reference.map((r) => r.key))
    expect(staging.rows.every((r) => r.cluster === STAGING)).toBe(true)
    close(staging.rows.reduce((s, r) => s + r.share, 0) + staging.idle.share, 1)
    const both = await topx({ clusters: `${PROD},${STAGING}`, limit: 100 })
    expect(both.total.costUsd).toBeGreaterThan(staging.total.costUsd)
    await refused({ clusters: 'acme-ml-sandbox' }, /do not have access to the cluster "acme-ml-sandbox"/, 403)
  })

  it('defaults to the last 7 days, to now', async () => {
    const res = await call()
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<KubernetesTopxResponse>()
    expect(Date.parse(body.window.startTime)).toBe(Math.floor((TEST_NOW_MS - 7 * DAY) / HOUR) * HOUR)
    expect(Date.parse(body.window.endTime)).toBe(Math.ceil(TEST_NOW_MS / HOUR) * HOUR)
    expect(body.groupBy).toBe('namespace')
    expect(body.metric).toBe('cost')
  })

  it.each([
    [{ startTime: 'yesterday' }, /querystring\/startTime/],
    [{ endTime: '2026-13-45' }, /querystring\/endTime/],
    [{ startTime: iso(END), endTime: iso(START) }, /startTime must not be after querystring\/endTime/],
    [{ startTime: iso(END - 91 * DAY), endTime: iso(END) }, /the window is 91 days; at most 90/],
    [{ startTime: iso(TEST_NOW_MS + 3 * DAY) }, /querystring\/startTime must not be later than/],
    [{ endTime: iso(TEST_NOW_MS - 800 * DAY) }, /querystring\/endTime must not be earlier than/],
    [{ groupBy: 'deployment' }, /groupBy/],
    [{ groupBy: 'label:owner' }, /groupBy/],
    [{ metric: 'gpu' }, /metric/],
    [{ limit: 0 }, /limit/],
    [{ limit: 101 }, /limit/],
    [{ limit: 'ten' }, /limit/],
  ])('refuses %o with 400 naming the field', async (args, pattern) => {
    await refused(args as Args, pattern)
  })

  it('is 401 without a token and 403 for another platform, whatever the role', async () => {
    expect((await call({}, null)).statusCode).toBe(401)
    expect((await call({}, 'admin')).statusCode).toBe(403)
    expect((await call({}, 'snowflake')).statusCode).toBe(403)
  })
})
