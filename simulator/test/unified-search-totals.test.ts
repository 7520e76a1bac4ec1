import type { FastifyInstance } from 'fastify'
import type { UnifiedSearchBody } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsPage, appsTimeShift, searchOrder, searchWhere } from '../src/db/repositories/applications.ts'
import { rollupNames } from '../src/db/repositories/app-rollup-names.ts'
import {
  appSearchTotals,
  coverWindow,
  rollupPlan,
  searchTotals,
  unifiedSearch,
  type SearchTotals,
} from '../src/db/repositories/unified-search.ts'
import { keptRollupGrains } from '../src/db/repositories/app-rollup-grains.ts'
import { DAY, EVERY_ROLLUP_GRAIN, HOUR, QUARTER_DAY, ROLLUP_SLICES } from '../src/db/seed/app-rollups.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

describe('coverWindow: a window as whole days, whole hours and the minutes left at its edges', () => {
  const at = (iso: string) => Date.parse(iso)
  it.each([
    {
      name: 'whole days only',
      from: at('2026-11-01T00:00:00Z'),
      to: at('2026-11-08T00:00:00Z'),
      buckets: [{ grain: DAY, from: at('2026-11-01T00:00:00Z'), to: at('2026-11-08T00:00:00Z') }],
      raw: [],
    },
    {
      name: 'days, the hours around them, the minutes around those',
      from: at('2026-11-01T22:30:00Z'),
      to: at('2026-11-04T01:15:00Z'),
      buckets: [
        { grain: DAY, from: at('2026-11-02T00:00:00Z'), to: at('2026-11-04T00:00:00Z') },
        { grain: HOUR, from: at('2026-11-01T23:00:00Z'), to: at('2026-11-02T00:00:00Z') },
        { grain: HOUR, from: at('2026-11-04T00:00:00Z'), to: at('2026-11-04T01:00:00Z') },
      ],
      raw: [
        { from: at('2026-11-01T22:30:00Z'), to: at('2026-11-01T23:00:00Z') },
        { from: at('2026-11-04T01:00:00Z'), to: at('2026-11-04T01:15:00Z') },
      ],
    },
    {
      name: 'less than an hour: the apps alone',
      from: at('2026-11-01T10:05:00Z'),
      to: at('2026-11-01T10:55:00Z'),
      buckets: [],
      raw: [{ from: at('2026-11-01T10:05:00Z'), to: at('2026-11-01T10:55:00Z') }],
    },
  ])('$name', ({ from, to, buckets, raw }) => {
    expect(coverWindow(from, to, [DAY, HOUR])).toEqual({ buckets, raw })
  })

  it('a window of many hours reads quarter days and the hours around them', () => {
    const from = at('2026-11-01T03:20:00Z')
    const to = at('2026-11-01T20:10:00Z')
    expect(coverWindow(from, to, [DAY, QUARTER_DAY, HOUR])).toEqual({
      buckets: [
        { grain: QUARTER_DAY, from: at('2026-11-01T06:00:00Z'), to: at('2026-11-01T18:00:00Z') },
        { grain: HOUR, from: at('2026-11-01T04:00:00Z'), to: at('2026-11-01T06:00:00Z') },
        { grain: HOUR, from: at('2026-11-01T18:00:00Z'), to: at('2026-11-01T20:00:00Z') },
      ],
      raw: [
        { from, to: at('2026-11-01T04:00:00Z') },
        { from: at('2026-11-01T20:00:00Z'), to },
      ],
    })
  })

  it('covers every millisecond of a window exactly once', () => {
    const prng = createPrng(11)
    for (let i = 0; i < 200; i++) {
      const from = TEST_NOW_MS - prng.int(0, 40 * DAY)
      const to = from + prng.int(1, 10 * DAY)
      const { buckets, raw } = coverWindow(from, to, [DAY, HOUR])
      const parts = [...buckets, ...raw].sort((a, b) => a.from - b.from)
      expect(parts[0]!.from).toBe(from)
      expect(parts.at(-1)!.to).toBe(to)
      for (let p = 1; p < parts.length; p++) expect(parts[p]!.from).toBe(parts[p - 1]!.to)
      for (const b of buckets) expect(b.from % b.grain).toBe(0)
    }
  })
})

