import type { FastifyInstance } from 'fastify'
import {
  snowflakeEndpoints,
  type SnowflakeQuerySearchResponse,
  type SnowflakeWarehouseDetails,
  type SnowflakeWarehouseList,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, auth, signIn, testApp } from './helper.ts'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const WINDOW = { startTime: iso(TEST_NOW_MS - 13 * DAY - 3_600_123), endTime: iso(TEST_NOW_MS - 5_000) }

describe('snowflake warehouses (E161, E162)', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  let token: string
  beforeAll(async () => {
    app = await testApp()
    db = (app as AppInstance).db
    token = await signIn(app, 'snowflake')
  })
  afterAll(() => app.close())

  const get = (url: string, params: Record<string, string> = WINDOW) =>
    app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(params)}`, headers: auth(token) })

  it('lists every warehouse with the usage of its queries in the window, most cost first', async () => {
    const res = await get(snowflakeEndpoints.warehouses.path)
    expect(res.statusCode).toBe(200)
    const { warehouses } = res.json<SnowflakeWarehouseList>()
    expect(warehouses).toHaveLength(
      db.prepare('SELECT count(*) FROM snowflake_warehouses').pluck().get() as number,
    )
    const costs = warehouses.map((w) => w.cost)
    expect(costs).toEqual([...costs].sort((a, b) => b - a))
    const from = Date.parse(WINDOW.startTime)
    const to = Date.parse(WINDOW.endTime)
    for (const w of warehouses) {
      const sql = db
        .prepare(
          `SELECT count(*) AS n, coalesce(sum(cost_e4), 0) AS cost, coalesce(sum(credits_e4), 0) AS credits,
                  sum(queued_overload_time > 0) AS queued
             FROM snowflake_queries_named WHERE warehouse_uid = ? AND start_time BETWEEN ? AND ?`,
        )
        .get(w.uid, from, to) as { n: number; cost: number; credits: number; queued: number | null }
      expect(w.queryCount).toBe(sql.n)
      expect(w.cost).toBe(sql.cost / 10_000)
      expect(w.credits).toBe(sql.credits / 10_000)
      expect(w.queuedQueryCount).toBe(sql.queued ?? 0)
      expect(w.utilisationPercent).toBeGreaterThanOrEqual(0)
      expect(w.utilisationPercent).toBeLessThanOrEqual(100)
      expect(w.creditsPerHour).toBe(
        { 'X-Small': 1, Small: 2, Medium: 4, Large: 8, 'X-Large': 16 }[w.size] ?? w.creditsPerHour,
      )
    }
    const search = await app.inject({
      method: 'POST',
      url: snowflakeEndpoints.querySearch.path,
      headers: auth(token),
      payload: { ...WINDOW, warehouseUid: [warehouses[0]!.uid] },
    })
    expect(search.json<SnowflakeQuerySearchResponse>().total).toBe(warehouses[0]!.queryCount)
    expect(warehouses.some((w) => w.state === 'STARTED')).toBe(true)
  })

  it('details one warehouse with series whose points add up to its row', async () => {
    const uid = 'wh-qb41627-transform-wh'
    const res = await get(snowflakeEndpoints.warehouseDetails.path.replace('{warehouseUid}', uid))
    expect(res.statusCode).toBe(200)
    const d = res.json<SnowflakeWarehouseDetails>()
    expect(d.warehouse.uid).toBe(uid)
    expect(d.interval).toBe('daily')
    const total = (points: [number, number][]) => points.reduce((n, [, v]) => n + v, 0)
    expect(total(d.series.queryCount)).toBe(d.warehouse.queryCount)
    expect(total(d.series.cost)).toBeCloseTo(d.warehouse.cost, 4)
    expect(total(d.series.credits)).toBeCloseTo(d.warehouse.credits, 4)
    const ts = d.series.cost.map(([t]) => t)
    expect(ts.every((t, i) => i === 0 || t - ts[i - 1]! === d.pointInterval)).toBe(true)
  })

  it.each([
    [snowflakeEndpoints.warehouseDetails.path.replace('{warehouseUid}', 'no-such-wh'), WINDOW, 404],
    [snowflakeEndpoints.warehouses.path, { startTime: 'not a date at all' }, 400],
    [snowflakeEndpoints.warehouses.path, { startTime: WINDOW.endTime, endTime: WINDOW.startTime }, 400],
  ])('answers %s with %o as %i', async (url, params, status) => {
    const res = await get(url, params)
    expect(res.statusCode).toBe(status)
    expect(res.json().message).toEqual(expect.any(String))
  })
})
