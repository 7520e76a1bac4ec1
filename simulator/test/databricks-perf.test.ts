import { DATABRICKS_USAGE_SOURCES, type DatabricksRunSearchBody } from '@costlens/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/open-database.ts'
import {
  UNFINAL_RUNS_SQL,
  databricksWindowParts,
  databricksWindowPieces,
  rowsParams,
  rowsSql,
} from '../src/db/repositories/databricks-cost-pieces.ts'
import { databricksReadClock } from '../src/db/repositories/databricks-figures.ts'
import { searchRuns } from '../src/db/repositories/databricks-runs.ts'
import {
  RANGE_BOUNDS,
  rangeBucket,
  rollUpDatabricksRunDays,
} from '../src/db/repositories/databricks-runs-days.ts'
import { insertDatabricksFixture } from './databricks-fixture.ts'
import { frozenTestApp } from './helper.ts'

/*
 * Issue 20 Performance: the faster reads answer what the slower ones did, to the unit, on the
 * fixture. The cost readers' parts (rollup days less the runs that do not belong, the runs not
 * billed yet taken off) sum as the pieces read run by run did, per usage code and time bucket, for
 * windows cut at any hour and buckets of a day or a week at any offset; the runs list read through
 * the day rollup and the sort walks answers as the plain scan of the window index does, and a
 * finished-time window holds the runs whose end_time is in it.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const SOURCES = [...DATABRICKS_USAGE_SOURCES]

type Sums = Map<string, [number, number, number, number]>

function addTo(sums: Sums, key: string, n: number, duration: number, dbus: number, cost: number) {
  const s = sums.get(key) ?? [0, 0, 0, 0]
  sums.set(key, [s[0] + n, s[1] + duration, s[2] + dbus, s[3] + cost])
}

const CODES = 'u.workspace, u.principal, u.source_type, u.source, u.tag_set'
const SUMS = 'sum(u.n), sum(u.duration), sum(u.dbus_e4), sum(u.dbu_cost_e4 + u.vm_cost_e4)'
type Row = [number, number, number, number, number, number, number, number, number, number]

function rowsOf(db: Db, from: string, range: { from: number; to: number }, storedNow: number, place: string) {
  return db
    .prepare(`SELECT ${CODES}, ${place}, ${SUMS} FROM ${from} u GROUP BY 1, 2, 3, 4, 5, 6`)
    .raw()
    .all(rowsParams(db, range, storedNow)) as Row[]
}

function daysOf(db: Db, day: number, sources: readonly string[]) {
  return db
    .prepare(
      `SELECT workspace, principal, source_type, source, tag_set, sum(n), sum(duration), sum(dbus_e4),
              sum(dbu_cost_e4 + vm_cost_e4)
         FROM db_usage_days WHERE day = ? AND source_type IN (${sources.map((s) => SOURCES.indexOf(s as never)).join(', ')})
        GROUP BY 1, 2, 3, 4, 5`,
    )
    .raw()
    .all(day) as number[][]
}

/** What a window sums to per usage code and bucket, read either way. */
function windowSums(
  db: Db,
  how: 'pieces' | 'parts',
  window: { from: number; to: number },
  storedNow: number,
  step: number,
): Sums {
  const sums: Sums = new Map()
  const place = (t: number) => Math.floor((t - window.from) / step)
  const own = `CAST((u.t - ${window.from}) / ${step} AS INTEGER) - (u.t < ${window.from})`
  const put = (rows: number[][], sign: number, at?: number) => {
    for (const r of rows) {
      const bucket = at === undefined ? r[5]! : place(at)
      addTo(
        sums,
        `${r.slice(0, 5).join(':')}@${bucket}`,
        sign * r[6]!,
        sign * r[7]!,
        sign * r[8]!,
        sign * r[9]!,
      )
    }
  }
  const putDay = (day: number, sources: readonly string[]) =>
    put(
      daysOf(db, day, sources).map((r) => [...r.slice(0, 5), 0, ...r.slice(5)]),
      1,
      day,
    )
  if (how === 'pieces') {
    for (const p of databricksWindowPieces(db, SOURCES, window, storedNow)) {
      if (p.table === 'rows') put(rowsOf(db, rowsSql(p.sources), p, storedNow, own), 1)
      else for (let day = p.from; day < p.to; day += DAY) putDay(day, p.sources)
    }
  } else {
    const parts = databricksWindowParts(
      db,
      SOURCES,
      window,
      storedNow,
      (day) => window.from + (place(day) + 1) * step,
    )
    for (const p of parts.plus) put(rowsOf(db, rowsSql(p.sources), p, storedNow, own), 1)
    for (const p of parts.minus) put(rowsOf(db, rowsSql(p.sources), p, storedNow, '0'), -1, p.at)
    for (const p of parts.unfinal) put(rowsOf(db, UNFINAL_RUNS_SQL, p, storedNow, '0'), -1, p.from)
    for (const { day, sources } of parts.days) putDay(day, sources)
  }
  for (const [key, s] of sums) if (s.every((v) => v === 0)) sums.delete(key)
  return sums
}

