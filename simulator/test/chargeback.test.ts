import type { FastifyInstance } from 'fastify'
import type { ChargebackResponse, UnifiedSearchResponse } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { appsTimeShift } from '../src/db/repositories/applications.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const YARN_KINDS = ['mr', 'hive', 'spark', 'tez']

describe('chargeback: search/cb, icb, pcb, bqcb (E042, E043, E045, E046) and search/cb/tags (E151)', () => {
  let app: FastifyInstance
  let db: AppInstance['db']
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['admin', 'cdp', 'emr', 'hdp', 'bigquery', 'trial'] }))
    db = app.db
  })
  afterAll(() => app.close())

  const get = (user: string, url: string) => app.inject({ method: 'GET', url, headers: as(user) })

  /** The same usage straight from the apps: the flavour's kinds on the platform's clusters of a kind. */
  function fromApps(
    groups: ('kind' | 'user' | 'queue')[],
    window: { from: number; to: number },
    scope: { platform: string; clusterKind: string; kinds: string[] },
  ) {
    const shift = appsTimeShift(db)
    const rows = db
      .prepare(
        `SELECT ${groups.map((g, i) => `a.${g} AS g${i}`).join(', ')}, count(*) AS count,
                sum(a.vcore_seconds) AS vs, sum(a.memory_seconds) AS ms, sum(a.dfs_read + a.dfs_written) AS io,
                sum(a.cents) AS cents
           FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
          WHERE c.platform = @platform AND c.kind = @clusterKind
            AND a.kind IN (SELECT value FROM json_each(@kinds))
            AND a.start_time >= @from AND a.start_time < @to
          GROUP BY ${groups.map((_g, i) => `g${i}`).join(', ')}`,
      )
      .all({
        ...scope,
        kinds: JSON.stringify(scope.kinds),
        from: window.from - shift,
        to: window.to - shift,
      }) as Record<string, string | number>[]
    return rows
  }

  /** Response rows flattened to one entry per (v1, v2), as fromApps gives them. */
  const flat = (body: ChargebackResponse) =>
    body.cb.flatMap((r) =>
      r.cb
        ? r.cb.map((c) => ({
            g0: r.v1,
            g1: c.v2,
            count: c.count,
            vs: c.vs,
            ms: c.ms,
            io: c.io,
            cents: c.cents,
          }))
        : [{ g0: r.v1, count: r.count, vs: r.vs, ms: r.ms, io: r.io, cents: r.cents }],
    )
  const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
    [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

  it.each([
    {
      name: 'two levels, whole days',
      path: 'appt/user',
      groups: ['kind', 'user'] as const,
      from: TEST_NOW_MS - 30 * DAY,
      to: TEST_NOW_MS,
    },
    {
      name: 'two levels, a window to the millisecond',
      path: 'queue/appt',
      groups: ['queue', 'kind'] as const,
      from: TEST_NOW_MS - 9 * DAY - 12_345_678,
      to: TEST_NOW_MS - 3_600_001,
    },
    {
      name: 'one level',
      path: 'user',
      groups: ['user'] as const,
      from: TEST_NOW_MS - 7 * DAY - 1,
      to: TEST_NOW_MS,
    },
    {
      name: 'user and queue',
      path: 'user/queue',
      groups: ['user', 'queue'] as const,
      from: TEST_NOW_MS - 14 * DAY + 777,
      to: TEST_NOW_MS - 2 * DAY,
    },
  ])('Yarn $name: the sums of the same apps, by group', async ({ path, groups, from, to }) => {
    const res = await get('admin', `/api/v1/search/cb/${path}?from=${from}&to=${to}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<ChargebackResponse>()
    const expected = fromApps(
      [...groups],
      { from, to },
      { platform: 'CDH', clusterKind: 'Yarn', kinds: YARN_KINDS },
    )
    expect(sorted(flat(body))).toEqual(sorted(expected))
    expect(body.cbInfo.total.count).toBe(expected.reduce((n, r) => n + (r.count as number), 0))
    // Rows most vcore-seconds first; each v1 row sums its nested rows.
    for (let i = 1; i < body.cb.length; i++) expect(body.cb[i - 1]!.vs).toBeGreaterThanOrEqual(body.cb[i]!.vs)
    for (const row of body.cb) if (row.cb) expect(row.count).toBe(row.cb.reduce((n, c) => n + c.count, 0))
  })

  it('user × queue of some application types (no rollup keeps all three: read from the apps)', async () => {
    const from = TEST_NOW_MS - 12 * DAY - 999
    const to = TEST_NOW_MS - 5
    const res = await get('admin', `/api/v1/search/cb/user/queue?from=${from}&to=${to}&appt=spark,mr`)
    const expected = fromApps(
      ['user', 'queue'],
      { from, to },
      { platform: 'CDH', clusterKind: 'Yarn', kinds: ['spark', 'mr'] },
    )
    expect(sorted(flat(res.json<ChargebackResponse>()))).toEqual(sorted(expected))
    // Every YARN type is no narrowing at all.
    const all = await get(
      'admin',
      `/api/v1/search/cb/user/queue?from=${from}&to=${to}&appt=${YARN_KINDS.join(',')}`,
    )
    const none = await get('admin', `/api/v1/search/cb/user/queue?from=${from}&to=${to}`)
    expect(all.json<ChargebackResponse>().cb).toEqual(none.json<ChargebackResponse>().cb)
  })

  it('agrees with the application list over the same range: same number of apps and cost', async () => {
    const from = TEST_NOW_MS - 10 * DAY + 5_000
    const to = TEST_NOW_MS - 1
    const cb = (await get('admin', `/api/v1/search/cb/appt?from=${from}&to=${to}`)).json<ChargebackResponse>()
    const list = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      headers: as('admin'),
      payload: { start_time: from, end_time: to - 1, clusterTypes: ['CDH'], appTypes: YARN_KINDS, size: 1 },
    })
    expect(cb.cbInfo.total.count).toBe(list.json<UnifiedSearchResponse>().metadata.totalRecords)
  })

  it('from/to as dates and epoch seconds (REAL-API-NOTES §5): a date `to` is the end of that day', async () => {
    const day = new Date(TEST_NOW_MS - 5 * DAY).toISOString().slice(0, 10)
    const start = Date.parse(day)
    const byDate = (
      await get('admin', `/api/v1/search/cb/user?from=${day}&to=${day}`)
    ).json<ChargebackResponse>()
    const bySeconds = (
      await get('admin', `/api/v1/search/cb/user?from=${start / 1000}&to=${(start + DAY) / 1000}`)
    ).json<ChargebackResponse>()
    expect(byDate.cbInfo).toMatchObject({ from: start, to: start + DAY })
    expect(byDate.cb).toEqual(bySeconds.cb)
    expect(byDate.cbInfo.total.count).toBeGreaterThan(0)
  })

  it('one cluster, and appt narrowing the kinds', async () => {
    const uid = db
      .prepare("SELECT unravel_id FROM clusters WHERE platform = 'CDH' AND kind = 'Yarn' ORDER BY 1 LIMIT 1")
      .pluck()
      .get() as string
    const from = TEST_NOW_MS - 20 * DAY
    const res = await get(
      'admin',
      `/api/v1/search/cb/appt/queue?from=${from}&to=${TEST_NOW_MS}&clusterUid=${uid}&appt=spark,hive`,
    )
    const body = res.json<ChargebackResponse>()
    expect(body.cb.map((r) => r.v1).sort()).toEqual(
      ['hive', 'spark'].filter((k) => body.cb.some((r) => r.v1 === k)),
    )
    const count = db
      .prepare(
        "SELECT count(*) FROM applications WHERE cluster_uid = ? AND kind IN ('spark', 'hive') AND start_time >= ? AND start_time < ?",
      )
      .pluck()
      .get(uid, from - appsTimeShift(db), TEST_NOW_MS - appsTimeShift(db))
    expect(body.cbInfo).toMatchObject({ clusterUid: uid, total: { count } })
    // '*' is every cluster (B160).
    const all = (await get('admin', `/api/v1/search/cb/appt?clusterUid=*`)).json<ChargebackResponse>()
    expect(all.cbInfo.clusterUid).toBe('*')
  })

  it('Impala chargeback (CDP): the Impala queries by user and queue', async () => {
    const from = TEST_NOW_MS - 30 * DAY
    const body = (
      await get('cdp', `/api/v1/search/icb/realuser/queue?from=${from}&to=${TEST_NOW_MS}`)
    ).json<ChargebackResponse>()
    const expected = fromApps(
      ['user', 'queue'],
      { from, to: TEST_NOW_MS },
      { platform: 'CDP', clusterKind: 'Impala', kinds: ['impala'] },
    )
    expect(sorted(flat(body))).toEqual(sorted(expected))
    expect(body.cbInfo.total.count).toBeGreaterThan(0)
  })

  it.each([
    { user: 'admin', platform: 'CDH', path: 'user/queue', groups: ['user', 'queue'] as const, days: 30 },
    { user: 'emr', platform: 'EMR', path: 'queue', groups: ['queue'] as const, days: 7 },
  ])(
    'Presto chargeback ($user, enabled on $platform): the queries by resource group and user',
    async ({ user, platform, path, groups, days }) => {
      // A window to the millisecond: whole days and quarter days from the rollups, the rest from the apps.
      const window = { from: TEST_NOW_MS - days * DAY - 3_723_456, to: TEST_NOW_MS - 5_000 }
      const body = (
        await get(user, `/api/v1/search/pcb/${path}?from=${window.from}&to=${window.to}`)
      ).json<ChargebackResponse>()
      const expected = fromApps([...groups], window, { platform, clusterKind: 'Presto', kinds: ['presto'] })
      expect(sorted(flat(body))).toEqual(sorted(expected))
      expect(body.cbInfo.total.count).toBeGreaterThan(0)
      expect(body.cb.map((r) => r.v1)).toEqual(
        expect.arrayContaining(groups[0] === 'queue' ? ['global.adhoc'] : ['airflow']),
      )
    },
  )

  /**
   * BigQuery usage straight from bq_jobs (issue 19: the jobs the job list shows): created in the
   * window, users the principals, queues the projects, tags the labels; cost_e4 is cents × 10,000.
   */
  function fromBigQueryJobs(groups: string[], window: { from: number; to: number }) {
    const shift = appsTimeShift(db)
    const column: Record<string, string> = {
      user: 'p.email',
      queue: 'pr.project_id',
      kind: "'bigquery'",
      'tag:team': "coalesce(l.value, '')",
    }
    return db
      .prepare(
        `SELECT ${groups.map((g, i) => `${column[g]} AS g${i}`).join(', ')}, count(*) AS count,
                round(sum(j.slot_ms) / 1000.0) AS vs, 0 AS ms, sum(j.bytes_billed) AS io,
                round(sum(j.cost_e4) / 10000.0) AS cents
           FROM bq_jobs j JOIN bq_principals p ON p.code = j.principal JOIN bq_projects pr ON pr.code = j.project
           LEFT JOIN (SELECT s.code, l.value FROM bq_label_sets s JOIN bq_labels l ON l.code = s.label WHERE l.key = 'team') l
             ON l.code = j.label_set
          WHERE j.create_time >= @from AND j.create_time < @to
          GROUP BY ${groups.map((_g, i) => `g${i}`).join(', ')}`,
      )
      .all({ from: window.from - shift, to: window.to - shift }) as Record<string, string | number>[]
  }
  /** Whole slot-seconds and cents (the chargeback's integers): each group's exact sum rounded once. */
  const rounded = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ ...r, vs: Number(r.vs), cents: Number(r.cents) }))

  it.each([
    { name: 'whole days', path: 'user', groups: ['user'], from: TEST_NOW_MS - 30 * DAY, to: TEST_NOW_MS },
    {
      name: 'a window to the millisecond',
      path: 'queue/user',
      groups: ['queue', 'user'],
      from: TEST_NOW_MS - 9 * DAY - 12_345_678,
      to: TEST_NOW_MS - 3_456_789,
    },
    {
      name: 'within one day',
      path: 'appt',
      groups: ['kind'],
      from: TEST_NOW_MS - 5 * 3_600_000,
      to: TEST_NOW_MS,
    },
  ])(
    'BigQuery chargeback ($name) equals a SQL sum over bq_jobs; users are principals, queues projects, io bytes billed',
    async ({ path, groups, from, to }) => {
      const body = (
        await get('bigquery', `/api/v1/search/bqcb/${path}?from=${from}&to=${to}`)
      ).json<ChargebackResponse>()
      expect(sorted(rounded(flat(body)))).toEqual(sorted(rounded(fromBigQueryJobs(groups, { from, to }))))
      expect(body.cbInfo.total.count).toBe(
        db
          .prepare('SELECT count(*) FROM bq_jobs WHERE create_time >= ? AND create_time < ?')
          .pluck()
          .get(from - appsTimeShift(db), to - appsTimeShift(db)),
      )
      expect(body.cbInfo.total.io).toBeGreaterThan(0)
      expect(body.cbInfo.total.cents).toBeGreaterThan(0)
    },
  )

  it('BigQuery chargeback of one project (a BIGQUERYV2 cluster) and with a label filter', async () => {
    const from = TEST_NOW_MS - 14 * DAY
    const one = (
      await get(
        'bigquery',
        `/api/v1/search/bqcb/queue?from=${from}&to=${TEST_NOW_MS}&clusterUid=acme-data-prod`,
      )
    ).json<ChargebackResponse>()
    expect(one.cb.map((r) => r.v1)).toEqual(['acme-data-prod'])
    const all = (
      await get('bigquery', `/api/v1/search/bqcb/queue?from=${from}&to=${TEST_NOW_MS}`)
    ).json<ChargebackResponse>()
    expect(one.cb[0]).toEqual(all.cb.find((r) => r.v1 === 'acme-data-prod'))
    const bi = (
      await get('bigquery', `/api/v1/search/bqcb/tag:team?from=${from}&to=${TEST_NOW_MS}&tags=team:bi`)
    ).json<ChargebackResponse>()
    expect(bi.cb.map((r) => r.v1)).toEqual(['bi'])
    expect(bi.cbInfo.total.count).toBe(
      db
        .prepare(
          `SELECT count(*) FROM bq_jobs WHERE create_time >= ? AND create_time < ? AND label_set IN
             (SELECT s.code FROM bq_label_sets s JOIN bq_labels l ON l.code = s.label WHERE l.key = 'team' AND l.value = 'bi')`,
        )
        .pluck()
        .get(from - appsTimeShift(db), TEST_NOW_MS - appsTimeShift(db)),
    )
    expect(bi.cbInfo.total.count).toBeGreaterThan(0)
  })

  it('E151 search/cb/tags for a BigQuery user lists the labels of the jobs of the window', async () => {
    const from = TEST_NOW_MS - 10 * DAY - 4_321_000
    const body = (await get('bigquery', `/api/v1/search/cb/tags?from=${from}&to=${TEST_NOW_MS}`)).json<{
      tags: { key: string; values: string[] }[]
    }>()
    const shift = appsTimeShift(db)
    const expected = db
      .prepare(
        `SELECT DISTINCT l.key, l.value FROM bq_jobs j JOIN bq_label_sets s ON s.code = j.label_set
           JOIN bq_labels l ON l.code = s.label
          WHERE j.create_time >= ? AND j.create_time < ? ORDER BY l.key, l.value`,
      )
      .all(from - shift, TEST_NOW_MS - shift) as { key: string; value: string }[]
    expect(body.tags.flatMap((t) => t.values.map((value) => ({ key: t.key, value })))).toEqual(expected)
    expect(body.tags.map((t) => t.key)).toEqual(expect.arrayContaining(['team', 'env']))
  })

  it('B153 BigQuery by tag: one group per value of the key, the unlabelled jobs as one "" group, same total', async () => {
    const from = TEST_NOW_MS - 30 * DAY
    const window = `from=${from}&to=${TEST_NOW_MS}`
    const byTag = (
      await get('bigquery', `/api/v1/search/bqcb/tag:team/user?${window}`)
    ).json<ChargebackResponse>()
    const byUser = (await get('bigquery', `/api/v1/search/bqcb/user?${window}`)).json<ChargebackResponse>()
    expect(sorted(rounded(flat(byTag)))).toEqual(
      sorted(rounded(fromBigQueryJobs(['tag:team', 'user'], { from, to: TEST_NOW_MS }))),
    )
    const values = byTag.cb.map((r) => r.v1)
    expect(values).toContain('')
    expect(values.filter((v) => v !== '').length).toBeGreaterThan(1)
    expect(byTag.cbInfo.total.count).toEqual(byUser.cbInfo.total.count)
    expect(byTag.cbInfo.total.io).toEqual(byUser.cbInfo.total.io)
    // Each group's cents are rounded once: two groupings' totals agree within a cent a group.
    expect(Math.abs(byTag.cbInfo.total.cents - byUser.cbInfo.total.cents)).toBeLessThanOrEqual(
      byTag.cb.length + byUser.cb.length,
    )
    expect(byTag.cbInfo.groupBy).toEqual(['tag:team', 'user'])
  })

  it.each([
    {
      user: 'admin',
      url: '/api/v1/search/cb/tag:team',
      status: 400,
      message: /only the BigQuery chargeback/,
    },
    { user: 'bigquery', url: '/api/v1/search/bqcb/tag%3Ateam/tag:team', status: 400, message: /must differ/ },
    { user: 'bigquery', url: '/api/v1/search/bqcb/tag:', status: 400, message: /group1/ },
    { user: 'trial', url: '/api/v1/search/bqcb/tag:team', status: 403, message: /Tag grouping .* free plan/ },
  ])('B153 tag grouping refused: $user $url → $status', async ({ user, url, status, message }) => {
    const response = await get(user, url)
    expect(response.statusCode).toBe(status)
    expect(response.json().message).toMatch(message)
  })

  it.each([
    {
      user: 'admin',
      url: '/api/v1/search/bqcb/user',
      status: 403,
      message: /BigQuery chargeback is not available for CDH/,
    },
    {
      user: 'emr',
      url: '/api/v1/search/icb/user',
      status: 403,
      message: /Impala chargeback is not available for EMR/,
    },
    { user: 'emr', url: '/api/v1/search/cb/appt', status: 200, message: undefined },
    {
      user: 'hdp',
      url: '/api/v1/search/pcb/user',
      status: 403,
      message: /Presto chargeback is not available for HDP/,
    },
    { user: 'admin', url: '/api/v1/search/pcb/appt?appt=spark', status: 400, message: /not a Presto/ },
    { user: 'admin', url: '/api/v1/search/cb/cluster', status: 400, message: /group1/ },
    { user: 'admin', url: '/api/v1/search/cb/user/user', status: 400, message: /must differ/ },
    {
      user: 'admin',
      url: '/api/v1/search/cb/user?from=yesterday',
      status: 400,
      message: /from must be YYYY-MM-DD/,
    },
    {
      user: 'admin',
      url: `/api/v1/search/cb/user?from=${TEST_NOW_MS}&to=${TEST_NOW_MS - DAY}`,
      status: 400,
      message: /from must not be after/,
    },
    {
      user: 'admin',
      url: '/api/v1/search/cb/appt?appt=impala',
      status: 400,
      message: /impala is not a Yarn application type/,
    },
    {
      user: 'admin',
      url: '/api/v1/search/cb/appt?clusterUid=nope',
      status: 403,
      message: /You do not have access to the cluster "nope"/,
    },
    { user: 'admin', url: '/api/v1/search/cb/appt?tags=team', status: 400, message: /not key:value/ },
    { user: 'trial', url: '/api/v1/search/cb/appt?tags=team:ml', status: 403, message: /free plan/ },
    { user: 'trial', url: '/api/v1/search/cb/tags', status: 403, message: /free plan/ },
  ])('$user GET $url → $status', async ({ user, url, status, message }) => {
    const res = await get(user, url)
    expect(res.statusCode, res.body).toBe(status)
    if (message) expect(res.json<{ message: string }>().message).toMatch(message)
  })

  it('a tags filter counts only the apps that carry the tag', async () => {
    const from = TEST_NOW_MS - 30 * DAY
    const body = (
      await get('admin', `/api/v1/search/cb/appt?from=${from}&to=${TEST_NOW_MS}&tags=team:ml`)
    ).json<ChargebackResponse>()
    const shift = appsTimeShift(db)
    const count = db
      .prepare(
        `SELECT count(*) FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
          WHERE c.platform = 'CDH' AND c.kind = 'Yarn' AND a.start_time >= ? AND a.start_time < ?
            AND EXISTS (SELECT 1 FROM app_tags g WHERE g.app_id = a.id AND g.key = 'team' AND g.value = 'ml')`,
      )
      .pluck()
      .get(from - shift, TEST_NOW_MS - shift)
    expect(body.cbInfo.total.count).toBe(count)
  })

  it('search/cb/tags lists the tag keys and values of the window, never RealUser', async () => {
    const res = await get('admin', '/api/v1/search/cb/tags')
    expect(res.statusCode).toBe(200)
    const { tags } = res.json<{ tags: { key: string; values: string[] }[] }>()
    expect(tags.length).toBeGreaterThan(0)
    expect(tags.map((t) => t.key)).not.toContain('RealUser')
  })

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/search/cb/appt' })).statusCode).toBe(401)
  })
})
