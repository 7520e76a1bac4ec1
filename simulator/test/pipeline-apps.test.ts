import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { PIPELINE_NAMES } from '../src/db/seed/applications.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import { isPipelineName, PIPELINE_APPS_SQL } from '../src/db/repositories/pipeline-apps.ts'

/*
 * applications_pipeline_runs holds the seeded pipelines' top-level apps only (a partial index).
 * SQLite reads it only for a WHERE that repeats its own, so the two must list the same names in the
 * same order: a difference would fail every workflow and pipelines-list call with "no query solution".
 */
describe('applications_pipeline_runs: the pipelines’ apps only', () => {
  let db: Database.Database
  beforeAll(() => {
    db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 9, now: Date.parse('2026-11-22T12:00:00Z') })
  })
  afterAll(() => db.close())

  it('PA-1: the index lists the seeded pipeline names, in their order', () => {
    const sql = db
      .prepare("SELECT sql FROM sqlite_master WHERE name = 'applications_pipeline_runs'")
      .pluck()
      .get() as string
    const listed = [...sql.slice(sql.indexOf('name IN')).matchAll(/'([^']+)'/g)].map((m) => m[1])
    expect(listed).toEqual([...PIPELINE_NAMES])
  })

  it('PA-2: a query repeating PIPELINE_APPS_SQL reads it, and it holds every such app', () => {
    const count = (indexed: string) =>
      db.prepare(`SELECT count(*) FROM applications a ${indexed} WHERE ${PIPELINE_APPS_SQL}`).pluck().get()
    expect(count('INDEXED BY applications_pipeline_runs')).toBe(count('NOT INDEXED'))
    expect(count('NOT INDEXED')).toBeGreaterThan(100)
  })

  it.each([
    ['a seeded pipeline', PIPELINE_NAMES[0]!, true],
    ['an ad-hoc name', 'adhoc_report', false],
    ['a pipeline name in other case', PIPELINE_NAMES[0]!.toUpperCase(), false],
  ])('PA-3: %s is read through the index: %s', (_what, name, indexed) => {
    expect(isPipelineName(name)).toBe(indexed)
  })
})
