import { describe, expect, it } from 'vitest'
import { appDetailsHref, bigQueryJobHref, detailsType } from './app-details-href.ts'

describe('appDetailsHref (issue 17: every row naming an app links to its details)', () => {
  it.each([
    ['spark', 'spark'],
    ['SPARK', 'spark'],
    ['mr', 'mr'],
    ['MAPREDUCE', 'mr'],
    ['hivetz', 'hive'],
    ['tez', 'tez'],
    ['impala', 'impala'],
    ['presto', 'presto'],
  ])('the list kind %s opens the %s details page', (kind, type) => {
    expect(detailsType(kind)).toBe(type)
  })

  it('addresses the app by execId and clusterUid; no cluster or every cluster (*) leaves clusterUid out', () => {
    expect(appDetailsHref({ kind: 'spark', id: 'application_1_000002', clusterUid: 'cdh-prod-01' })).toBe(
      '/app/application/spark?execId=application_1_000002&clusterUid=cdh-prod-01',
    )
    expect(appDetailsHref({ kind: 'MAPREDUCE', id: 'application_1_000003' })).toBe(
      '/app/application/mr?execId=application_1_000003',
    )
    expect(appDetailsHref({ kind: 'mr', id: 'a', clusterUid: '*' })).toBe('/app/application/mr?execId=a')
  })

  it('R108: Presto queries open their own route, the same page with the type fixed', () => {
    expect(
      appDetailsHref({ kind: 'presto', id: '20261122_101500_00042_ab1cd', clusterUid: 'cdh-presto-01' }),
    ).toBe('/app/application/apptype/presto?execId=20261122_101500_00042_ab1cd&clusterUid=cdh-presto-01')
    expect(appDetailsHref({ kind: 'impala', id: '0000000000000001:00ab000000000000' })).toBe(
      '/app/application/impala?execId=0000000000000001%3A00ab000000000000',
    )
  })

  it('R109, R157 (issue 19): a BigQuery job opens its own job details (E167), not an application page', () => {
    expect(appDetailsHref({ kind: 'BIGQUERY', id: 'bquxjob_1a_2b', clusterUid: 'acme-data-prod' })).toBe(
      '/job/bquxjob_1a_2b/details',
    )
    expect(bigQueryJobHref('a b')).toBe('/job/a%20b/details')
    expect(bigQueryJobHref('')).toBe('/job/list')
  })
})
