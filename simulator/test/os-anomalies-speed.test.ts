import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HOUR_MS,
  monitorMetric,
  type AnomalyPlatform,
  type CategoryField,
  type Detector,
  type DetectorList,
  type DetectorResults,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { seriesReader } from '../src/db/repositories/os-alerting-series.ts'
import { MAX_ENTRIES, memoSize, memoized } from '../src/db/repositories/os-anomalies-memo.ts'
import { detectorValues, topEntityCodes } from '../src/db/repositories/os-anomalies-series.ts'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

/*
 * The faster paths of the detectors (issue 18): the series read as integers and divided in JS, and
 * the scored ranges kept a while. Each must answer what the plain SQL and a fresh scoring answer.
 */

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({ users: ['snowflake'] })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const DAY = 24 * HOUR_MS
const SF = '/api/v1/snowflake/osd_anomalies'

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: as('snowflake') })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}

describe('the entities’ hours', () => {
  // Each metric as the SQL computed it before: a real per stored hour of os_anomaly_hours.
  const sqlValues: [AnomalyPlatform, CategoryField, string, string][] = [
    ['SNOWFLAKE', 'warehouse', 'credits', 'credits_e4 / 10000.0'],
    ['SNOWFLAKE', 'user', 'cost', 'cost_e4 / 10000.0'],
    ['SNOWFLAKE', 'warehouse', 'failed_queries', 'failed'],
    ['SNOWFLAKE', 'user', 'queued_overload', 'queued_ms / 1000.0'],
    ['BIGQUERYV2', 'project', 'bytes_billed', 'bytes_billed / 1073741824.0'],
    ['BIGQUERYV2', 'principal', 'slot_hours', 'slot_ms / 3600000.0'],
    ['BIGQUERYV2', 'project', 'cost', 'cost_e4 / 1000000.0'],
    ['BIGQUERYV2', 'principal', 'failed_jobs', 'failed'],
  ]

  it.each(sqlValues)(
    '%s %s %s: every hour is the SQL’s value to the last bit',
    (platform, field, id, sql) => {
      const metric = monitorMetric(platform, id)!
      const shift = appsTimeShift(app.db)
      const to = Math.floor(TEST_NOW_MS / HOUR_MS) * HOUR_MS
      const window = { from: to - 20 * DAY, to }
      const codes = topEntityCodes(app.db, platform, metric, field, { from: to - 6 * DAY, to })
      expect(codes.length).toBeGreaterThan(0)
      const { values } = detectorValues(app.db, platform, metric, field, codes, window)
      const hours = app.db.prepare(
        `SELECT hour + ? AS start, ${sql} AS value FROM os_anomaly_hours
        WHERE dim = ? AND code = ? AND hour >= ? AND hour < ?`,
      )
      for (const code of codes) {
        const expected = new Float64Array(Math.round((window.to - window.from) / HOUR_MS))
        for (const h of hours.all(shift, field, code, window.from - shift, window.to - shift) as {
          start: number
          value: number
        }[])
          expected[Math.round((h.start - window.from) / HOUR_MS)] = h.value
        expect(values.get(code)).toEqual(expected)
      }
    },
  )
})

describe('Snowflake’s account-wide hours', () => {
  it.each(['credits', 'cost', 'failed_queries', 'queued_overload'])(
    '%s: the warehouses’ hours added up are the monitors’ series to the last bit',
    (id) => {
      const metric = monitorMetric('SNOWFLAKE', id)!
      const to = Math.floor(TEST_NOW_MS / HOUR_MS) * HOUR_MS + (appsTimeShift(app.db) % HOUR_MS)
      const window = { from: to - 30 * DAY, to }
      const { values } = detectorValues(app.db, 'SNOWFLAKE', metric, null, [0], window)
      const expected = new Float64Array(values.get(0)!.length)
      for (const p of seriesReader('SNOWFLAKE', metric).read(app.db, window, null))
        expected[Math.round((p.start - window.from) / HOUR_MS)] = p.value
      expect(expected.some((v) => v > 0)).toBe(true)
      expect(values.get(0)).toEqual(expected)
    },
  )
})

describe('the scored ranges kept', () => {
  /** A database with only what the memo reads: the settings of the seed's moment and the shift. */
  const bare = () => {
    const db = new Database(':memory:')
    db.exec(`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO settings VALUES ('seeded_at', '1000'), ('anchor', '5000'), ('apps_anchor', '5000')`)
    return db
  }

  it('makes a value once per key and data, and keeps at most MAX_ENTRIES', () => {
    const db = bare()
    let made = 0
    const value = (key: string) => memoized(db, key, () => ({ key, made: ++made }))
    expect(value('a')).toEqual({ key: 'a', made: 1 })
    expect(value('a')).toEqual({ key: 'a', made: 1 })
    // A clock move shifts the data; a reset reseeds it: the value is made again.
    db.prepare("UPDATE settings SET value = '9000' WHERE key = 'anchor'").run()
    expect(value('a')).toEqual({ key: 'a', made: 2 })
    db.prepare("UPDATE settings SET value = '2000' WHERE key = 'seeded_at'").run()
    expect(value('a')).toEqual({ key: 'a', made: 3 })
    for (let i = 0; i < 3 * MAX_ENTRIES; i++) value(`range ${i}`)
    expect(memoSize(db)).toBe(MAX_ENTRIES)
    // The least recently used went first: the latest are there, the first ranges made again.
    const before = made
    value(`range ${3 * MAX_ENTRIES - 1}`)
    expect(made).toBe(before)
    value('range 0')
    expect(made).toBe(before + 1)
    db.close()
  })

  it('the list and the results of one range agree, before and after the range is kept', async () => {
    const range = `startTime=${TEST_NOW_MS - 11 * DAY}&endTime=${TEST_NOW_MS - 2 * DAY}`
    const first = await get<DetectorList>(`${SF}/detectors?${range}`)
    const again = await get<DetectorList>(`${SF}/detectors?${range}`)
    expect(again).toEqual(first)
    for (const d of first.detectors) {
      const results = await get<DetectorResults>(`${SF}/detectors/${d.id}/results?${range}&pageSize=100`)
      expect(results.detector).toEqual(d)
      expect(results.total).toBe(d.anomalyCount)
    }
  })

  it('an edit is scored afresh: a more sensitive detector finds more', async () => {
    const range = `startTime=${TEST_NOW_MS - 20 * DAY}&endTime=${TEST_NOW_MS}`
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: as('snowflake'), ...(payload && { payload }) })
    const input = {
      name: 'Speed test',
      description: '',
      metric: 'credits',
      categoryField: 'warehouse',
      sensitivity: 'low',
    }
    const made = (await send('POST', `${SF}/detectors`, input)).json<Detector>()
    const count = async () =>
      (await get<DetectorList>(`${SF}/detectors?${range}`)).detectors.find((d) => d.id === made.id)!
        .anomalyCount
    const low = await count()
    await send('PUT', `${SF}/detectors/${made.id}`, { ...input, sensitivity: 'high' })
    const high = await count()
    expect(high).toBeGreaterThan(low)
    await send('DELETE', `${SF}/detectors/${made.id}`)
  })
})
