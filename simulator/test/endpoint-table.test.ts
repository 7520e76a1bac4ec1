import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINT_TABLES } from '@costlens/shared'
import type { AppInstance } from '../src/app.ts'
import { testApp } from './helper.ts'

interface Operation {
  'x-spec-ids'?: string[]
  description?: string
  security?: unknown[]
}

/** Every entry of every domain's endpoint table is served as it says: path, verb, ids, privacy. */
describe('the endpoint tables', () => {
  let app: AppInstance
  let paths: Record<string, Record<string, Operation>>
  beforeAll(async () => {
    app = await testApp()
    await app.ready()
    paths = (app.swagger() as { paths: typeof paths }).paths
  })
  afterAll(() => app.close())

  const entries = Object.entries(ENDPOINT_TABLES).flatMap(([domain, table]) =>
    Object.entries(table).map(([name, entry]) => ({ id: `${domain}.${name}`, entry })),
  )

  it.each(entries)('$id is registered at its path and verb with its catalogue ids', ({ entry }) => {
    const operation = paths[entry.path]?.[entry.method.toLowerCase()]
    expect(operation, `${entry.method} ${entry.path}`).toBeDefined()
    expect(operation!['x-spec-ids']).toEqual([...entry.specIds])
    // Private unless the entry says public (the sign-in calls): OpenAPI's empty security list.
    if (entry.access?.public) expect(operation!.security).toEqual([])
    else expect(operation!.security).toBeUndefined()
    if (entry.pathIsOurs) expect(operation!.description).toMatch(/spec shows no path/)
  })

  it.each(entries.filter(({ entry }) => !entry.access?.public))(
    '$id answers 401 without a token',
    async ({ entry }) => {
      const url = entry.path.replace(/\{(\w+)\}/g, 'x')
      const res = await app.inject({ method: entry.method, url, payload: entry.body ? {} : undefined })
      expect(res.statusCode).toBe(401)
    },
  )
})
