import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { ClusterItem, Tag } from '@costlens/shared'
import { auth, signIn, testApp, TEST_NOW_MS } from './helper.ts'

const DAY = 86_400_000
let app: FastifyInstance
let admin: Record<string, string>
beforeAll(async () => {
  app = await testApp()
  admin = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

async function get<T>(url: string, headers = admin): Promise<{ status: number; body: T }> {
  const res = await app.inject({ url, headers })
  return { status: res.statusCode, body: res.json() as T }
}

describe('GET /api/v1/cluster_search (E007)', () => {
  it("lists the user's platform clusters by display name", async () => {
    const { status, body } = await get<ClusterItem[]>('/api/v1/cluster_search')
    expect(status).toBe(200)
    expect(body.map((c) => c.unravelId)).toEqual([
      'cdh-dev-03',
      'cdh-etl-02',
      'cdh-impala-01',
      'cdh-presto-01',
      'cdh-prod-01',
    ])
    expect(body[4]).toEqual({
      unravelId: 'cdh-prod-01',
      displayName: 'Production CDH',
      clusterName: 'prod-cdh-01',
      clusterType: 'Yarn',
    })
  })

  it('finds by a case-insensitive part of the name or id, with wildcards taken literally', async () => {
    expect(
      (await get<ClusterItem[]>('/api/v1/cluster_search?customQ=PROD')).body.map((c) => c.unravelId),
    ).toEqual(['cdh-prod-01'])
    expect((await get<ClusterItem[]>('/api/v1/cluster_search?customQ=%25')).body).toEqual([])
  })

  it('caps the answer at size', async () => {
    expect((await get<ClusterItem[]>('/api/v1/cluster_search?size=2')).body).toHaveLength(2)
  })

  it('filters Databricks clusters by kind, adding job clusters when asked', async () => {
    const db = auth(await signIn(app, 'databricks'))
    const allPurpose = (await get<ClusterItem[]>('/api/v1/cluster_search?clusterType=db_all_purpose', db))
      .body
    expect(new Set(allPurpose.map((c) => c.clusterType))).toEqual(new Set(['db_all_purpose']))
    const withJobs = (
      await get<ClusterItem[]>(
        '/api/v1/cluster_search?clusterType=db_all_purpose&includeDbJobClusters=true',
        db,
      )
    ).body
    expect(new Set(withJobs.map((c) => c.clusterType))).toEqual(new Set(['db_all_purpose', 'db_job']))
  })

  it('keeps only EMR clusters alive in the window', async () => {
    const emr = auth(await signIn(app, 'emr'))
    const all = (await get<ClusterItem[]>('/api/v1/cluster_search', emr)).body
    const lastHour = (
      await get<ClusterItem[]>(
        `/api/v1/cluster_search?dateFrom=${TEST_NOW_MS - 3_600_000}&dateTo=${TEST_NOW_MS}`,
        emr,
      )
    ).body
    expect(lastHour.length).toBeGreaterThan(0)
    expect(lastHour.length).toBeLessThan(all.length)
  })

  it.each([
    ['size=0', 'querystring/size must be >= 1'],
    ['size=abc', 'querystring/size must be integer'],
    [
      'dateFrom=-5',
      'querystring/dateFrom must be epoch milliseconds or an ISO-8601 date (4-digit year), from 2000-01-01 to 2100-01-01',
    ],
    [`dateFrom=${TEST_NOW_MS}&dateTo=${TEST_NOW_MS - DAY}`, 'dateFrom must not be after dateTo'],
  ])('answers %s with 400 "%s"', async (query, message) => {
    const { status, body } = await get<{ message: string }>(`/api/v1/cluster_search?${query}`)
    expect(status).toBe(400)
    expect(body.message).toBe(message)
  })
})

describe('GET /api/v1/search/tags (E008)', () => {
  const window = `from=${TEST_NOW_MS - 30 * DAY}&to=${TEST_NOW_MS}`

  it('lists keys with sorted values and never RealUser', async () => {
    const { status, body } = await get<Tag[]>(`/api/v1/search/tags?${window}`)
    expect(status).toBe(200)
    expect(body.map((t) => t.key)).toEqual(['cost_center', 'env', 'project', 'team'])
    for (const tag of body) expect(tag.values).toEqual([...tag.values].sort())
  })

  it('narrows to one cluster and one cbType', async () => {
    const { body } = await get<Tag[]>(`/api/v1/search/tags?${window}&clusterUid=cdh-dev-03&cbType=yarn`)
    expect(body.length).toBeGreaterThan(0)
    // Impala tags come from the Impala cluster alone (RealUser is never listed).
    const impala = (await get<Tag[]>(`/api/v1/search/tags?${window}&cbType=impala`)).body
    const impalaKeys = app.db
      .prepare("SELECT DISTINCT key FROM tags WHERE source = 'impala' AND cluster_uid = 'cdh-impala-01'")
      .pluck()
      .all()
    expect(impala.length).toBeGreaterThan(0)
    for (const tag of impala) expect(impalaKeys).toContain(tag.key)
  })

  it('needs from and to, in order', async () => {
    expect((await get<{ message: string }>('/api/v1/search/tags')).body.message).toBe(
      "querystring must have the field 'from'",
    )
    expect((await get<{ message: string }>(`/api/v1/search/tags?from=${TEST_NOW_MS}&to=0`)).status).toBe(400)
    expect((await get<{ message: string }>(`/api/v1/search/tags?${window}&cbType=oracle`)).status).toBe(400)
  })

  it('refuses tags to a freemium user (C20) with 403', async () => {
    const freemium = auth(await signIn(app, 'freemium'))
    const { status, body } = await get<{ message: string }>(`/api/v1/search/tags?${window}`, freemium)
    expect(status).toBe(403)
    expect(body.message).toBe('Tag filters are not included in the free plan. Upgrade to use them.')
  })
})

describe('GET /api/v1/search/awstags (E009)', () => {
  it('lists the AWS tags of EMR clusters, EMR_Release among them, to EMR users only', async () => {
    expect((await get('/api/v1/search/awstags')).status).toBe(403)
    const { status, body } = await get<Tag[]>('/api/v1/search/awstags', auth(await signIn(app, 'emr')))
    expect(status).toBe(200)
    const release = body.find((t) => t.key === 'EMR_Release')
    expect(release?.values.every((v) => /^emr-\d+\.\d+\.\d+$/.test(v))).toBe(true)
  })
})