describe('rollupPlan: which searches the rollups can total', () => {
  it.each<{ body: UnifiedSearchBody; slice: string | undefined }>([
    { body: {}, slice: 'all/total' },
    { body: { clusterTypes: ['CDH'], clusters: ['c1'] }, slice: 'all/total' },
    { body: { appStatus: ['S', 'F'], clusterTypes: ['CDH'] }, slice: 'all/status' },
    // A kind with statuses: the full rows of 'all' (kind has no status variant: it held as many rows).
    { body: { appStatus: ['S', 'F'], appTypes: ['spark'], clusterTypes: ['CDH'] }, slice: 'all' },
    { body: { appTypes: ['spark', 'hive'] }, slice: 'kind/total' },
    { body: { appTypes: ['spark'], executed_by_unravel: true }, slice: 'all' },
    { body: { executed_by_unravel: false }, slice: 'all' },
    { body: { users: ['hdfs'] }, slice: 'user/total' },
    { body: { users: ['hdfs'], appStatus: ['F'] }, slice: 'user/status' },
    { body: { users: ['hdfs'], appTypes: ['tez'] }, slice: 'user' },
    { body: { queues: ['etl'] }, slice: 'queue/total' },
    { body: { users: ['hdfs'], queues: ['etl'] }, slice: undefined },
    { body: { eventTypes: [2, 6] }, slice: 'inefficient/total' },
    { body: { eventTypes: [2, 6], appStatus: ['F'] }, slice: 'inefficient/status' },
    { body: { eventTypes: [2, 6], appTypes: ['hive'] }, slice: 'inefficient' },
    { body: { eventTypes: [2] }, slice: undefined },
    { body: { eventTypes: [2, 6], queryOnFinishedTime: true }, slice: undefined },
    { body: { eventTypes: [2, 6], insights: ['Data Skew'] }, slice: 'event/total' },
    { body: { insights: ['Data Skew'] }, slice: 'event/total' },
    { body: { eventTypes: [2, 6], insights: ['SLA Missed'] }, slice: 'event/total' },
    { body: { insights: ['SLA Missed'] }, slice: undefined },
    // The insight slice keeps its totals only: its other variants summed one to five apps a row.
    { body: { insights: ['Small Files', 'Contended Driver'], appTypes: ['spark'] }, slice: undefined },
    { body: { insights: ['Small Files', 'Contended Driver'], appStatus: ['F'] }, slice: undefined },
    { body: { insights: ['Small Files', 'Contended Driver'] }, slice: 'insight/total' },
    { body: { eventTypes: [2, 6], insights: ['Small Files', 'SLA Missed'] }, slice: undefined },
    { body: { insights: ['Data Skew'], users: ['hdfs'] }, slice: undefined },
    { body: { durations: { min: 1000 } }, slice: undefined },
    { body: { appTags: { team: ['a'] } }, slice: undefined },
    { body: { appStatus: ['R'] }, slice: undefined },
  ])('$body → $slice', ({ body, slice }) => {
    expect(rollupPlan(body, EVERY_ROLLUP_GRAIN)?.slice).toBe(slice)
  })
})

