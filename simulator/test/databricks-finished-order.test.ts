import type { FastifyInstance } from 'fastify'
import { databricksRunsEndpoints as calls, type DatabricksRunSearchResponse } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
type Run = DatabricksRunSearchResponse['results'][number]

/**
 * A finished-time window sorted by start time (E015 queryOnFinishedTime): its pages are walked in
 * the table's start order, each stopping after the page and its last start's ties
 * (databricks-runs.ts startOrderPage). On the seeded runs, every page is the slice of the whole
 * list sorted by start, then end, then id, in the sort's direction.
 */
describe('databricks runs, finished-time window in start order', () => {
  let app: FastifyInstance
  let as: FrozenTestApp['as']
  let now: number
  beforeAll(async () => {
    ;({ app, as, now } = await frozenTestApp({ users: ['databricks'] }))
  })
  afterAll(() => app.close())

  const search = async (days: number, order: 'asc' | 'desc', from: number, size: number) => {
    const res = await app.inject({
      method: 'POST',
      url: calls.runs.path,
      headers: as('databricks'),
      payload: {
        appTypes: ['db'],
        start_time: now - days * DAY,
        end_time: now,
        appStatus: ['S', 'F', 'K'],
        queryOnFinishedTime: true,
        from,
        size,
        sort: [{ startTime: { order } }],
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<DatabricksRunSearchResponse>()
  }
  const key = (r: Run) => [r.startTime, r.finishedTime ?? -Infinity, Number(r.runId)]

  it.each([
    { days: 3, order: 'desc' as const },
    { days: 3, order: 'asc' as const },
    { days: 30, order: 'desc' as const },
  ])(
    '$days days, $order: pages are the slices of the whole list in (start, end, id) order',
    async ({ days, order }) => {
      const whole = await search(days, order, 0, 100)
      expect(whole.results.length).toBeGreaterThan(30)
      const sign = order === 'desc' ? -1 : 1
      const sorted = [...whole.results].sort((a, b) => {
        const [x, y] = [key(a), key(b)]
        return sign * (x[0]! - y[0]!) || sign * (x[1]! - y[1]!) || sign * (x[2]! - y[2]!)
      })
      expect(whole.results.map((r) => r.runId)).toEqual(sorted.map((r) => r.runId))
      for (const from of [0, 15, 30]) {
        const page = await search(days, order, from, 15)
        expect(page.results.map((r) => r.runId)).toEqual(
          whole.results.slice(from, from + 15).map((r) => r.runId),
        )
      }
      for (const r of whole.results) {
        expect(r.finishedTime).not.toBeNull()
        expect(r.finishedTime!).toBeGreaterThanOrEqual(now - days * DAY)
        expect(r.finishedTime!).toBeLessThanOrEqual(now)
      }
    },
  )
})
