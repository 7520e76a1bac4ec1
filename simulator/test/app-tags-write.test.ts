import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppTags, UnifiedSearchResponse } from '@costlens/shared'
import type { AppRow } from '../src/db/seed/applications.ts'
import { auth, frozenTestApp, signIn } from './helper.ts'

/**
 * PUT /api/v1/apps/{id}/tags (ours, the details page's tag editor): replaces the app's tags, keeps
 * RealUser, is read back by GET /apps/{id}/tags and by the applications list's tag filter.
 */
let app: FastifyInstance
let as: (user: string) => { authorization: string }
let now: number

beforeAll(async () => {
  ;({ app, as, now } = await frozenTestApp({ users: ['admin', 'emr'] }))
  tagged = app.db
    .prepare(
      `SELECT * FROM applications WHERE cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = 'CDH' AND kind = 'Yarn')
          AND id IN (SELECT app_id FROM app_tags) ORDER BY start_time DESC LIMIT 1`,
    )
    .get() as AppRow
  app.db
    .prepare("INSERT OR IGNORE INTO app_tags (app_id, key, value) VALUES (?, 'RealUser', ?)")
    .run(tagged.id, tagged.user)
})
afterAll(() => app.close())

/** The newest CDH YARN app with seeded tags (inside the lists' window), given a RealUser row to keep. */
let tagged: AppRow
const cdhApp = () => tagged
const put = (id: string, payload: unknown, headers: object = as('admin')) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/apps/${id}/tags`,
    headers: headers as Record<string, string>,
    payload: payload as object,
  })
const storedTags = (id: string) =>
  app.db.prepare('SELECT key, value FROM app_tags WHERE app_id = ? ORDER BY key, value').all(id)

/** Apps of the last 30 days carrying tag key=value, as the applications list counts them. */
async function taggedCount(key: string, value: string, id: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/apps/unifiedsearch',
    headers: as('admin'),
    payload: { from: 0, size: 1, appTags: { [key]: [value] }, globalsearchpattern: id },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<UnifiedSearchResponse>().metadata.totalRecords
}

describe('PUT /api/v1/apps/{id}/tags', () => {
  it("replaces the app's tags, each pair once, keeps RealUser, and GET /apps/{id}/tags reads them back", async () => {
    const a = cdhApp()
    const res = await put(a.id, {
      tags: [
        { key: 'team', value: 'finance' },
        { key: 'cost centre', value: 'cc-42' },
        { key: 'team', value: 'finance' },
        { key: 'team', value: 'ml' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const expected: AppTags = { 'cost centre': ['cc-42'], team: ['finance', 'ml'] }
    expect(res.json()).toEqual(expected)
    const read = await app.inject({ method: 'GET', url: `/api/v1/apps/${a.id}/tags`, headers: as('admin') })
    expect(read.json()).toEqual(expected)
    expect(storedTags(a.id)).toContainEqual(expect.objectContaining({ key: 'RealUser' }))
  })

  it("the applications list's tag filter finds the app by its new tag, and no longer by a removed one", async () => {
    const a = cdhApp()
    expect((await put(a.id, { tags: [{ key: 'project', value: 'tag-write-probe' }] })).statusCode).toBe(200)
    expect(await taggedCount('project', 'tag-write-probe', a.id)).toBe(1)
    // The tag filter offers it (GET /search/tags: the pairs seen on the user's clusters in the window).
    const offered = await app.inject({
      method: 'GET',
      url: `/api/v1/search/tags?from=${now - 30 * 86_400_000}&to=${now}`,
      headers: as('admin'),
    })
    expect(
      offered.json<{ key: string; values: string[] }[]>().find((t) => t.key === 'project')?.values,
    ).toContain('tag-write-probe')
    expect((await put(a.id, { tags: [] })).json()).toEqual({})
    expect(await taggedCount('project', 'tag-write-probe', a.id)).toBe(0)
  })

  it.each([
    ['RealUser is not a tag', { tags: [{ key: 'RealUser', value: 'mallory' }] }, /RealUser/],
    ['a blank key', { tags: [{ key: ' ', value: 'x' }] }, /key/],
    ['an empty value', { tags: [{ key: 'team', value: '' }] }, /value/],
    ['a key over 64 characters', { tags: [{ key: 'k'.repeat(65), value: 'x' }] }, /key/],
    ['51 pairs', { tags: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }, /tags/],
    ['no tags field', {}, /tags/],
    ['an unknown field', { tags: [], extra: 1 }, /extra|additional/],
  ])('400 for %s', async (_name, body, message) => {
    const before = storedTags(cdhApp().id)
    const res = await put(cdhApp().id, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message })
    expect(storedTags(cdhApp().id)).toEqual(before)
  })

  it('401 without a token, 403 for a read-only admin, 403 for another platform, 404 for an unknown app', async () => {
    const a = cdhApp()
    const body = { tags: [{ key: 'team', value: 'ml' }] }
    expect((await put(a.id, body, {})).statusCode).toBe(401)
    app.db
      .prepare(
        `INSERT OR IGNORE INTO users (username, password_hash, email, org, role, cluster_type, created_at,
                            frozen_start, frozen_end, frozen_yarn_cluster, frozen_impala_cluster, profile_json)
         SELECT 'tagreader', password_hash, 'tagreader@acme.example', org, 'readonlyAdmin', cluster_type, created_at,
                frozen_start, frozen_end, frozen_yarn_cluster, frozen_impala_cluster, profile_json
           FROM users WHERE username = 'admin'`,
      )
      .run()
    const readonly = auth(await signIn(app, 'tagreader', 'admin'))
    expect((await put(a.id, body, readonly)).statusCode).toBe(403)
    const other = await put(a.id, body, as('emr'))
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe(`Information for this application ${a.id} is forbidden.`)
    const missing = await put('application_1_000001', body)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(
      'Information for this application application_1_000001 is not available.',
    )
  })
})
