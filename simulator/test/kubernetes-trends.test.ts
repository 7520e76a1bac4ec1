import type { KubernetesTopxResponse, KubernetesUsageTrends } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { kubernetesClock } from '../src/db/repositories/kubernetes-common.ts'
import { GROUPS } from '../src/db/repositories/kubernetes-topx.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
/** Four whole UTC days and a ragged edge either side. */
const START = Math.floor(TEST_NOW_MS / DAY) * DAY - 4 * DAY - 5 * HOUR
const END = Math.floor(TEST_NOW_MS / HOUR) * HOUR - 2 * HOUR

type Args = Record<string, string | number>

describe('Kubernetes usage trends (R217, /kubernetes/osd_usage_trends)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['k8s', 'snowflake'] }))
  })
  afterAll(() => app.close())

  const call = (path: string, args: Args, user: string | null = 'k8s') =>
    app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: user === null ? {} : as(user),
    })
  const window = { startTime: iso(START), endTime: iso(END) }
  const trends = async (args: Args = {}) => {
    const res = await call('/api/v1/kubernetes/usage_trends', { ...window, ...args })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<KubernetesUsageTrends>()
  }
  const topx = async (args: Args = {}) =>
    (await call('/api/v1/kubernetes/topx', { ...window, limit: 100, ...args })).json<KubernetesTopxResponse>()

  it('draws the first four namespaces by cost, a point per UTC day of the window, in USD', async () => {
    const body = await trends()
    expect(body).toMatchObject({ groupBy: 'namespace', metric: 'cost', unit: 'USD', interval: 'day' })
    expect(body.selected).toEqual(body.available.slice(0, 4).map((g) => g.key))
    const totals = body.available.map((g) => g.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    const days = body.series[0]!.data.map(([day]) => day)
    expect(days).toHaveLength(6)
    for (const day of days) expect(day % DAY).toBe(0)
    expect(days.at(1)! - days.at(0)!).toBe(DAY)
  })

  it.each(['namespace', 'workload', 'label:team', 'cluster'])(
    "%s: each group's days add up to its Top X figure for the same window",
    async (groupBy) => {
      const body = await trends({ groupBy })
      const ranked = await topx({ groupBy })
      const byKey = new Map(ranked.rows.map((r) => [r.key, r]))
      for (const s of body.series) {
        const sum = s.data.reduce((a, [, v]) => a + v, 0)
        expect(sum).toBeCloseTo(byKey.get(s.key)!.costUsd, 4)
      }
    },
  )

  /** Each group's UTC days of the window, in stored units, straight from the pod-hours (no rollup, no day row). */
  function dayReference(groupBy: keyof typeof GROUPS, column: string) {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    const g = GROUPS[groupBy]
    const rows = app.db
      .prepare(
        `SELECT CAST((h.ts + ?) / ${DAY} AS INTEGER) * ${DAY} AS day, ${g.key} AS key, sum(${column}) AS v
         FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
           JOIN k8s_namespaces n ON n.id = w.namespace_id JOIN k8s_nodes nd ON nd.id = p.node_id
           JOIN clusters c ON c.unravel_id = n.cluster_uid
         WHERE h.ts >= ? AND h.ts < ? GROUP BY 1, ${g.by}`,
      )
      .all(shift, Math.floor(START / HOUR) * HOUR - shift, END - shift) as {
      day: number
      key: string
      v: number
    }[]
    const groups = new Map<string, Map<number, number>>()
    for (const r of rows) groups.set(r.key, (groups.get(r.key) ?? new Map<number, number>()).set(r.day, r.v))
    return groups
  }

  it.each(['namespace', 'cluster', 'label:env', 'workload', 'label:app', 'node'] as const)(
    '%s: every group and every point is what the pod-hours add up to, on the day or moved by hours',
    async (groupBy) => {
      const check = async () => {
        for (const [metric, column, per] of [
          ['cost', 'h.cost_cpu + h.cost_ram + h.cost_gpu', 1e6],
          ['memory', 'h.mem_usage', 1e4],
        ] as const) {
          const reference = dayReference(groupBy, column)
          const body = await trends({ groupBy, metric })
          expect(new Set(body.available.map((g) => g.key))).toEqual(new Set(reference.keys()))
          for (const g of body.available)
            expect(g.total, g.key).toBe([...reference.get(g.key)!.values()].reduce((a, v) => a + v, 0) / per)
          for (const s of body.series)
            for (const [day, v] of s.data)
              expect(v, `${s.key} ${day}`).toBe((reference.get(s.key)!.get(day) ?? 0) / per)
        }
      }
      await check()
      await movedByHours(check)
    },
  )

  /** Runs `body` with the data moved 5 hours forward since it was seeded (a restart at another hour of the day). */
  async function movedByHours(body: () => Promise<void>) {
    const setting = (key: string) =>
      app.db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined
    const write = (key: string, value: string) =>
      app.db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, value)
    const anchor = setting('anchor')!
    const appsAnchor = setting('apps_anchor')
    write('apps_anchor', String(Number(anchor) - 5 * HOUR))
    try {
      await body()
    } finally {
      if (appsAnchor === undefined) app.db.prepare("DELETE FROM settings WHERE key = 'apps_anchor'").run()
      else write('apps_anchor', appsAnchor)
    }
  }

  it('reads hours for every day when the data has moved by hours, not whole days, and still adds up to Top X', async () => {
    await movedByHours(async () => {
      const body = await trends()
      const ranked = new Map((await topx()).rows.map((r) => [r.key, r]))
      for (const day of body.series[0]!.data.map(([d]) => d)) expect(day % DAY).toBe(0)
      for (const s of body.series)
        expect(s.data.reduce((a, [, v]) => a + v, 0)).toBeCloseTo(ranked.get(s.key)!.costUsd, 4)
    })
  })

  it('draws the asked groups (a Top X key opens its trend), CPU and memory in their units', async () => {
    const [first] = (await topx()).rows
    const cpu = await trends({ values: first!.key, metric: 'cpu' })
    expect(cpu.unit).toBe('core-hours')
    expect(cpu.selected).toEqual([first!.key])
    expect(cpu.series[0]!.data.reduce((a, [, v]) => a + v, 0)).toBeCloseTo(first!.cpuCoreHours, 4)
    const memory = await trends({ values: first!.key, metric: 'memory' })
    expect(memory.unit).toBe('GiB-hours')
    expect(memory.series[0]!.data.reduce((a, [, v]) => a + v, 0)).toBeCloseTo(first!.memoryGbHours, 4)
    // A key the window does not hold is a line of zeros, not an error.
    const none = await trends({ values: 'k8s-prod-eks/no-such-namespace' })
    expect(none.series[0]!.data.every(([, v]) => v === 0)).toBe(true)
  })

  it('refuses bad input with 400, another platform with 403 and no token with 401', async () => {
    const bad = async (args: Args, pattern: RegExp) => {
      const res = await call('/api/v1/kubernetes/usage_trends', { ...window, ...args })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json<{ message: string }>().message).toMatch(pattern)
    }
    await bad({ metric: 'efficiency' }, /metric/)
    await bad({ groupBy: 'team' }, /groupBy/)
    await bad({ values: Array.from({ length: 21 }, (_, i) => `x${i}`).join(',') }, /at most 20/)
    await bad({ startTime: iso(END), endTime: iso(START) }, /startTime/)
    await bad({ startTime: iso(END - 91 * DAY) }, /at most 90/)
    expect((await call('/api/v1/kubernetes/usage_trends', window, 'snowflake')).statusCode).toBe(403)
    expect((await call('/api/v1/kubernetes/usage_trends', window, null)).statusCode).toBe(401)
  })
})
