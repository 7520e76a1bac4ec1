import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import type { BigQueryJobSearchBody } from '@costlens/shared'
import type { Db } from '../src/db/open-database.ts'
import { jobMetadata, searchJobs } from '../src/db/repositories/bigquery-jobs.ts'
import { createSchema } from '../src/db/schema.ts'
import { BIGQUERY_PRNG_OFFSET, seedBigQuery } from '../src/db/seed/bigquery.ts'
import { BIGQUERY_SIZES } from '../src/db/seed/bigquery-catalogue.ts'
import { BigQueryRollupBuilder, rollUpStoredBigQueryJobs } from '../src/db/seed/bigquery-rollups.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { jobIdSql } from '../src/db/repositories/bigquery-codes.ts'

/*
 * The job list (E163) reads its totals from the day rollup and the window's edges, and the first
 * pages of a descending cost, duration, slot-ms or bytes-billed sort from the top slices of those
 * columns (repositories/bigquery-job-pages.ts): every answer must be the one a plain SQL over bq_jobs
 * gives, for whole days, cut windows and every filter. The demo scale's 40,000 jobs (some 400 a day)
 * are enough for the walks to be taken.
 */

const NOW = Date.parse('2026-11-22T12:00:00Z')
const HOUR = 3_600_000

// Seeded as the file loads: the cases' filters name its projects, users and labels.
const db = new Database(':memory:')
createSchema(db)
seedBigQuery(
  db,
  createPrng(7 + BIGQUERY_PRNG_OFFSET),
  NOW,
  BIGQUERY_SIZES.demo,
  undefined,
  new BigQueryRollupBuilder(),
)
afterAll(() => db.close())

const pluck = <T>(sql: string, params: unknown[] = []) =>
  db
    .prepare(sql)
    .pluck()
    .all(...params) as T[]
const first = <T>(sql: string) => pluck<T>(`${sql} LIMIT 1`)[0]!

/** A window in shown time (no time shift in this database: stored = shown). */
function window(hoursBack: number, hoursLong: number) {
  const end = NOW - hoursBack * HOUR
  return {
    startTime: new Date(end - hoursLong * HOUR).toISOString(),
    endTime: new Date(end).toISOString(),
    end,
  }
}

const WINDOWS = [
  { name: '1 hour', ...window(0.3, 1) },
  { name: '12 hours across midnight', ...window(5, 12) },
  { name: '7 days cut at both ends', ...window(3.7, 7 * 24) },
  { name: '30 days cut at both ends', ...window(0.5, 30 * 24) },
  { name: '14 whole UTC days', ...window(12, 14 * 24), endTime: new Date(NOW - 12 * HOUR - 1).toISOString() },
]

