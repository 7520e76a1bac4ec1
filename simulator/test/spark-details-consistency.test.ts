import type { SparkAnnotation, SparkExecutor, SparkJob, SparkJobDag, SparkStage } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { frozenTestApp } from './helper.ts'

/**
 * Issue 17 "consistency tests check details against the record on hundreds of random apps": the Spark
 * calls of 200 Spark apps of every status, picked at random (a fixed seed), agree with each record.
 */
const SAMPLE = 200

interface Record {
  id: string
  status: string
  num_jobs: number
  num_stages: number
  num_completed_stages: number
  num_skipped_stages: number
  task_count: number
  memory_seconds: number
  vcore_seconds: number
  dfs_read: number
}

let app: AppInstance
let as: (user: string) => { authorization: string }
let sample: Record[]
beforeAll(async () => {
  ;({ app, as } = await frozenTestApp({ users: ['admin'] }))
  const all = app.db
    .prepare(
      `SELECT a.* FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
       WHERE c.platform = 'CDH' AND a.kind = 'spark' ORDER BY a.id`,
    )
    .all() as Record[]
  // The first few apps of each rarer status (a steady handful run or wait at any moment, as on a
  // real cluster, and a stride could miss them), then a fixed stride through the ids: every status
  // and size, the same apps on every run.
  const rare = ['F', 'K', 'R', 'W', 'U'].flatMap((status) =>
    all.filter((a) => a.status === status).slice(0, 5),
  )
  const rest = all.filter((a) => !rare.includes(a))
  const stride = Math.max(1, Math.floor(rest.length / (SAMPLE - rare.length)))
  sample = [...rare, ...rest.filter((_, i) => i % stride === 0)].slice(0, SAMPLE)
})
afterAll(() => app.close())

const json = async <T>(url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers: as('admin') })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0)

describe('Spark details agree with the record, app by app', () => {
  it(`samples ${SAMPLE} Spark apps of every status`, () => {
    expect(sample).toHaveLength(SAMPLE)
    const statuses = new Set(sample.map((a) => a.status))
    for (const status of ['S', 'F', 'K', 'R', 'W']) expect(statuses).toContain(status)
  })

  it('jobs, stages, tasks, executors, times and DAGs add up to each record', async () => {
    for (const rec of sample) {
      const at = `${rec.id} (${rec.status})`
      const annotation = await json<SparkAnnotation>(`/api/v1/spark/${rec.id}/annotation/`)
      const jobs = await json<SparkJob[]>(`/api/v1/spark/*/${rec.id}/jobs`)
      const stages = await json<SparkStage[]>(`/api/v1/spark/*/${rec.id}/stage/allstages`)
      const executors = await json<SparkExecutor[]>(`/api/v1/spark/*/${rec.id}/executors`)
      const latest = new Map(stages.map((s) => [s.stageId, s]))
      const statusCount = (status: string) => [...latest.values()].filter((s) => s.status === status).length
      expect(jobs, at).toHaveLength(rec.num_jobs)
      expect(latest.size, at).toBe(rec.num_stages)
      expect(statusCount('COMPLETE'), at).toBe(rec.num_completed_stages)
      expect(statusCount('SKIPPED'), at).toBe(rec.num_skipped_stages)
      expect(
        sum(
          stages.filter((s) => s.attemptId === 0),
          (s) => s.numTasks,
        ),
        at,
      ).toBe(rec.task_count)
      expect(
        sum(executors, (e) => e.memorySeconds),
        at,
      ).toBe(rec.memory_seconds)
      expect(
        sum(executors, (e) => e.vcoreSeconds),
        at,
      ).toBe(rec.vcore_seconds)
      expect(
        sum(stages, (s) => s.memorySeconds),
        at,
      ).toBe(rec.memory_seconds)
      expect(
        sum(executors, (e) => e.totalInputBytes),
        at,
      ).toBe(rec.dfs_read)
      const end = annotation.endTime ?? annotation.startTime + annotation.duration
      for (const t of [...stages, ...jobs].flatMap((s) => [s.submissionTime, s.completionTime]))
        if (t !== null)
          expect(t >= annotation.startTime && t <= end, `${at}: ${t} outside its life`).toBe(true)
      if (rec.status !== 'R')
        expect(
          jobs.some((j) => j.status === 'RUNNING'),
          at,
        ).toBe(false)
      if (jobs.length) {
        const dag = await json<SparkJobDag>(`/api/v1/spark/*/${rec.id}/jobs/job-${jobs.length - 1}/dag`)
        expect(new Set(dag.nodes.map((n) => n.stageId)), at).toEqual(new Set(jobs.at(-1)!.stageIds))
      }
    }
  })
})
