import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { rowidRangeOf, timeOrderBreaks } from '../src/db/time-ordered-rows.ts'

/** A bq_jobs stand-in whose create_time never decreases along the rowid, with gaps in the rowids. */
function jobsAt(times: readonly number[], rowids?: readonly number[]) {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE bq_jobs (seq INTEGER PRIMARY KEY, create_time INTEGER NOT NULL)')
  const insert = db.prepare('INSERT INTO bq_jobs (seq, create_time) VALUES (?, ?)')
  times.forEach((time, i) => insert.run(rowids?.[i] ?? i + 1, time))
  return db
}

/** The rows a reader binds the range to, as their times. */
function timesIn(db: Database.Database, from: number, to: number): number[] {
  const { first, end } = rowidRangeOf(db, 'bq_jobs', from, to)
  return db
    .prepare('SELECT create_time FROM bq_jobs WHERE rowid >= ? AND rowid < ? ORDER BY rowid')
    .pluck()
    .all(first, end) as number[]
}

describe('rowidRangeOf: a time window of a time-ordered table as a rowid range', () => {
  const times = [10, 10, 20, 30, 30, 30, 40, 55, 60]
  it.each([
    { from: 0, to: 100, want: times },
    { from: 10, to: 30, want: [10, 10, 20] },
    { from: 11, to: 31, want: [20, 30, 30, 30] },
    { from: 30, to: 31, want: [30, 30, 30] },
    { from: 41, to: 55, want: [] },
    { from: 60, to: 61, want: [60] },
    { from: 61, to: 1000, want: [] },
    { from: 0, to: 10, want: [] },
    { from: 40, to: 40, want: [] },
    { from: 50, to: 20, want: [] },
  ])('[$from, $to) holds $want', ({ from, to, want }) => {
    expect(timesIn(jobsAt(times), from, to)).toEqual(want)
    // Rowids with gaps (deleted or sparse keys) give the same rows.
    expect(timesIn(jobsAt(times, [3, 4, 9, 10, 11, 40, 41, 90, 1000]), from, to)).toEqual(want)
  })

  it('is empty for an empty table', () => {
    expect(rowidRangeOf(jobsAt([]), 'bq_jobs', 0, 100)).toEqual({ first: 0, end: 0 })
  })

  it('counts the rows that break the time order', () => {
    expect(timeOrderBreaks(jobsAt(times), 'bq_jobs')).toBe(0)
    expect(timeOrderBreaks(jobsAt([10, 5, 20, 15]), 'bq_jobs')).toBe(2)
  })
})