describe('unified search: rollups and sort walks give exactly what the apps give', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  beforeAll(async () => {
    app = await testApp()
    db = (app as AppInstance).db
  })
  afterAll(() => app.close())

  const distinct = (column: string) =>
    db.prepare(`SELECT DISTINCT ${column} FROM applications ORDER BY 1`).pluck().all() as string[]

  const byCluster = ({ clusters, ...measures }: SearchTotals) => ({
    ...measures,
    clusters: Object.fromEntries([...clusters].sort(([a], [b]) => a.localeCompare(b))),
  })

  it('for 600 varied searches: windows to the millisecond, statuses, kinds, users, queues, inefficient, finished', () => {
    const prng = createPrng(5)
    const users = distinct('user')
    const queues = distinct('queue')
    const kinds = distinct('kind')
    const clusters = distinct('cluster_uid')
    let viaRollups = 0
    const slices = new Set<string>()
    for (let i = 0; i < 600; i++) {
      // A database seeded on another day: its windows move by a shift that is no whole hour.
      const shift = appsTimeShift(db) + prng.pick([0, 37 * 60_000 + 123])
      const end = TEST_NOW_MS - prng.int(0, 10 * DAY)
      const body: UnifiedSearchBody = {
        start_time: end - prng.int(1, 9 * DAY),
        end_time: end,
        ...(prng.chance(0.4)
          ? { appStatus: prng.pick([['S'], ['S', 'F', 'K'], ['F', 'K'], ['R', 'S']]) }
          : {}),
        ...(prng.chance(0.3) ? { appTypes: [prng.pick(kinds)] } : {}),
        ...(prng.chance(0.15) ? { executed_by_unravel: prng.chance(0.5) } : {}),
        ...(prng.chance(0.2) ? { clusters: [prng.pick(clusters)] } : {}),
        ...(prng.chance(0.2) ? { clusterTypes: [prng.pick(['CDH', 'EMR', 'HDP'])] } : {}),
        ...prng.pick([{}, { users: [prng.pick(users)] }, { queues: [prng.pick(queues), prng.pick(queues)] }]),
        ...(prng.chance(0.2) ? { eventTypes: [2, 6] } : {}),
        ...(prng.chance(0.25)
          ? {
              insights: prng.pick([
                ['Data Skew'],
                ['Data Skew', 'Contended Driver'],
                ['Small Files', 'Too Many Partitions'],
                ['SLA Missed'],
                ['Executor GC Overhead'],
              ]),
            }
          : {}),
        ...(prng.chance(0.3) ? { queryOnFinishedTime: true } : {}),
      }
      const plan = rollupPlan(body, keptRollupGrains(db))
      if (plan) slices.add(plan.slice)
      if (plan) viaRollups++
      expect(byCluster(searchTotals(db, body, TEST_NOW_MS, shift)), JSON.stringify(body)).toEqual(
        byCluster(appSearchTotals(db, body, TEST_NOW_MS, shift)),
      )
    }
    expect(viaRollups).toBeGreaterThan(300)
    // Every slice, in each variant the filters can pick, was compared at least once.
    expect([...slices].sort()).toEqual(Object.keys(ROLLUP_SLICES).sort())
  })

  it('pages sorted by duration, cost, user or queue are those of sorting the whole window', () => {
    const prng = createPrng(9)
    const shift = appsTimeShift(db)
    const [users, queues, kinds] = [distinct('user'), distinct('queue'), distinct('kind')]
    for (let i = 0; i < 300; i++) {
      const end = TEST_NOW_MS - prng.int(0, 5 * DAY)
      const body: UnifiedSearchBody = {
        start_time: end - prng.int(1, 20 * DAY),
        end_time: end,
        from: prng.pick([0, 0, 15, 45]),
        size: 15,
        sort: [
          {
            [prng.pick(['duration', 'cents', 'cost', 'user', 'queue'])]: {
              order: prng.pick(['asc', 'desc']),
            },
          },
        ],
        // One user or queue reads its own index; a kind walks the index of every app; the inefficient list, its own.
        ...prng.pick([
          {},
          { users: [prng.pick(users)] },
          { queues: [prng.pick(queues)] },
          { appTypes: [prng.pick(kinds)] },
          { users: [prng.pick(users)], appTypes: [prng.pick(kinds)] },
          { eventTypes: [2, 6] },
          { eventTypes: [2, 6], insights: [prng.pick(['Data Skew', 'SLA Missed'])] },
        ]),
        ...(prng.chance(0.3) ? { appStatus: ['F', 'K'] } : {}),
        ...(prng.chance(0.2) ? { clusterTypes: ['CDH'] } : {}),
        ...(prng.chance(0.3) ? { queryOnFinishedTime: true } : {}),
      }
      const where = searchWhere(body, TEST_NOW_MS, shift, rollupNames(db))
      const page = { from: body.from!, size: body.size! }
      const wholeWindow = appsPage(
        db,
        where,
        searchOrder(body.sort, rollupNames(db)),
        page,
        TEST_NOW_MS,
        shift,
      )
      const ids = unifiedSearch(db, body, TEST_NOW_MS).results.map((r) => r.id)
      expect(ids, JSON.stringify(body)).toEqual(wholeWindow.map((r) => r.id))
    }
  })
})