/** Each filter with the plain SQL that selects the same jobs (the default hides Unravel's own jobs). */
function filters() {
  const project = first<number>('SELECT project FROM bq_jobs GROUP BY project ORDER BY count(*) DESC')
  const projectId = first<string>(`SELECT project_id FROM bq_projects WHERE code = ${project}`)
  const principal = first<number>('SELECT principal FROM bq_jobs GROUP BY principal ORDER BY count(*)')
  const email = first<string>(`SELECT email FROM bq_principals WHERE code = ${principal}`)
  const label = db.prepare('SELECT code, key, value FROM bq_labels ORDER BY code LIMIT 1').get() as {
    code: number
    key: string
    value: string
  }
  const sets = `(SELECT code FROM bq_label_sets WHERE label = ${label.code})`
  const mine = 'executed_by_unravel = 0'
  return [
    { name: 'no filter', body: {}, where: mine },
    { name: 'Unravel jobs shown', body: { showUnravelJobs: true }, where: '1' },
    { name: 'a project', body: { projectId: [projectId] }, where: `${mine} AND project = ${project}` },
    { name: 'a rare user', body: { userName: [email] }, where: `${mine} AND principal = ${principal}` },
    { name: 'failed', body: { status: ['F' as const] }, where: `${mine} AND status = 'F'` },
    { name: 'load jobs', body: { type: ['L' as const] }, where: `${mine} AND job_type = 'L'` },
    {
      name: 'a tag',
      body: { tags: [{ key: label.key, value: label.value }] },
      where: `${mine} AND label_set IN ${sets}`,
    },
    { name: 'editions', body: { pricing: ['ENTERPRISE' as const] }, where: `${mine} AND pricing = 2` },
    {
      name: 'inefficient',
      body: { filterType: 'inefficient' as const },
      where: `${mine} AND insight_count > 0`,
    },
    {
      name: 'inefficient, SELECT *',
      body: { filterType: 'inefficient' as const, insights: ['SELECT_STAR' as const] },
      where: `${mine} AND insight_mask & 1 != 0`,
    },
    {
      name: 'a project and failed or running, Unravel shown',
      body: { projectId: [projectId], status: ['F' as const, 'R' as const], showUnravelJobs: true },
      where: `project = ${project} AND status IN ('F', 'R')`,
    },
    { name: 'slot-ms from 10 s', body: { minSlotMs: 10_000_000 }, where: `${mine} AND slot_ms >= 10000000` },
    {
      name: 'a minute or more, bytes 1 GiB-1 TiB',
      body: { minDuration: 60_000, minBilledBytes: 2 ** 30, maxBilledBytes: 2 ** 40 },
      where: `${mine} AND duration >= 60000 AND bytes_billed BETWEEN ${2 ** 30} AND ${2 ** 40}`,
    },
  ]
}

type Body = Omit<BigQueryJobSearchBody, 'startTime' | 'endTime'>
const search = (w: (typeof WINDOWS)[number], body: Body) =>
  searchJobs(db as unknown as Db, { ...body, startTime: w.startTime, endTime: w.endTime }, NOW)

/** The plain SQL of a window: [start, end] both included, as the list reads it. */
const inWindow = (w: (typeof WINDOWS)[number]) =>
  `create_time >= ${Date.parse(w.startTime)} AND create_time <= ${Date.parse(w.endTime)}`

describe('E163 job list totals from the day rollup and the edges', () => {
  for (const w of WINDOWS)
    it.each(filters().map((f) => [f.name, f] as const))(
      `${w.name}, %s: the plain SQL's count and sums`,
      (_, f) => {
        const expected = db
          .prepare(
            `SELECT count(*) AS n, coalesce(sum(cost_e4), 0) AS cost, coalesce(sum(bytes_billed), 0) AS bytes,
                  coalesce(sum(slot_ms), 0) AS slot FROM bq_jobs NOT INDEXED WHERE ${inWindow(w)} AND ${f.where}`,
          )
          .get() as { n: number; cost: number; bytes: number; slot: number }
        const got = search(w, f.body)
        expect(got.total).toBe(expected.n)
        expect(got.totals.cost).toBeCloseTo(expected.cost / 10_000, 6)
        expect(got.totals.billedBytes).toBe(expected.bytes)
        expect(got.totals.slotMs).toBe(expected.slot)
      },
    )

  it('rolls up exactly what the seed built: the rebuilt bq_job_days equals the seeded one', () => {
    const rows = () => db.prepare('SELECT * FROM bq_job_days ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9').all()
    const seeded = rows()
    rollUpStoredBigQueryJobs(db)
    expect(rows()).toEqual(seeded)
    expect(pluck<number>('SELECT sum(n) FROM bq_job_days')[0]).toBe(BIGQUERY_SIZES.demo.jobs)
  })
})

