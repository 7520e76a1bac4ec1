import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import type { Db } from '../src/db/open-database.ts'
import { createSchema } from '../src/db/schema.ts'
import { buildClusters } from '../src/db/seed/clusters.ts'
import { KUBERNETES_LOGS_PRNG_OFFSET, seedKubernetesLogs } from '../src/db/seed/kubernetes-logs.ts'
import { KUBERNETES_PRNG_OFFSET, seedKubernetes } from '../src/db/seed/kubernetes.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { TEST_NOW_MS } from './helper.ts'

const POD_TABLES = ['k8s_pods', 'k8s_containers', 'k8s_pod_hours', 'k8s_node_hours'] as const
const LOG_TABLES = ['k8s_log_lines', 'k8s_log_templates', 'k8s_log_containers', 'k8s_log_hours'] as const

/** The Kubernetes tables of a fresh database, with or without the log lines. */
function seeded(seed: number, logs: boolean): Db {
  const db = new Database(':memory:')
  createSchema(db)
  const clusters = buildClusters(createPrng(7), TEST_NOW_MS, 4)
  const insert = db.prepare(
    `INSERT INTO clusters (unravel_id, display_name, cluster_name, kind, platform, region, node_count, created_at, terminated_at)
     VALUES (@unravelId, @displayName, @clusterName, @kind, @platform, @region, @nodeCount, @createdAt, @terminatedAt)`,
  )
  for (const c of clusters) insert.run(c)
  seedKubernetes(db, createPrng(seed + KUBERNETES_PRNG_OFFSET), clusters, TEST_NOW_MS, 'small')
  if (logs) seedKubernetesLogs(db, createPrng(seed + KUBERNETES_LOGS_PRNG_OFFSET), TEST_NOW_MS)
  return db
}

const digest = (db: Db, tables: readonly string[]) => {
  const hash = createHash('sha256')
  for (const table of tables) hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${table}`).raw().all()))
  return hash.digest('hex')
}

describe('the Kubernetes log seed', () => {
  const [a, b, c, without] = [seeded(7, true), seeded(7, true), seeded(8, true), seeded(7, false)]

  it('is deterministic, and leaves the pods and their hours as they were', () => {
    expect(digest(a, LOG_TABLES)).toBe(digest(b, LOG_TABLES))
    expect(digest(a, LOG_TABLES)).not.toBe(digest(c, LOG_TABLES))
    expect(digest(a, POD_TABLES)).toBe(digest(without, POD_TABLES))
  })

  it("writes each line within its pod's life and before now, at every level", () => {
    const outside = a
      .prepare(
        `SELECT count(*) FROM k8s_log_lines l JOIN k8s_pods p ON p.id = l.pod_id
         WHERE l.ts < p.start_time OR l.ts >= coalesce(p.end_time, ?) OR l.ts >= ?`,
      )
      .pluck()
      .get(TEST_NOW_MS, TEST_NOW_MS)
    expect(outside).toBe(0)
    const levels = a.prepare('SELECT DISTINCT level FROM k8s_log_lines ORDER BY 1').pluck().all()
    expect(levels).toEqual([0, 1, 2, 3])
  })

  it('counts the lines of every hour that has any', () => {
    const counted = a
      .prepare('SELECT ts - ts % 3600000, count(*) FROM k8s_log_lines GROUP BY 1 ORDER BY 1')
      .raw()
      .all()
    expect(counted.length).toBeGreaterThan(24)
    expect(a.prepare('SELECT hour, lines FROM k8s_log_hours ORDER BY hour').raw().all()).toEqual(counted)
  })

  it('ties the memory warnings to the stored peaks and the shutdown errors to the pods that failed', () => {
    const memory = a
      .prepare(
        `SELECT l.p1 AS peak, h.mem_peak_mib AS stored FROM k8s_log_lines l
           JOIN k8s_log_templates t ON t.id = l.template_id
           JOIN k8s_pod_hours h ON h.pod_id = l.pod_id AND h.ts = l.ts - l.ts % 3600000
         WHERE t.format LIKE 'memory usage%'`,
      )
      .all() as { peak: number; stored: number }[]
    expect(memory.length).toBeGreaterThan(0)
    for (const m of memory) expect(m.peak).toBe(m.stored)
    const killed = a
      .prepare(
        `SELECT DISTINCT p.phase FROM k8s_log_lines l JOIN k8s_log_templates t ON t.id = l.template_id
           JOIN k8s_pods p ON p.id = l.pod_id
         WHERE t.format LIKE 'terminated before completion%' OR t.format LIKE '%interrupted at batch%'`,
      )
      .pluck()
      .all()
    expect(killed.every((phase) => phase === 'Failed')).toBe(true)
  })
})
