import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { defineEndpoint, type Endpoint } from '../shared/src/endpoints/endpoint.ts'
import { ENDPOINT_TABLES } from '../shared/src/endpoints/tables.ts'
import { benchEntries, isBenchRow } from './rows.ts'

const all = Object.entries(ENDPOINT_TABLES).flatMap(([domain, table]) =>
  Object.entries(table).map(([name, entry]) => ({ key: `${domain}.${name}`, entry })),
)
const rowKeys = new Set(benchEntries().map((row) => row.key))

describe('the bench rule over the real endpoint tables', () => {
  it.each([
    'apps.unifiedSearch',
    'apps.globalSearch',
    'apps.usersAndQueues',
    'jobs.jobCount',
    'jobs.runningByStatus',
    'jobs.finishedByInefficiency',
    'pipelines.pipelineList',
    'clusters.cpuAllocated',
    'clusters.finishedYarnApps',
    'chargeback.cbTwoGroups',
    'snowflake.querySearch',
    'snowflake.costUsers',
    'snowflake.warehouseDetails',
    'emr.clusterSearch',
    'emr.costTrends',
    'budgets.list',
    'workflows.pipelineRuns',
  ])('%s (a list or a series) is a row', (key) => {
    expect(rowKeys.has(key)).toBe(true)
  })

  it.each([
    ['budgets.create', 'a write'],
    ['appDetails.sendComment', 'a write'],
    ['appDetails.killApp', 'a write'],
    ['auth.webSignIn', 'sign-in'],
    ['auth.isValidToken', "the session's own profile"],
    ['jobs.lastChecked', 'one value'],
    ['emr.clusterDetails', "one record's details"],
    ['spark.jobs', "one application's details"],
    ['appDetails.events', 'one application, named by its required app_id'],
  ])('%s is not a row (%s)', (key) => {
    expect(rowKeys.has(key)).toBe(false)
  })

  it('no write, auth call or /__sim route is a row', () => {
    for (const { key, entry } of all)
      if (
        entry.changesState ||
        entry.access?.public ||
        entry.tags.includes('auth') ||
        entry.path.startsWith('/__sim')
      )
        expect(rowKeys.has(key), key).toBe(false)
  })

  it('every reading entry over the data set that answers an array is a row', () => {
    for (const { key, entry } of all) {
      const overData = !/\{(?!cluster\}|group1\}|group2\}|warehouseUid\}|pipeline\})/.test(entry.path)
      const reads =
        !entry.changesState && !entry.access?.public && (entry.method === 'GET' || entry.method === 'POST')
      const required = [
        ...(((entry.querystring as { required?: string[] }) ?? {}).required ?? []),
        ...(((entry.body as { required?: string[] }) ?? {}).required ?? []),
      ]
      if (
        reads &&
        overData &&
        !required.some((f) => /id$/i.test(f)) &&
        (entry.response as { type?: string }).type === 'array'
      )
        expect(rowKeys.has(key), key).toBe(true)
    }
  })

  it('a new area joins by being in a table: its list call is a row, its write and its details are not', () => {
    const list = defineEndpoint({
      method: 'GET',
      path: '/api/v1/newarea/things',
      specIds: [],
      tags: ['newarea'],
      summary: 'things in a window',
      querystring: Type.Object({ start_time: Type.Integer(), end_time: Type.Integer() }),
      response: Type.Object({ rows: Type.Array(Type.String()) }),
    })
    const write: Endpoint = { ...list, method: 'POST', changesState: true }
    const details: Endpoint = { ...list, path: '/api/v1/newarea/things/{id}' }
    expect(isBenchRow(list)).toBe(true)
    expect(isBenchRow(write)).toBe(false)
    expect(isBenchRow(details)).toBe(false)
    const keys = benchEntries({ newarea: { list, write, details } }).map((row) => row.key)
    expect(keys).toEqual(['newarea.list'])
  })
})
