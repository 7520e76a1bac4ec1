import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IGNORED_PARAMS_HEADER, knownParams } from '../src/plugins/ignored-params.ts'
import { auth, signIn, testApp } from './helper.ts'

/**
 * Issue 21: a query parameter a call does not know is ignored, as a real backend ignores it, and
 * named in x-costlens-ignored-params; a body field a closed contract does not know is still a 400.
 */
let app: FastifyInstance
let headers: Record<string, string>
beforeAll(async () => {
  app = await testApp()
  headers = auth(await signIn(app, 'admin'))
})
afterAll(() => app.close())

const get = (url: string) => app.inject({ url, headers })

describe('an unknown query parameter', () => {
  it.each([
    ['the cluster search (E007)', '/api/v1/cluster_search', 'bogus=1'],
    ['the job counts (E027)', '/api/v1/jobs/count', 'size=3'],
    ['the users and queues (E037)', '/api/v1/reports/data/get_all_users_queues', 'colour=red'],
  ])('%s: the same answer as without it, and the header names it', async (_name, url, extra) => {
    const plain = await get(url)
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}${extra}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers[IGNORED_PARAMS_HEADER]).toBe(extra.split('=')[0])
    expect(res.json()).toEqual(plain.json())
  })

  it('the header is absent when every parameter is known', async () => {
    const res = await get('/api/v1/apps/globalsearch?size=5')
    expect(res.statusCode).toBe(200)
    expect(res.headers[IGNORED_PARAMS_HEADER]).toBeUndefined()
  })

  it('names are URL-encoded and listed up to 20, then counted', async () => {
    const odd = await get('/api/v1/cluster_search?a%0D%0Ab=1&%C3%A9t%C3%A9=2')
    expect(odd.statusCode).toBe(200)
    expect(odd.headers[IGNORED_PARAMS_HEADER]).toBe('a%0D%0Ab,%C3%A9t%C3%A9')
    const many = Array.from({ length: 25 }, (_, i) => `p${i}=1`).join('&')
    const res = await get(`/api/v1/cluster_search?${many}`)
    expect(res.statusCode).toBe(200)
    const listed = String(res.headers[IGNORED_PARAMS_HEADER]).split(',')
    expect(listed).toHaveLength(21)
    expect(listed.at(-1)).toBe('...(5 more)')
  })

  it('a known parameter with a bad value is still a 400 beside an ignored one', async () => {
    const res = await get('/api/v1/cluster_search?dateFrom=-5&bogus=1')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })
})

describe('an unknown body field', () => {
  it('is still refused with a 400 where the contract is closed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/events/no_of_events',
      headers,
      payload: { ids: [], colour: 'red' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/additional properties/)
  })
})

describe('knownParams', () => {
  it.each([
    ['an open schema ignores nothing', { properties: { a: {} } }, undefined],
    ['a closed object', { properties: { a: {}, b: {} }, additionalProperties: false }, ['a', 'b']],
    [
      'a closed union of objects',
      { anyOf: [{ properties: { a: {} }, additionalProperties: false }, { properties: { b: {} } }] },
      ['a', 'b'],
    ],
    ['no schema', undefined, undefined],
  ])('%s', (_name, schema, names) => {
    const known = knownParams(schema)
    expect(known && [...known].sort()).toEqual(names)
  })
})
