import { describe, expect, it } from 'vitest'
import { Type } from 'typebox'
import {
  defineEndpoint,
  fillPath,
  pathParamNames,
  routerPath,
  splitArgs,
  type EndpointArgs,
} from './endpoint.ts'
import { sparkEndpoints } from './spark.ts'

const response = Type.Object({})
const details = defineEndpoint({
  method: 'GET',
  path: '/api/v1/emr/clusters/{clusterId}',
  specIds: [],
  summary: 'one cluster',
  tags: ['emr'],
  params: Type.Object({ clusterId: Type.String() }),
  querystring: Type.Object({ from: Type.Optional(Type.String()) }),
  response,
})
const search = defineEndpoint({
  method: 'POST',
  path: '/api/v1/emr/clusters/search',
  specIds: ['E040'],
  summary: 'search',
  tags: ['emr'],
  body: Type.Object({ page: Type.Number() }),
  response,
})
const both = defineEndpoint({
  method: 'POST',
  path: '/api/v1/x/{id}',
  specIds: [],
  summary: 'both',
  tags: ['x'],
  querystring: Type.Object({ clusterUid: Type.String() }),
  body: Type.Object({ name: Type.String() }),
  response,
})

describe('endpoint table entries', () => {
  it.each([
    ['/api/v1/a/{x}/b/{y}', ['x', 'y'], '/api/v1/a/:x/b/:y'],
    ['/api/v1/search/awscb/{group1}/{group2}', ['group1', 'group2'], '/api/v1/search/awscb/:group1/:group2'],
    ['/api/v1/plain', [], '/api/v1/plain'],
  ])('%s has parameters %j and router path %s', (path, names, router) => {
    expect(pathParamNames(path)).toEqual(names)
    expect(routerPath(path)).toBe(router)
  })

  it('fills path parameters URL-encoded, so an id cannot add a path segment', () => {
    expect(fillPath(details.path, { clusterId: 'j-1/../x y' })).toBe('/api/v1/emr/clusters/j-1%2F..%2Fx%20y')
  })

  it('splits a flat argument object into path, query and body as the entry says', () => {
    expect(splitArgs(details, { clusterId: 'j-2', from: '2026-11-01' })).toEqual({
      url: '/api/v1/emr/clusters/j-2',
      params: { from: '2026-11-01' },
    })
    expect(splitArgs(details, { clusterId: 'j-2' })).toEqual({ url: '/api/v1/emr/clusters/j-2' })
    expect(splitArgs(search, { page: 2 })).toEqual({ url: '/api/v1/emr/clusters/search', body: { page: 2 } })
    expect(splitArgs(both, { id: '7', clusterUid: 'c1', name: 'n' })).toEqual({
      url: '/api/v1/x/7',
      params: { clusterUid: 'c1' },
      body: { name: 'n' },
    })
  })

  it('sends a query field a path parameter shadows under its wire name (E106 ?id=)', () => {
    const executions = defineEndpoint({
      ...details,
      path: '/api/v1/spark/{platform}/{id}/executions',
      queryArgs: { id: 'executionId' },
    })
    expect(splitArgs(executions, { platform: 'c1', id: 'application_1_2', executionId: 3 })).toEqual({
      url: '/api/v1/spark/c1/application_1_2/executions',
      params: { id: 3 },
    })
    expect(splitArgs(executions, { platform: 'c1', id: 'application_1_2' })).toEqual({
      url: '/api/v1/spark/c1/application_1_2/executions',
    })
    // The table's own entry types both: the app id a string, the execution id a number.
    const args: EndpointArgs<typeof sparkEndpoints.executions> = {
      platform: 'c1',
      id: 'application_1_2',
      executionId: 3,
    }
    expect(splitArgs(sparkEndpoints.executions, args).params).toEqual({ id: 3 })
  })
})
