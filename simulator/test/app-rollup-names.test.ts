import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsChanged } from '../src/db/repositories/app-read-cache.ts'
import { rollupCodeAdding, rollupNames } from '../src/db/repositories/app-rollup-names.ts'
import { DAY, ROLLUP_NAME_FIELDS, codesInNameOrder, seriesCode } from '../src/db/seed/app-rollups.ts'
import type { UnifiedSearchBody } from '@costlens/shared'
import { searchOrder } from '../src/db/repositories/applications.ts'
import { unifiedSearch } from '../src/db/repositories/unified-search.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

/**
 * app_rollups holds kinds, clusters, users and queues as codes of app_rollup_names (issue 18: narrow
 * rows); the one codec (repositories/app-rollup-names.ts) turns them into names and back.
 */
describe('app_rollup_names: the codes of the names app_rollups holds', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  beforeAll(async () => {
    app = await testApp()
    db = (app as AppInstance).db
  })
  afterAll(() => app.close())

  const column = { kind: 'kind', cluster: 'cluster_uid', user: 'user', queue: 'queue' } as const

  it('R-names-1: codes run from 1 in name order, 0 is the summed name', () => {
    expect([...codesInNameOrder(['tez', 'hive', '', 'spark', 'hive'])]).toEqual([
      ['', 0],
      ['hive', 1],
      ['spark', 2],
      ['tez', 3],
    ])
  })

  it.each(ROLLUP_NAME_FIELDS)('R-names-2: every %s of the apps has its code, in name order', (field) => {
    const names = db
      .prepare(`SELECT DISTINCT ${column[field]} FROM applications ORDER BY 1`)
      .pluck()
      .all() as string[]
    const codec = rollupNames(db)
    const codes = names.map((n) => codec.code(field, n))
    // In name order, from 1; the seed codes every name an app may hold (appNameDomain), so a
    // name no app drew at this scale leaves a gap.
    expect(codes[0]).toBeGreaterThanOrEqual(1)
    expect(codes).toEqual([...codes].sort((a, b) => a - b))
    expect(new Set(codes).size).toBe(names.length)
    expect(codes.map((c) => codec.name(field, c))).toEqual(names)
    expect(codec.code(field, 'no such name')).toBe(-1)
  })

  it.each(ROLLUP_NAME_FIELDS)("R-names-5: every app's %s_code is its name's code (schema.sql)", (field) => {
    // The covering indexes hold these codes for the texts (issue 18: file size): they must agree.
    const disagreeing = db
      .prepare(
        `SELECT count(*) FROM applications a
          WHERE a.${field}_code IS NOT (SELECT n.code FROM app_rollup_names n
                                          WHERE n.field = ? AND n.name = a.${column[field]})`,
      )
      .pluck()
      .get(field)
    expect(disagreeing).toBe(0)
  })

  it("R-names-3: a kind's daily rows in its slice add up to its apps", () => {
    const codec = rollupNames(db)
    const kinds = db.prepare('SELECT kind, count(*) AS n FROM applications GROUP BY kind').all() as {
      kind: string
      n: number
    }[]
    const sumOf = db.prepare('SELECT sum(n) FROM app_rollups WHERE series = ? AND part = ?').pluck()
    for (const { kind, n } of kinds)
      expect(sumOf.get(seriesCode('kind/total', 'start', DAY), codec.code('kind', kind)), kind).toBe(n)
  })

  it("R-names-3b: as seeded, every field's codes order as its names, so lists sort by the codes", () => {
    for (const field of ROLLUP_NAME_FIELDS) expect(rollupNames(db).inNameOrder(field), field).toBe(true)
    expect(searchOrder([{ queue: { order: 'asc' } }], rollupNames(db))).toMatch(/^a\.queue_code ASC/)
    expect(searchOrder([{ user: { order: 'desc' } }], rollupNames(db))).toMatch(/^a\.user_code DESC/)
  })

  it('R-names-4: a name no row had (a move to a new queue) gets the next code, and keeps it', () => {
    const last = db
      .prepare("SELECT max(code) FROM app_rollup_names WHERE field = 'queue'")
      .pluck()
      .get() as number
    const code = rollupCodeAdding(db, 'queue', 'root.brand_new')
    expect(code).toBe(last + 1)
    expect(rollupCodeAdding(db, 'queue', 'root.brand_new')).toBe(code)
    // Read again from the table after the apps change (as after a move).
    appsChanged(db)
    expect(rollupNames(db).code('queue', 'root.brand_new')).toBe(code)
    expect(rollupNames(db).name('queue', code)).toBe('root.brand_new')
  })

  it('R-names-5: lists sort by the codes while they order as the names, by the names once a new queue breaks that', () => {
    const sortByQueue = (): UnifiedSearchBody => ({ sort: [{ queue: { order: 'asc' } }], from: 0, size: 3 })
    // One app moved to a queue whose name sorts before every other: its code comes last (R-names-4).
    const rowid = db.prepare('SELECT max(rowid) FROM applications').pluck().get() as number
    const code = rollupCodeAdding(db, 'queue', '0-first')
    // Known at once, before the apps' caches are dropped.
    expect(rollupNames(db).inNameOrder('queue')).toBe(false)
    db.prepare('UPDATE applications SET queue = ?, queue_code = ? WHERE rowid = ?').run(
      '0-first',
      code,
      rowid,
    )
    appsChanged(db)
    expect(rollupNames(db).inNameOrder('queue')).toBe(false)
    expect(rollupNames(db).inNameOrder('user')).toBe(true)
    expect(searchOrder(sortByQueue().sort, rollupNames(db))).toMatch(/^a\.queue ASC/)
    const first = unifiedSearch(db, sortByQueue(), TEST_NOW_MS).results[0]!
    expect(first.queue).toBe('0-first')
  })
})
