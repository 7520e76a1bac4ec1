import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HOUR_MS,
  bigqueryAnomalyEndpoints as bigquery,
  snowflakeAnomalyEndpoints as snowflake,
  type Contributors,
  type Detector,
  type DetectorList,
  type DetectorOptions,
  type DetectorResults,
} from '@costlens/shared'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { TEST_NOW_MS, frozenTestApp } from './helper.ts'

let app: FastifyInstance
let as: (user: string) => Record<string, string>

beforeAll(async () => {
  const t = await frozenTestApp({ users: ['snowflake', 'sfuser', 'bigquery', 'emr'] })
  app = t.app
  as = t.as
})
afterAll(() => app.close())

const SF = '/api/v1/snowflake/osd_anomalies'
const BQ = '/api/v1/bigquery/osd_anomalies'
const DAY = 24 * HOUR_MS

const get = async <T>(user: string, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: as(user) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<T>()
}
const send = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: as(user), ...(payload && { payload }) })
const refusal = async (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await send(user, method, url, payload)
  expect(res.statusCode, res.body).toBe(400)
  return res.json<{ message: string }>().message
}
const detectorNamed = async (user: string, base: string, name: string) =>
  (await get<DetectorList>(user, `${base}/detectors`)).detectors.find((d) => d.name === name)!
const detector = (overrides: object = {}) => ({
  name: 'Test detector',
  description: 'Made by a test',
  metric: 'credits',
  categoryField: 'warehouse',
  sensitivity: 'medium',
  ...overrides,
})

/** Reference: a warehouse's credits of the queries started in one shown hour, from the queries themselves. */
function referenceCredits(warehouse: string, start: number): number {
  const shift = appsTimeShift(app.db)
  const e4 = app.db
    .prepare(
      `SELECT coalesce(sum(q.credits_e4), 0) FROM snowflake_queries q
         JOIN snowflake_warehouses w ON w.code = q.warehouse_code
        WHERE w.name = ? AND q.start_time >= ? AND q.start_time < ?`,
    )
    .pluck()
    .get(warehouse, start - shift, start + HOUR_MS - shift) as number
  return Math.round(e4) / 10_000
}

/** Reference: a project's GiB billed of the jobs created in one shown hour. */
function referenceBytes(projectId: string, start: number): number {
  const shift = appsTimeShift(app.db)
  const bytes = app.db
    .prepare(
      `SELECT coalesce(sum(j.bytes_billed), 0) FROM bq_jobs j JOIN bq_projects p ON p.code = j.project
        WHERE p.project_id = ? AND j.create_time >= ? AND j.create_time < ?`,
    )
    .pluck()
    .get(projectId, start - shift, start + HOUR_MS - shift) as number
  return Math.round((bytes / 1073741824) * 100) / 100
}

