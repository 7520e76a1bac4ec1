import type { FastifyInstance } from 'fastify'
import type { UnifiedSearchBody } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsChanged } from '../src/db/repositories/app-read-cache.ts'
import { keptRollupGrains, ROLLUP_GRAINS_SETTING } from '../src/db/repositories/app-rollup-grains.ts'
import { appsPage, appsTimeShift, searchOrder, searchWhere } from '../src/db/repositories/applications.ts'
import { rollupNames } from '../src/db/repositories/app-rollup-names.ts'
import { writeSetting } from '../src/db/repositories/settings.ts'
import {
  appSearchTotals,
  rollupPlan,
  searchTotals,
  unifiedSearch,
  type SearchTotals,
} from '../src/db/repositories/unified-search.ts'
import {
  AppRollupBuilder,
  DAY,
  EVERY_ROLLUP_GRAIN,
  MIN_APPS_PER_ROW,
  ROLLUP_SERIES,
  type RollupGrains,
} from '../src/db/seed/app-rollups.ts'
import type { AppRow } from '../src/db/seed/applications.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

/**
 * The grains a seed keeps are chosen by density (seed/app-rollups.ts): the small scale the tests
 * seed keeps every candidate; demo and large keep a grain only where its rows add up five apps or
 * more each. Here the small seed's apps are rolled up both ways, and the searches over the sparse
 * set (most slices gone, as at the demo scale) still give exactly what the apps give.
 */
describe('app_rollups grains chosen per scale by density', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  beforeAll(async () => {
    app = await testApp()
    db = (app as AppInstance).db
  })
  afterAll(() => app.close())

  /** Rolls the stored apps up again with `keep`, stores its grains as a seed does, and answers them. */
  function rebuild(keep: 'every' | 'dense'): RollupGrains {
    const builder = new AppRollupBuilder(keep)
    for (const a of db.prepare('SELECT * FROM applications').iterate() as Iterable<AppRow>) builder.add(a)
    builder.write(db)
    writeSetting(db, ROLLUP_GRAINS_SETTING, JSON.stringify(builder.keptGrains()))
    // The readers cache the set per database, as between resets.
    appsChanged(db)
    return builder.keptGrains()
  }

  it('the small scale (the tests) keeps every candidate grain of every slice, longest first', () => {
    expect(keptRollupGrains(db)).toEqual(EVERY_ROLLUP_GRAIN)
    expect(EVERY_ROLLUP_GRAIN.all?.start).toEqual([DAY, 21_600_000, 3_600_000])
  })

  it('keeps a grain exactly where its rows add up at least five apps each, and writes only those', () => {
    rebuild('every')
    // Slices, bases and grains are stored as one series code (ROLLUP_SERIES): read back as names.
    const density = (
      db.prepare('SELECT series, count(*) AS rows, sum(n) AS apps FROM app_rollups GROUP BY 1').all() as {
        series: number
        rows: number
        apps: number
      }[]
    ).map((d) => ({ ...d, ...ROLLUP_SERIES[d.series]! }))
    const everyRow = new Set(
      (db.prepare('SELECT * FROM app_rollups').raw().all() as unknown[][]).map((r) => r.join('|')),
    )
    const dense = rebuild('dense')
    const expected: Record<string, Record<string, number[]>> = {}
    for (const { slice, basis, grain, rows, apps } of density)
      if (rows * MIN_APPS_PER_ROW <= apps) ((expected[slice] ??= {})[basis] ??= []).push(grain)
    for (const byBasis of Object.values(expected))
      for (const g of Object.values(byBasis)) g.sort((a, b) => b - a)
    expect(dense).toEqual(expected)
    // Some kept, some dropped at 3,000 apps: the test below then reads both ways.
    expect(Object.keys(dense).length).toBeGreaterThan(0)
    expect(Object.keys(dense).length).toBeLessThan(Object.keys(EVERY_ROLLUP_GRAIN).length)
    // The kept grains' rows are those the every-grain build wrote, no more, no fewer.
    const denseRows = (db.prepare('SELECT * FROM app_rollups').raw().all() as unknown[][]).map((r) =>
      r.join('|'),
    )
    const keptRows = [...everyRow].filter((row) => {
      const { slice, basis, grain } = ROLLUP_SERIES[Number(row.split('|')[0])]!
      return expected[slice]?.[basis]?.includes(grain)
    })
    expect(denseRows.sort()).toEqual(keptRows.sort())
    expect(keptRollupGrains(db)).toEqual(dense)
  })

  it('over the dense set, 300 varied searches total and page exactly as the apps do', () => {
    const kept = rebuild('dense')
    const distinct = (column: string) =>
      db.prepare(`SELECT DISTINCT ${column} FROM applications ORDER BY 1`).pluck().all() as string[]
    const [users, queues, kinds] = [distinct('user'), distinct('queue'), distinct('kind')]
    const byCluster = ({ clusters, ...measures }: SearchTotals) => ({
      ...measures,
      clusters: Object.fromEntries([...clusters].sort(([a], [b]) => a.localeCompare(b))),
    })
    const prng = createPrng(11)
    // At 3,000 apps only the daily totals of every app are dense enough: every other search reads
    // the apps, and the sort walks count their index's part instead of reading daily rows.
    expect(kept).toEqual({ 'all/total': { start: [DAY], finish: [DAY] } })
    const shift = appsTimeShift(db)
    let viaRollups = 0
    for (let i = 0; i < 300; i++) {
      const end = TEST_NOW_MS - prng.int(0, 10 * DAY)
      const body: UnifiedSearchBody = {
        start_time: end - prng.int(1, 12 * DAY),
        end_time: end,
        from: 0,
        size: 15,
        ...(prng.chance(0.4) ? { appStatus: prng.pick([['S'], ['S', 'F', 'K'], ['F', 'K']]) } : {}),
        ...(prng.chance(0.3) ? { appTypes: [prng.pick(kinds)] } : {}),
        ...(prng.chance(0.1) ? { executed_by_unravel: prng.chance(0.5) } : {}),
        ...prng.pick([
          {},
          { users: [prng.pick(users)] },
          { queues: [prng.pick(queues)] },
          { eventTypes: [2, 6] },
        ]),
        ...(prng.chance(0.3) ? { queryOnFinishedTime: true } : {}),
        ...(prng.chance(0.5)
          ? { sort: [{ [prng.pick(['duration', 'cents', 'user'])]: { order: prng.pick(['asc', 'desc']) } }] }
          : {}),
      }
      if (rollupPlan(body, kept)) viaRollups++
      expect(byCluster(searchTotals(db, body, TEST_NOW_MS, shift)), JSON.stringify(body)).toEqual(
        byCluster(appSearchTotals(db, body, TEST_NOW_MS, shift)),
      )
      // The sort walks size their budget from the kept daily rows, or count the apps without them.
      const page = appsPage(
        db,
        searchWhere(body, TEST_NOW_MS, shift, rollupNames(db)),
        searchOrder(body.sort, rollupNames(db)),
        { from: 0, size: 15 },
        TEST_NOW_MS,
        shift,
      )
      expect(
        unifiedSearch(db, body, TEST_NOW_MS).results.map((r) => r.id),
        JSON.stringify(body),
      ).toEqual(page.map((r) => r.id))
    }
    expect(viaRollups).toBeGreaterThan(20)
  })
})
