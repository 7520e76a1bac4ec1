import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import type { Db } from '../src/db/open-database.ts'
import { createSchema } from '../src/db/schema.ts'
import { buildClusters } from '../src/db/seed/clusters.ts'
import { DEFAULT_RATES } from '../src/db/seed/kubernetes-costs.ts'
import { KUBERNETES_PRNG_OFFSET, seedKubernetes } from '../src/db/seed/kubernetes.ts'
import { KUBERNETES_TABLES } from '../src/db/seed/kubernetes-worker.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { APP_TIME_COLUMNS } from '../src/db/time-columns.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

const HOUR = 3_600_000
/** The tables seedKubernetes writes: every Kubernetes table but the log lines' (seedKubernetesLogs). */
const TABLES = KUBERNETES_TABLES.filter((table) => !table.startsWith('k8s_log_'))

const all = <T>(db: Db, sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[]
const one = <T>(db: Db, sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as T

/** The Kubernetes tables alone, seeded into a fresh database. */
function seedAlone(seed: number): Db {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  createSchema(db)
  const clusters = buildClusters(createPrng(7), TEST_NOW_MS, 4)
  const insert = db.prepare(
    `INSERT INTO clusters (unravel_id, display_name, cluster_name, kind, platform, region, node_count, created_at, terminated_at)
     VALUES (@unravelId, @displayName, @clusterName, @kind, @platform, @region, @nodeCount, @createdAt, @terminatedAt)`,
  )
  for (const c of clusters) insert.run(c)
  seedKubernetes(db, createPrng(seed + KUBERNETES_PRNG_OFFSET), clusters, TEST_NOW_MS, 'small')
  return db
}

const digest = (db: Db) => {
  const hash = createHash('sha256')
  for (const table of TABLES) hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${table}`).raw().all()))
  return hash.digest('hex')
}

describe('the Kubernetes seed', () => {
  it('is deterministic: the same seed, the same rows; another seed, others', () => {
    const [a, b, c] = [seedAlone(7), seedAlone(7), seedAlone(8)]
    expect(digest(a)).toBe(digest(b))
    expect(digest(a)).not.toBe(digest(c))
  })

  describe('at the small scale (the tests’ seed)', () => {
    let app: AppInstance
    let db: Db
    beforeAll(async () => {
      app = await testApp()
      db = app.db
    })
    afterAll(() => app.close())

    it('holds about 200 pods over 7 days on both clusters, every workload kind, spot and GPU nodes', () => {
      const pods = one<number>(db, 'SELECT count(*) FROM k8s_pods')
      expect(pods).toBeGreaterThan(150)
      expect(pods).toBeLessThan(400)
      expect(
        all<{ kind: string }>(db, 'SELECT DISTINCT kind FROM k8s_workloads ORDER BY 1').map((r) => r.kind),
      ).toEqual(['CronJob', 'DaemonSet', 'Deployment', 'Job', 'SparkApplication', 'StatefulSet'])
      expect(one(db, 'SELECT count(DISTINCT cluster_uid) FROM k8s_nodes')).toBe(2)
      expect(one(db, "SELECT count(*) FROM k8s_nodes WHERE capacity_type = 'spot'")).toBeGreaterThan(0)
      expect(
        one(db, "SELECT count(*) FROM k8s_nodes WHERE instance_type = 'g4dn.xlarge' AND gpus = 1"),
      ).toBeGreaterThan(0)
      const days = one<number>(db, 'SELECT (max(ts) - min(ts)) / 3600000 + 1 FROM k8s_pod_hours') / 24
      expect(Math.round(days)).toBe(7)
    })

    it("prices each node at OpenCost's default rates for its capacity type", () => {
      for (const type of ['on-demand', 'spot'] as const) {
        const rates = all<{ cpu: number; ram: number; gpu: number }>(
          db,
          'SELECT DISTINCT cpu_rate AS cpu, ram_rate AS ram, gpu_rate AS gpu FROM k8s_nodes WHERE capacity_type = ?',
          type,
        )
        expect(rates).toEqual([DEFAULT_RATES[type]])
      }
      // A whole hour of a node: its capacity at its rates.
      const wrong = one<number>(
        db,
        `SELECT count(*) FROM k8s_node_hours h JOIN k8s_nodes n ON n.id = h.node_id
         WHERE h.cpu_core_hours = n.cpu_cores * 10000
           AND h.cost != n.cpu_cores * n.cpu_rate + n.memory_gb * n.ram_rate + n.gpus * n.gpu_rate`,
      )
      expect(wrong).toBe(0)
    })

    it('adds up to the µ$: Σ pod-hour costs + idle = Σ node assets per cluster and hour, idle never negative', () => {
      expect(one(db, 'SELECT count(*) FROM k8s_node_hours WHERE idle_cost < 0')).toBe(0)
      const mismatched = all(
        db,
        `WITH pods AS (
           SELECT h.ts, n.cluster_uid, sum(h.cost_cpu + h.cost_ram + h.cost_gpu) AS cost
           FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id JOIN k8s_nodes n ON n.id = p.node_id GROUP BY 1, 2),
         nodes AS (
           SELECT h.ts, n.cluster_uid, sum(h.cost) AS assets, sum(h.idle_cost) AS idle
           FROM k8s_node_hours h JOIN k8s_nodes n ON n.id = h.node_id GROUP BY 1, 2)
         SELECT nodes.* , pods.cost FROM nodes LEFT JOIN pods USING (ts, cluster_uid)
         WHERE coalesce(pods.cost, 0) + nodes.idle != nodes.assets`,
      )
      expect(mismatched).toEqual([])
      expect(one<number>(db, 'SELECT sum(idle_cost) FROM k8s_node_hours')).toBeGreaterThan(0)
    })

    it('never puts more on a node than its capacity: Σ max(request, peak usage) of the pods up together', () => {
      // Each pod's most: its containers' requests or its highest hourly peak, whichever is more.
      const over = all(
        db,
        `WITH fp AS (
           SELECT p.id, p.node_id, p.start_time AS s, coalesce(p.end_time, 1e15) AS e,
             max((SELECT sum(cpu_request_m) FROM k8s_containers c WHERE c.pod_id = p.id),
                 (SELECT coalesce(max(cpu_peak_m), 0) FROM k8s_pod_hours h WHERE h.pod_id = p.id)) AS cpu,
             max((SELECT sum(memory_request_mib) FROM k8s_containers c WHERE c.pod_id = p.id),
                 (SELECT coalesce(max(mem_peak_mib), 0) FROM k8s_pod_hours h WHERE h.pod_id = p.id)) AS mem
           FROM k8s_pods p)
         SELECT a.id, n.name, sum(b.cpu) AS cpu, n.cpu_cores * 1000 AS cpuCap, sum(b.mem) AS mem, n.memory_gb * 1024 AS memCap
         FROM fp a JOIN fp b ON b.node_id = a.node_id AND b.s <= a.s AND b.e > a.s
           JOIN k8s_nodes n ON n.id = a.node_id
         GROUP BY a.id HAVING sum(b.cpu) > n.cpu_cores * 1000 OR sum(b.mem) > n.memory_gb * 1024`,
      )
      expect(over).toEqual([])
    })

    it("keeps a pod's hours within its life and on its node's", () => {
      const outside = one<number>(
        db,
        `SELECT count(*) FROM k8s_pod_hours h JOIN k8s_pods p ON p.id = h.pod_id
           LEFT JOIN k8s_node_hours nh ON nh.node_id = p.node_id AND nh.ts = h.ts
         WHERE h.ts + ${HOUR} <= p.start_time OR h.ts >= coalesce(p.end_time, 1e15) OR nh.ts IS NULL
            OR p.start_time < (SELECT start_time FROM k8s_nodes WHERE id = p.node_id)`,
      )
      expect(outside).toBe(0)
      // Every pod up in the history has its hours: none missing in its life.
      const missing = one<number>(
        db,
        `SELECT count(*) FROM k8s_pods p WHERE coalesce(p.end_time, 1e15) > (SELECT min(ts) FROM k8s_pod_hours)
           AND NOT EXISTS (SELECT 1 FROM k8s_pod_hours h WHERE h.pod_id = p.id)`,
      )
      expect(missing).toBe(0)
    })

    it("keeps each pod's day the sum of its hours that day (peaks their most)", () => {
      const differing = all(
        db,
        `WITH h AS (
           SELECT ts - ts % 86400000 AS day, pod_id, sum(cpu_usage) AS cpu_usage, sum(cpu_alloc) AS cpu_alloc,
             sum(mem_request) AS mem_request, sum(gpu_alloc) AS gpu_alloc, max(cpu_peak_m) AS cpu_peak_m,
             sum(cost_cpu) AS cost_cpu, sum(cost_ram) AS cost_ram, sum(cost_gpu) AS cost_gpu, sum(usage_cost) AS usage_cost
           FROM k8s_pod_hours GROUP BY 1, 2)
         SELECT * FROM h FULL JOIN k8s_pod_days d USING (day, pod_id)
         WHERE d.cpu_usage IS NOT h.cpu_usage OR d.cpu_alloc IS NOT h.cpu_alloc OR d.mem_request IS NOT h.mem_request
            OR d.gpu_alloc IS NOT h.gpu_alloc OR d.cpu_peak_m IS NOT h.cpu_peak_m OR d.cost_cpu IS NOT h.cost_cpu
            OR d.cost_ram IS NOT h.cost_ram OR d.cost_gpu IS NOT h.cost_gpu OR d.usage_cost IS NOT h.usage_cost`,
      )
      expect(differing).toEqual([])
    })

    it("keeps each workload's hour and day and each namespace's hour the sum of its pods' (what Top X and the trends read)", () => {
      const COLUMNS = `sum(h.cost_cpu + h.cost_ram + h.cost_gpu) AS cost, sum(h.cost_cpu + h.cost_ram) AS cpu_ram_cost,
        sum(h.usage_cost) AS usage_cost, sum(h.cpu_usage) AS cpu_usage, sum(h.cpu_request) AS cpu_request,
        sum(h.cpu_alloc) AS cpu_alloc, sum(h.mem_usage) AS mem_usage, sum(h.mem_request) AS mem_request,
        sum(h.mem_alloc) AS mem_alloc, sum(h.gpu_alloc) AS gpu_alloc`
      const fromPods = (time: 'ts' | 'day', source: string, id: string, columns: string) =>
        `SELECT h.${time}, ${id}, ${columns} FROM ${source} h JOIN k8s_pods p ON p.id = h.pod_id
           JOIN k8s_workloads w ON w.id = p.workload_id GROUP BY 1, 2`
      // Both ways round: no rollup row the pods do not make, none of theirs missing or different.
      const differing = (rollup: string, pods: string) =>
        all(
          db,
          `SELECT * FROM (${pods} EXCEPT SELECT * FROM ${rollup}) UNION ALL SELECT * FROM (
                   SELECT * FROM ${rollup} EXCEPT ${pods})`,
        )
      for (const [rollup, pods] of [
        ['k8s_workload_hours', fromPods('ts', 'k8s_pod_hours', 'w.id', COLUMNS)],
        ['k8s_workload_days', fromPods('day', 'k8s_pod_days', 'w.id', COLUMNS)],
        [
          'k8s_namespace_hours',
          fromPods(
            'ts',
            'k8s_pod_hours',
            'w.namespace_id',
            'sum(h.cost_cpu + h.cost_ram + h.cost_gpu), sum(h.cpu_usage), sum(h.mem_usage)',
          ),
        ],
      ] as const) {
        expect(one<number>(db, `SELECT count(*) FROM ${rollup}`), rollup).toBeGreaterThan(0)
        expect(differing(rollup, pods), rollup).toEqual([])
      }
    })

    it('keeps some pods over-requested and some over their request, as right-sizing expects', () => {
      const ratios = all<{ ratio: number }>(
        db,
        `SELECT sum(cpu_usage) * 1.0 / sum(cpu_request) AS ratio FROM k8s_pod_hours GROUP BY pod_id HAVING sum(cpu_request) > 0`,
      ).map((r) => r.ratio)
      expect(ratios.filter((r) => r < 0.3).length).toBeGreaterThan(ratios.length / 4)
      expect(ratios.some((r) => r > 1)).toBe(true)
    })

    it('registers its time columns (read shifted by whole hours) and times its step', () => {
      const registered = new Set(APP_TIME_COLUMNS.flatMap((t) => t.columns.map((c) => `${t.table}.${c}`)))
      for (const table of TABLES)
        for (const { name } of all<{ name: string }>(db, 'SELECT name FROM pragma_table_info(?)', table))
          if (/(_time|_at|^ts|^day)$/.test(name))
            expect(registered.has(`${table}.${name}`), `${table}.${name}`).toBe(true)
      const phases = JSON.parse(
        one<string>(db, "SELECT value FROM settings WHERE key = 'seed_phases_ms'"),
      ) as object
      expect(phases).toHaveProperty('kubernetes')
    })
  })
})
