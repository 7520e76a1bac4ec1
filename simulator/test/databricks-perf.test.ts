import { DATABRICKS_USAGE_SOURCES, type DatabricksRunSearchBody } from '@costlens/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/open-database.ts'
import {
  UNFINAL_RUNS_SQL,
  databricksWindowParts,
  databricksWindowPieces,
  rowsSql,
} from '../src/db/repositories/databricks-cost-pieces.ts'
import { databricksReadClock } from '../src/db/repositories/databricks-figures.ts'
import { searchRuns } from '../src/db/repositories/databricks-runs.ts'
import { rollUpDatabricksRunDays } from '../src/db/repositories/databricks-runs-days.ts'
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
    .all({ ...range, storedNow }) as Row[]
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
      app.db.exec('DELETE FROM db_run_days')
    }
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
