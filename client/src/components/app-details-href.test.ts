import { describe, expect, it } from 'vitest'
import { appDetailsHref, detailsType } from './app-details-href.ts'

describe('appDetailsHref (issue 17: every row naming an app links to its details)', () => {
  it.each([
    ['spark', 'spark'],
    ['SPARK', 'spark'],
    ['mr', 'mr'],
    ['MAPREDUCE', 'mr'],
    ['hivetz', 'hive'],
    ['tez', 'tez'],
    ['impala', 'impala'],
    ['bigquery', 'bigquery'],
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
})
