import { describe, expect, it } from 'vitest'
import { deriveSpark, sparkJobDag } from './spark.ts'
import { NOW, record } from './test-records.ts'

/** E102: a job's DAG is its stages, each fed by earlier stages of the job, ending in one result stage. */
describe('Spark job DAG', () => {
  const apps = [
    record('spark'),
    record('spark', { num_jobs: 1, num_stages: 12, num_completed_stages: 12, num_skipped_stages: 0 }),
    record('spark', {
      num_jobs: 6,
      num_stages: 30,
      num_completed_stages: 26,
      num_skipped_stages: 4,
      task_count: 5000,
    }),
    record('spark', { num_jobs: 5, num_stages: 3, num_completed_stages: 3, num_skipped_stages: 0 }),
  ]
  it.each(apps.map((app) => [app.num_jobs, app.num_stages, app] as const))(
    '%i jobs over %i stages: every job’s stages are its nodes, edges run forward and reach the result stage',
    (_, __, app) => {
      const details = deriveSpark(app, NOW)
      for (const job of details.jobs) {
        const dag = sparkJobDag(details, job.jobId)!
        expect(dag.nodes.map((n) => n.stageId).sort((a, b) => a - b)).toEqual(
          [...job.stageIds].sort((a, b) => a - b),
        )
        for (const e of dag.edges) expect(e.from).toBeLessThan(e.to)
        // Every stage but the result feeds exactly one later stage: the graph is one tree ending in the result.
        const result = dag.nodes.at(-1)!
        for (const n of dag.nodes.slice(0, -1))
          expect(dag.edges.filter((e) => e.from === n.stageId)).toHaveLength(1)
        expect(dag.edges.some((e) => e.from === result.stageId)).toBe(false)
      }
    },
  )

  it('a job id the app does not have has no DAG', () => {
    const details = deriveSpark(record('spark'), NOW)
    expect(sparkJobDag(details, details.jobs.length)).toBeNull()
  })

  it('marks the stages an earlier job computed as skipped', () => {
    const details = deriveSpark(apps[3]!, NOW)
    const reused = details.jobs.filter((j) => j.numSkippedStages > 0)
    expect(reused.length).toBeGreaterThan(0)
    for (const job of reused)
      expect(sparkJobDag(details, job.jobId)!.nodes.filter((n) => n.skipped)).toHaveLength(
        job.numSkippedStages,
      )
  })
})
