import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSchema } from '../src/db/schema.ts'
import { seedDatabase } from '../src/db/seed/index.ts'
import { clausesOn, figureSql, INEFFICIENT_ONLY } from '../src/db/repositories/app-figures.ts'
import type { AppIndex } from '../src/db/repositories/applications.ts'

/*
 * Issue 18: only applications_finished holds the finish time; the indexes a page sorted by user,
 * queue, duration or cost walks read a finish window from the start, duration and status they hold
 * (clausesOn). They answer as the finish-time index does, from their own entries.
 */
const HOUR = 3_600_000
const NOW = Date.parse('2026-11-22T12:00:00Z')

describe('a finish window read from an index without the finish time', () => {
  let db: Database.Database
  beforeAll(() => {
    db = new Database(':memory:')
    createSchema(db)
    seedDatabase(db, { scale: 'small', seed: 9, now: NOW })
  })
  afterAll(() => db.close())

  const finishedIn = (start: number, end: number) => figureSql('finishedInRange', { start, end }, NOW, 0)
  const count = (index: AppIndex, clauses: readonly string[], params: Record<string, unknown>) =>
    db
      .prepare(`SELECT count(*) FROM applications a INDEXED BY ${index} WHERE ${clauses.join(' AND ')}`)
      .pluck()
      .get(params) as number
  const plan = (index: AppIndex, clauses: readonly string[], params: Record<string, unknown>) =>
    (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT a.rowid FROM applications a INDEXED BY ${index} WHERE ${clauses.join(' AND ')}`,
        )
        .all(params) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('\n')

  it('FW-1: the seed ends every finished app at its start plus its duration; only running apps have no end', () => {
    const broken = db
      .prepare(
        `SELECT count(*) FROM applications
          WHERE (finished_time IS NULL) <> (status = 'R') OR finished_time <> start_time + duration`,
      )
      .pluck()
      .get()
    expect(broken).toBe(0)
  })

  // `least`: how many apps the window holds at least, so equal counts are not all zeros.
  const windows = [
    ['the last 24 hours', NOW - 24 * HOUR, NOW, 0],
    ['an hour two days ago', NOW - 49 * HOUR, NOW - 48 * HOUR, 0],
    ['every finish', 0, NOW, 100],
  ] as const

  describe.each([
    ['applications_user', false],
    ['applications_queue', false],
    ['applications_duration', false],
    ['applications_cents', false],
    ['applications_inefficient_duration', true],
    ['applications_inefficient_cents', true],
  ] as const)('FW-2: %s', (index, inefficient) => {
    it.each(windows)(
      'over %s: the same apps as the finish-time index, from its own entries',
      (_w, from, to, least) => {
        const window = finishedIn(from, to)
        const own = inefficient ? [INEFFICIENT_ONLY] : []
        const expected = count('applications_finished', [...window.clauses, ...own], window.params)
        const clauses = [...clausesOn(index, window.clauses), ...own]
        expect(clauses.join(' ')).not.toContain('finished_time')
        expect(count(index, clauses, window.params)).toBe(expected)
        expect(plan(index, clauses, window.params)).toContain(`USING COVERING INDEX ${index}`)
        expect(expected).toBeGreaterThanOrEqual(least)
      },
    )
  })

  it('FW-3: the finish-time index reads its own clauses unchanged', () => {
    const window = finishedIn(NOW - 24 * HOUR, NOW)
    expect(clausesOn('applications_finished', window.clauses)).toEqual(window.clauses)
  })
})
