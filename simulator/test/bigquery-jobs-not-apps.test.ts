import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frozenTestApp } from './helper.ts'
import { jobIdSql } from '../src/db/repositories/bigquery-codes.ts'

/**
 * Issue 19: a BigQuery job lives in bq_jobs only (E163–E167). The applications table keeps no
 * second, disagreeing copy of it, and the application details calls (R109's old source, the
 * /bigquery/{project}/{id}/analysis form of REAL-API-NOTES §4, the Query tab) know no BigQuery
 * job: they answer the unknown app's 404, while E167 answers the job.
 */

let app: FastifyInstance
let as: (user: string) => { authorization: string }
beforeAll(async () => ({ app, as } = await frozenTestApp({ users: ['admin', 'bigquery'] })))
afterAll(() => app.close())

const count = (sql: string) => (app.db.prepare(sql).pluck().get() as number) ?? 0

describe('BigQuery jobs are not applications (issue 19)', () => {
  it('the seed draws no application, event or tag on a BigQuery project; the jobs are in bq_jobs', () => {
    expect(count("SELECT count(*) FROM applications WHERE kind = 'bigquery'")).toBe(0)
    const onProjects =
      "SELECT id FROM applications WHERE cluster_uid IN (SELECT unravel_id FROM clusters WHERE kind = 'bigquery')"
    expect(count(`SELECT count(*) FROM (${onProjects})`)).toBe(0)
    expect(count(`SELECT count(*) FROM app_events WHERE app_id IN (${onProjects})`)).toBe(0)
    expect(count(`SELECT count(*) FROM app_tags WHERE app_id IN (${onProjects})`)).toBe(0)
    expect(count('SELECT count(*) FROM bq_jobs')).toBeGreaterThan(1000)
  })

  it('a BigQuery job opens on E167; the application calls answer 404 for its id', async () => {
    const job = app.db
      .prepare(
        `SELECT ${jobIdSql('j')} AS id, p.project_id AS project FROM bq_jobs j JOIN bq_projects p ON p.code = j.project
          WHERE j.status = 'S' ORDER BY j.rowid LIMIT 1`,
      )
      .get() as { id: string; project: string }
    const get = (url: string) => app.inject({ method: 'GET', url, headers: as('bigquery') })
    const details = await get(`/api/v1/bigquery/jobs/${job.id}`)
    expect(details.statusCode, details.body).toBe(200)
    expect(details.json()).toMatchObject({ job: { id: job.id } })
    for (const url of [
      `/api/v1/apps/${job.id}/query`,
      `/api/v1/bigquery/${job.id}/1/analysis`,
      `/api/v1/bigquery/${job.project}/${job.id}/analysis`,
    ]) {
      const res = await get(url)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404)
      expect(res.json()).toMatchObject({
        statusCode: 404,
        error: expect.any(String),
        message: expect.any(String),
      })
    }
    const summary = await app.inject({
      method: 'POST',
      url: `/api/v1/apps/${job.id}/summary/`,
      headers: as('bigquery'),
    })
    expect(summary.statusCode, summary.body).toBe(404)
  })
})