describe('E163 job list pages in a sort order, walked from the top slices or sorted from the window', () => {
  const SORTS = [
    ['cost', 'cost_e4'],
    ['duration', 'duration'],
    ['slotMs', 'slot_ms'],
    ['billedBytes', 'bytes_billed'],
    ['bytesProcessed', 'bytes_processed'],
  ] as const
  const month = WINDOWS[3]!
  for (const [key, column] of SORTS)
    for (const dir of ['desc', 'asc'] as const)
      it.each(filters().map((f) => [f.name, f] as const))(
        `30 days, ${key}-${dir}, %s: pages 1, 2 and 40 are the plain SQL's`,
        (_, f) => {
          for (const [page, pageSize] of [
            [1, 15],
            [2, 15],
            [40, 25],
          ] as const) {
            const d = dir.toUpperCase()
            const expected = pluck<string>(
              `SELECT ${jobIdSql('bq_jobs')} FROM bq_jobs NOT INDEXED WHERE ${inWindow(month)} AND ${f.where}
                ORDER BY ${column} ${d}, create_time ${d}, rowid ${d} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
            )
            const got = search(month, { ...f.body, sort: `${key}-${dir}`, page, pageSize })
            expect(got.results.map((r) => r.id)).toEqual(expected)
          }
        },
      )

  it('the costliest first: the top 15 of 30 days are the costliest jobs of the window', () => {
    const got = search(month, { sort: 'cost-desc' })
    const costs = got.results.map((r) => r.cost)
    expect(costs).toEqual([...costs].sort((a, b) => b - a))
    const top = pluck<number>(
      `SELECT max(cost_e4) FROM bq_jobs WHERE ${inWindow(month)} AND executed_by_unravel = 0`,
    )[0]!
    expect(costs[0]).toBeCloseTo(top / 10_000, 6)
  })
})

describe('E164 job metadata from the day rollup (whole days) and the edges', () => {
  for (const w of [WINDOWS[3]!, WINDOWS[4]!, WINDOWS[1]!])
    for (const [filterType, showUnravelJobs] of [
      ['all', false],
      ['inefficient', false],
      ['all', true],
    ] as const)
      it(`${w.name}, ${filterType}${showUnravelJobs ? ', Unravel shown' : ''}: the plain SQL's counts and ranges`, () => {
        const where = [
          inWindow(w),
          showUnravelJobs ? '1' : 'executed_by_unravel = 0',
          filterType === 'inefficient' ? 'insight_count > 0' : '1',
        ].join(' AND ')
        const counts = (select: string, group: string) =>
          Object.fromEntries(
            db
              .prepare(`SELECT ${select}, count(*) FROM bq_jobs j WHERE ${where} GROUP BY ${group}`)
              .raw()
              .all() as [string, number][],
          )
        const query = { startTime: w.startTime, endTime: w.endTime, filterType, showUnravelJobs }
        // Twice: the second reads the whole days from the tallies the first kept.
        for (let i = 0; i < 2; i++) {
          const got = jobMetadata(db as unknown as Db, query, NOW)
          const of = <K extends string>(rows: ({ count: number } & Record<K, string>)[], key: K) =>
            Object.fromEntries(rows.map((r) => [r[key], r.count]))
          expect(of(got.projects, 'projectId')).toEqual(
            counts('(SELECT project_id FROM bq_projects WHERE code = j.project)', 'project'),
          )
          expect(of(got.users, 'userName')).toEqual(
            counts('(SELECT email FROM bq_principals WHERE code = j.principal)', 'principal'),
          )
          expect(of(got.types, 'type')).toEqual(counts('job_type', 'job_type'))
          expect(of(got.statuses, 'status')).toEqual(counts('status', 'status'))
          const ranges = db
            .prepare(
              `SELECT min(duration), max(duration), min(slot_ms), max(slot_ms), min(bytes_billed), max(bytes_billed)
                 FROM bq_jobs WHERE ${where}`,
            )
            .raw()
            .get() as number[]
          expect([got.duration, got.slotMs, got.billedBytes].flatMap((r) => [r.min, r.max])).toEqual(ranges)
        }
      })
})