describe('the seeded detectors', () => {
  it('Snowflake’s admin sees its detectors with their states and what they found in the last 7 days', async () => {
    const list = await get<DetectorList>('snowflake', `${SF}/detectors`)
    expect(list.detectors.map((d) => [d.name, d.state, d.categoryField])).toEqual([
      ['Failed queries', 'Running', null],
      ['User spend', 'Stopped', 'user'],
      ['Warehouse credits', 'Running', 'warehouse'],
    ])
    expect(list.range.to - list.range.from).toBe(7 * DAY)
    expect(list.range.to).toBeLessThanOrEqual(TEST_NOW_MS)
    const credits = list.detectors.find((d) => d.name === 'Warehouse credits')!
    expect(credits.anomalyCount).toBeGreaterThan(0)
    expect(credits.lastAnomalyAt).toBeGreaterThanOrEqual(list.range.from)
    expect(credits.lastAnomalyGrade).toBeGreaterThan(0)
    expect(credits).toMatchObject({
      metric: 'credits',
      unit: 'credits',
      intervalMinutes: 60,
      categoryLabel: 'Warehouse',
    })
  })

  it('a warehouse detector’s actual values are the warehouses’ credits summed from the stored queries', async () => {
    const credits = await detectorNamed('snowflake', SF, 'Warehouse credits')
    const results = await get<DetectorResults>('snowflake', `${SF}/detectors/${credits.id}/results`)
    expect(results.entities.length).toBeGreaterThan(1)
    expect(results.entities.length).toBeLessThanOrEqual(10)
    // The busiest first.
    const totals = results.entities.map((e) => e.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
    for (const entity of results.entities.slice(0, 3)) {
      expect(entity.points).toHaveLength(7 * 24)
      for (const [start, actual, expected, lower, upper] of entity.points.filter((_, i) => i % 17 === 0)) {
        expect(actual, `${entity.key} ${new Date(start).toISOString()}`).toBeCloseTo(
          referenceCredits(entity.key, start),
          3,
        )
        expect(lower).toBeLessThanOrEqual(expected)
        expect(upper).toBeGreaterThanOrEqual(expected)
      }
    }
    // Each anomaly lies outside its band, graded and with a confidence.
    expect(results.total).toBe(credits.anomalyCount)
    for (const a of results.anomalies) {
      expect(a.actual > a.upper || a.actual < a.lower).toBe(true)
      expect(a.grade).toBeGreaterThan(0)
      expect(a.grade).toBeLessThanOrEqual(1)
      expect(a.confidence).toBeGreaterThan(0)
      expect(a.actual).toBeCloseTo(referenceCredits(a.entityKey, a.start), 3)
    }
  })

  it('BigQuery’s admin sees its own detectors; a project’s hours are its jobs’ bytes billed', async () => {
    const list = await get<DetectorList>('bigquery', `${BQ}/detectors`)
    expect(list.detectors.map((d) => d.name)).toEqual(['Bytes billed', 'Principal spend', 'Slot hours'])
    const bytes = list.detectors[0]!
    const results = await get<DetectorResults>('bigquery', `${BQ}/detectors/${bytes.id}/results`)
    const busiest = results.entities[0]!
    for (const [start, actual] of busiest.points.filter(([, v]) => v > 0).slice(0, 5))
      expect(actual).toBeCloseTo(referenceBytes(busiest.key, start), 2)
    const slots = list.detectors.find((d) => d.name === 'Slot hours')!
    const wide = await get<DetectorResults>('bigquery', `${BQ}/detectors/${slots.id}/results`)
    expect(wide.entities.map((e) => [e.key, e.label])).toEqual([['', 'Account-wide']])
  })
})

describe('results: sort, paging, entity, range', () => {
  it('sorts by grade or time and pages', async () => {
    const { id } = await detectorNamed('snowflake', SF, 'Warehouse credits')
    const url = `${SF}/detectors/${id}/results?startTime=${TEST_NOW_MS - 30 * DAY}&endTime=${TEST_NOW_MS}`
    const all = await get<DetectorResults>('snowflake', `${url}&pageSize=100`)
    expect(all.total).toBeGreaterThan(3)
    const grades = all.anomalies.map((a) => a.grade)
    expect(grades).toEqual([...grades].sort((a, b) => b - a))
    const byTime = await get<DetectorResults>('snowflake', `${url}&sort=start-asc&pageSize=100`)
    const starts = byTime.anomalies.map((a) => a.start)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    const page2 = await get<DetectorResults>('snowflake', `${url}&sort=start-asc&page=2&pageSize=2`)
    expect(page2.anomalies).toEqual(byTime.anomalies.slice(2, 4))
    expect(page2.total).toBe(all.total)
    const entity = all.anomalies[0]!.entityKey
    const one = await get<DetectorResults>('snowflake', `${url}&entity=${entity}&pageSize=100`)
    expect(one.anomalies.every((a) => a.entityKey === entity)).toBe(true)
    expect(one.entities.find((e) => e.key === entity)!.anomalyCount).toBe(one.total)
  })
})

describe('contributors', () => {
  it('a warehouse anomaly’s users add up to no more than its hour, with its top queries and list links', async () => {
    const { id } = await detectorNamed('snowflake', SF, 'Warehouse credits')
    const { anomalies } = await get<DetectorResults>('snowflake', `${SF}/detectors/${id}/results`)
    const top = anomalies[0]!
    const c = await get<Contributors>(
      'snowflake',
      `${SF}/detectors/${id}/contributors?start=${top.start}&entity=${encodeURIComponent(top.entityKey)}`,
    )
    expect(c).toMatchObject({
      entity: top.entityKey,
      start: top.start,
      end: top.start + HOUR_MS,
      field: 'Users',
    })
    expect(c.value).toBeCloseTo(top.actual, 3)
    expect(c.listFilter.warehouseUid).toBeTruthy()
    expect(c.contributors.length).toBeGreaterThan(0)
    const sum = c.contributors.reduce((s, x) => s + x.value, 0)
    expect(sum).toBeLessThanOrEqual(c.value + 0.001 * c.contributors.length)
    expect(c.contributors.every((x) => x.listFilter.userName === x.name)).toBe(true)
    expect(c.runs.length).toBeGreaterThan(0)
    expect(c.runs[0]!.value).toBeLessThanOrEqual(c.value + 0.0001)
  })

  it('a BigQuery project’s hour is split by principal; an account-wide hour by project', async () => {
    const list = await get<DetectorList>('bigquery', `${BQ}/detectors`)
    const bytes = list.detectors.find((d) => d.name === 'Bytes billed')!
    const { entities } = await get<DetectorResults>('bigquery', `${BQ}/detectors/${bytes.id}/results`)
    const [start, actual] = entities[0]!.points.find(([, v]) => v > 0)!
    const c = await get<Contributors>(
      'bigquery',
      `${BQ}/detectors/${bytes.id}/contributors?start=${start}&entity=${entities[0]!.key}`,
    )
    expect(c.field).toBe('Principals')
    expect(c.value).toBeCloseTo(actual, 2)
    expect(c.contributors.reduce((s, x) => s + x.value, 0)).toBeLessThanOrEqual(
      c.value + 0.01 * c.contributors.length,
    )
    expect(c.runs[0]!.id).toMatch(/^bquxjob_/)
    const slots = list.detectors.find((d) => d.name === 'Slot hours')!
    const wide = await get<Contributors>(
      'bigquery',
      `${BQ}/detectors/${slots.id}/contributors?start=${start}`,
    )
    expect(wide.field).toBe('Projects')
  })
})

describe('writing detectors', () => {
  it('creates (stopped), starts (Initialising, then Running an hour on), stops, edits and deletes', async () => {
    const res = await send('snowflake', 'POST', `${SF}/detectors`, detector())
    expect(res.statusCode, res.body).toBe(200)
    const made = res.json<Detector>()
    expect(made).toMatchObject({
      name: 'Test detector',
      state: 'Stopped',
      createdBy: 'snowflake',
      startedAt: null,
    })
    const started = (await send('snowflake', 'POST', `${SF}/detectors/${made.id}/_start`)).json<Detector>()
    expect(started).toMatchObject({ state: 'Initialising', startedAt: TEST_NOW_MS })
    app.clock.set(TEST_NOW_MS + HOUR_MS)
    try {
      expect((await detectorNamed('snowflake', SF, 'Test detector')).state).toBe('Running')
      // Starting a running detector leaves it as it is.
      const again = (await send('snowflake', 'POST', `${SF}/detectors/${made.id}/_start`)).json<Detector>()
      expect(again).toMatchObject({ state: 'Running', startedAt: TEST_NOW_MS })
    } finally {
      app.clock.set(TEST_NOW_MS)
    }
    const stopped = (await send('snowflake', 'POST', `${SF}/detectors/${made.id}/_stop`)).json<Detector>()
    expect(stopped).toMatchObject({ state: 'Stopped', stoppedAt: TEST_NOW_MS })
    const edited = await send(
      'snowflake',
      'PUT',
      `${SF}/detectors/${made.id}`,
      detector({ name: 'Renamed', categoryField: null, sensitivity: 'high' }),
    )
    expect(edited.json<Detector>()).toMatchObject({
      name: 'Renamed',
      categoryField: null,
      sensitivity: 'high',
    })
    const removed = await send('snowflake', 'DELETE', `${SF}/detectors/${made.id}`)
    expect(removed.json()).toEqual({ id: made.id, deleted: true })
    expect((await send('snowflake', 'GET', `${SF}/detectors/${made.id}/results`)).statusCode).toBe(404)
  })

  it('offers the platform’s metrics and fields', async () => {
    const sf = await get<DetectorOptions>('snowflake', `${SF}/options`)
    expect(sf.categoryFields.map((f) => f.id)).toEqual(['warehouse', 'user'])
    expect(sf.metrics.map((m) => m.id)).toContain('credits')
    const bq = await get<DetectorOptions>('bigquery', `${BQ}/options`)
    expect(bq.categoryFields.map((f) => f.id)).toEqual(['project', 'principal'])
  })

  it('refuses bad input with its message', async () => {
    const credits = await detectorNamed('snowflake', SF, 'Warehouse credits')
    const cases: [string, 'GET' | 'POST' | 'PUT', string, object | undefined, string][] = [
      [
        'a taken name, any case',
        'POST',
        `${SF}/detectors`,
        detector({ name: ' warehouse CREDITS ' }),
        'Detector name already exists.',
      ],
      [
        'another platform’s metric',
        'POST',
        `${SF}/detectors`,
        detector({ metric: 'bytes_billed' }),
        'The metric bytes_billed is not one of this platform’s.',
      ],
      [
        'another platform’s field',
        'POST',
        `${SF}/detectors`,
        detector({ categoryField: 'project' }),
        'The category field project is not one of this platform’s.',
      ],
      [
        'a renaming onto another',
        'PUT',
        `${SF}/detectors/${credits.id}`,
        detector({ name: 'Failed queries' }),
        'Detector name already exists.',
      ],
      [
        'an inverted range',
        'GET',
        `${SF}/detectors?startTime=${TEST_NOW_MS}&endTime=${TEST_NOW_MS - DAY}`,
        undefined,
        'startTime must not be after endTime.',
      ],
      [
        'a range over 30 days',
        'GET',
        `${SF}/detectors/${credits.id}/results?startTime=${TEST_NOW_MS - 31 * DAY}&endTime=${TEST_NOW_MS}`,
        undefined,
        'The range is at most 30 days.',
      ],
      [
        'an unknown entity',
        'GET',
        `${SF}/detectors/${credits.id}/results?entity=NOPE_WH`,
        undefined,
        'There is no entity NOPE_WH in this detector’s series.',
      ],
      [
        'an hour off the grid',
        'GET',
        `${SF}/detectors/${credits.id}/contributors?start=${TEST_NOW_MS - DAY + 1}&entity=BI_WH`,
        undefined,
        'start must be the start of an hour inside the range the detector reads.',
      ],
      [
        'an hour in the future',
        'GET',
        `${SF}/detectors/${credits.id}/contributors?start=${TEST_NOW_MS + DAY}&entity=BI_WH`,
        undefined,
        'start must be the start of an hour inside the range the detector reads.',
      ],
    ]
    for (const [what, method, url, payload, message] of cases)
      expect(await refusal('snowflake', method, url, payload), what).toBe(message)
    const wide = await detectorNamed('snowflake', SF, 'Failed queries')
    const start = Math.floor((TEST_NOW_MS - DAY) / HOUR_MS) * HOUR_MS
    expect(
      await refusal(
        'snowflake',
        'GET',
        `${SF}/detectors/${wide.id}/contributors?start=${start}&entity=BI_WH`,
      ),
    ).toBe('This detector is account-wide: leave the entity out.')
    // The schema's bounds: an empty name, a long description, an unknown sensitivity, a bad sort.
    for (const payload of [
      detector({ name: '  ' }),
      detector({ description: 'x'.repeat(401) }),
      detector({ sensitivity: 'extreme' }),
      detector({ extra: 1 }),
    ])
      expect((await send('snowflake', 'POST', `${SF}/detectors`, payload)).statusCode).toBe(400)
    expect(
      (await send('snowflake', 'GET', `${SF}/detectors/${credits.id}/results?sort=name-asc`)).statusCode,
    ).toBe(400)
    expect(
      (await send('snowflake', 'GET', `${SF}/detectors/${credits.id}/results?pageSize=101`)).statusCode,
    ).toBe(400)
    // Another platform's detector is not there.
    const bq = (await get<DetectorList>('bigquery', `${BQ}/detectors`)).detectors[0]!
    expect((await send('snowflake', 'GET', `${SF}/detectors/${bq.id}/results`)).statusCode).toBe(404)
  })
})

describe('who may call', () => {
  it('without a token every call is a 401', async () => {
    for (const entry of [snowflake, bigquery].flatMap((f) => Object.values(f))) {
      const url = entry.path.replace('{id}', '1')
      const res = await app.inject({
        method: entry.method,
        url,
        ...(entry.method !== 'GET' && { payload: {} }),
      })
      expect(res.statusCode, `${entry.method} ${url}`).toBe(401)
    }
  })

  it('admins of the platform only: a Snowflake user and another platform are 403', async () => {
    const sfUser = await send('sfuser', 'GET', `${SF}/detectors`)
    expect(sfUser.statusCode).toBe(403)
    expect(sfUser.json().message).toBe('This action needs the admin role.')
    expect((await send('sfuser', 'POST', `${SF}/detectors`, detector())).statusCode).toBe(403)
    for (const url of [`${SF}/detectors`, `${BQ}/detectors`, `${BQ}/options`])
      expect((await send('emr', 'GET', url)).statusCode, url).toBe(403)
    expect((await send('snowflake', 'GET', `${BQ}/detectors`)).statusCode).toBe(403)
    expect((await send('bigquery', 'GET', `${SF}/detectors`)).statusCode).toBe(403)
  })
})
