import type { EmrClusterSearchBody } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { searchEmrClusters } from '../src/db/repositories/emr-clusters.ts'
import { TEST_NOW_MS, testApp } from './helper.ts'

const DAY = 86_400_000
const EMR = { platform: 'EMR', clusterUids: [] } as const

/*
 * The list's tag facet is read two ways (repositories/emr-clusters.ts): a pass over the tags of the
 * window's clusters when few match the other filters, a probe per tag pair when many do. Both must
 * give the facet a user sees whatever the filters; forcing each way on the same requests shows it.
 */
describe('EMR cluster list: the tag facet', () => {
  let app: AppInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  const bodies: [string, EmrClusterSearchBody][] = [
    ['no filter, 90 days', { from: String(TEST_NOW_MS - 90 * DAY), to: String(TEST_NOW_MS) }],
    ['failed clusters only', { statuses: ['failed'] }],
    ['a tag chosen', { tags: { Owner: ['data-eng'] }, from: String(TEST_NOW_MS - 30 * DAY) }],
    ['a name and a cost range', { cluster_name_term: 'etl', minCost: 1, maxCost: 500 }],
    ['nothing matches', { cluster_name_term: 'no-such-cluster' }],
    ['without the product, long ones', { includeClustersWithUnravel: false, minDuration: 3_600_000 }],
  ]

  it.each(bodies)('%s: the pass and the probes give the same facet and page', (_, body) => {
    const byPass = searchEmrClusters(app.db, EMR, body, TEST_NOW_MS, Infinity)
    const byProbes = searchEmrClusters(app.db, EMR, body, TEST_NOW_MS, 0)
    expect(byProbes).toEqual(byPass)
  })

  it('offers every tag pair some matching cluster carries, and only those', () => {
    const body = {
      from: String(TEST_NOW_MS - 90 * DAY),
      to: String(TEST_NOW_MS),
      statuses: ['failed'] as const,
    }
    const facet = searchEmrClusters(app.db, EMR, { ...body, statuses: [...body.statuses] }, TEST_NOW_MS)
      .metadata.tags
    expect(facet.length).toBeGreaterThan(0)
    const carried = app.db
      .prepare(
        `SELECT DISTINCT t.key, t.value FROM emr_cluster_tags t JOIN emr_clusters c ON c.cluster_id = t.cluster_id
          WHERE c.end_state = 'TERMINATED_WITH_ERRORS' AND c.ended_at <= @now AND c.ended_at >= @from`,
      )
      .all({ now: TEST_NOW_MS, from: TEST_NOW_MS - 90 * DAY }) as { key: string; value: string }[]
    expect(facet.flatMap((f) => f.values.map((value) => `${f.key}=${value}`)).sort()).toEqual(
      carried.map((p) => `${p.key}=${p.value}`).sort(),
    )
  })
})