describe('databricks performance: faster reads, same answers (issue 20)', () => {
  let app: FastifyInstance
  let now: number
  beforeAll(async () => {
    ;({ app, now } = await frozenTestApp({ users: ['databricks'] }))
    insertDatabricksFixture(app.db, now)
  }, 300_000)
  afterAll(() => app?.close())

  it('the cost parts sum as the pieces read run by run, per code and bucket, for any window, clock and bucket', () => {
    const { storedNow } = databricksReadClock(app.db, now)
    let compared = 0
    for (const clock of [storedNow, storedNow - 5 * HOUR, storedNow + 30 * HOUR])
      for (const back of [3, 20, 26, 24 * 7 + 5, 24 * 30, 24 * 40 + 13])
        for (const end of [0, 1, 7, 23, 49])
          for (const step of [DAY, 7 * DAY, DAY + 5 * HOUR]) {
            const window = { from: clock - back * HOUR - 17 * 60_000, to: clock - end * HOUR }
            if (window.from >= window.to) continue
            const pieces = windowSums(app.db, 'pieces', window, clock, step)
            const parts = windowSums(app.db, 'parts', window, clock, step)
            expect(Object.fromEntries(parts), JSON.stringify({ window, clock, step })).toEqual(
              Object.fromEntries(pieces),
            )
            compared += pieces.size
          }
    expect(compared).toBeGreaterThan(1000)
  })

  it('the runs list through the day rollup and the sort walks answers as the plain window scan', () => {
    const bodies: DatabricksRunSearchBody[] = []
    for (const days of [1, 3, 7, 30, 45, 90])
      for (const finished of [false, true])
        for (const sort of [
          ['startTime', 'desc'],
          ['startTime', 'asc'],
          ['duration', 'desc'],
          ['duration', 'asc'],
          ['total_cost', 'desc'],
          ['total_cost', 'asc'],
          ['finishedTime', 'desc'],
          ['user', 'asc'],
          ['user', 'desc'],
        ] as const)
          for (const filter of [{}, { appStatus: ['S', 'F'] }, { queues: ['acme-prod-aws'] }] as const)
            for (const page of [
              { from: 0, size: 15 },
              { from: 2, size: 3 },
            ])
              bodies.push({
                appTypes: ['db'],
                start_time: now - days * DAY - 5 * HOUR,
                end_time: now - 2 * HOUR,
                ...(finished ? { queryOnFinishedTime: true } : {}),
                ...filter,
                ...page,
                sort: [{ [sort[0]]: { order: sort[1] } }],
              } as DatabricksRunSearchBody)
    const scanned = bodies.map((b) => searchRuns(app.db, b, now))
    rollUpDatabricksRunDays(app.db)
    try {
      const read = bodies.map((b) => searchRuns(app.db, b, now))
      for (const [i, b] of bodies.entries()) expect(read[i], JSON.stringify(b)).toEqual(scanned[i])
      expect(scanned.some((r) => r.metadata.totalRecords > 3)).toBe(true)
    } finally {
      app.db.prepare("DELETE FROM settings WHERE key = 'db_run_days_of'").run()
      app.db.exec('DELETE FROM db_run_days; DELETE FROM db_run_day_splits')
    }
  })

  it('a duration, cost, user or job filter read through the day splits answers as the plain window scan', () => {
    const runs = app.db.prepare('SELECT duration, dbu_cost_e4 + vm_cost_e4 AS cost FROM db_runs').all() as {
      duration: number
      cost: number
    }[]
    // Bounds on runs' own values, one off them, on a bucket's first and last values, and open.
    const around = (values: number[]) => {
      const out = new Set<number>()
      for (const v of values) {
        const bucket = rangeBucket(v)
        for (const b of [v, v - 1, v + 1, RANGE_BOUNDS[bucket]!, RANGE_BOUNDS[bucket + 1]! - 1]) out.add(b)
      }
      return [...out].filter((b) => b >= 0).sort((a, b) => a - b)
    }
    const durations = around(runs.map((r) => r.duration))
    const costs = around(runs.map((r) => r.cost).filter((c) => c > 0))
    const ranges = (values: number[]): { min?: number; max?: number }[] => {
      const picked = values.filter((_, i) => i % 3 === 0)
      return [
        ...picked.map((min) => ({ min })),
        ...picked.map((max) => ({ max })),
        ...picked.flatMap((min, i) => picked.slice(i, i + 4).map((max) => ({ min, max }))),
      ]
    }
    const names = (sql: string) => app.db.prepare(sql).pluck().all() as string[]
    const users = names('SELECT DISTINCT p.name FROM db_runs r JOIN db_principals p ON p.code = r.principal')
    const jobs = names('SELECT DISTINCT j.job_id FROM db_runs r JOIN db_jobs j ON j.code = r.job')
    const jobNames = names('SELECT DISTINCT j.job_name FROM db_runs r JOIN db_jobs j ON j.code = r.job')
    const filters = [
      ...ranges(durations).map((durations) => ({ durations })),
      ...ranges(costs).map(({ min, max }) => ({
        cost: { ...(min !== undefined && { min: min / 1e6 }), ...(max !== undefined && { max: max / 1e6 }) },
      })),
      ...users.map((user) => ({ users: [user] })),
      { users: users.slice(0, 2) },
      { users: ['nobody@acme.com'] },
      ...jobs.map((job) => ({ jobIds: [String(job)] })),
      { jobIds: jobs.slice(0, 3).map(String) },
      ...jobNames.map((name) => ({ globalsearchpattern: name.slice(1, 5) })),
    ]
    const bodies: DatabricksRunSearchBody[] = []
    for (const days of [3, 30, 90])
      for (const filter of filters)
        bodies.push({
          appTypes: ['db'],
          start_time: now - days * DAY - 5 * HOUR,
          end_time: now - 2 * HOUR,
          ...filter,
          from: 0,
          size: 5,
        } as DatabricksRunSearchBody)
    const scanned = bodies.map((b) => searchRuns(app.db, b, now))
    rollUpDatabricksRunDays(app.db)
    try {
      const read = bodies.map((b) => searchRuns(app.db, b, now))
      for (const [i, b] of bodies.entries()) expect(read[i], JSON.stringify(b)).toEqual(scanned[i])
      expect(scanned.filter((r) => r.metadata.totalRecords > 3).length).toBeGreaterThan(100)
    } finally {
      app.db.prepare("DELETE FROM settings WHERE key = 'db_run_days_of'").run()
      app.db.exec('DELETE FROM db_run_days; DELETE FROM db_run_day_splits')
    }
  })

  it('the range buckets: 0 alone, then bounds 2^(k/16) rounded up, each value in the one bucket its bounds hold', () => {
    expect(RANGE_BOUNDS.slice(0, 4)).toEqual([0, 1, 2, 3])
    for (const [k, bound] of RANGE_BOUNDS.entries()) {
      if (k > 0) expect(bound).toBeGreaterThan(RANGE_BOUNDS[k - 1]!)
      expect(rangeBucket(bound)).toBe(k)
      if (k > 0) expect(rangeBucket(bound - 1)).toBe(k - 1)
      // Above the small integers, a bucket is at most 2^(1/16) (4.4 %) wide, give or take the rounding.
      if (bound > 1000 && k + 1 < RANGE_BOUNDS.length)
        expect(RANGE_BOUNDS[k + 1]! / bound).toBeLessThan(1.046)
    }
    expect(rangeBucket(-5)).toBe(0)
    expect(rangeBucket(2 ** 50)).toBe(RANGE_BOUNDS.length - 1)
    expect(rangeBucket(600_000)).toBe(rangeBucket(601_000))
  })

  it('a finished-time window holds exactly the runs whose end_time is in it', () => {
    const { shift } = databricksReadClock(app.db, now)
    for (const days of [1, 7, 30, 90]) {
      const start = now - days * DAY
      const end = now - HOUR
      const answer = searchRuns(
        app.db,
        { appTypes: ['db'], start_time: start, end_time: end, queryOnFinishedTime: true, from: 0, size: 50 },
        now,
      )
      const ids = app.db
        .prepare(
          `SELECT id FROM db_runs WHERE end_time >= ? AND end_time <= ? ORDER BY start_time DESC, end_time DESC, id DESC`,
        )
        .pluck()
        .all(start - shift, end - shift) as number[]
      expect(answer.metadata.totalRecords).toBe(ids.length)
      expect(answer.results.map((r) => Number(r.runId))).toEqual(ids)
    }
  })
})
