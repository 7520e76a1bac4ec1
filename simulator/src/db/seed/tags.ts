import type { Prng } from './prng.ts'
import type { SeedCluster } from './clusters.ts'

export interface SeedTag {
  clusterUid: string
  source: 'yarn' | 'impala' | 'big_query' | 'DBX_CLUSTER' | 'aws'
  key: string
  value: string
  firstSeen: number
  lastSeen: number
}

const DAY = 86_400_000

/** Tag vocabularies as platform teams use them; RealUser is stored (apps carry it) but never listed. */
const VOCABULARY: Record<string, readonly string[]> = {
  team: ['data-eng', 'analytics', 'ml-platform', 'finance-bi', 'marketing-analytics', 'risk'],
  cost_center: ['CC-1001', 'CC-1002', 'CC-2040', 'CC-3107'],
  env: ['prod', 'staging', 'dev'],
  project: ['customer-360', 'fraud-detection', 'revenue-reporting', 'clickstream', 'recommendations'],
  RealUser: ['svc_etl', 'svc_airflow', 'j.doe'],
}
const AWS_VOCABULARY: Record<string, readonly string[]> = {
  Owner: ['data-eng', 'analytics', 'ml-platform'],
  env: ['prod', 'staging'],
  CostCenter: ['CC-1001', 'CC-2040'],
}

function sourceFor(cluster: SeedCluster): SeedTag['source'] | undefined {
  switch (cluster.kind) {
    case 'Yarn':
      return 'yarn'
    case 'Impala':
      return 'impala'
    case 'bigquery':
      return 'big_query'
    case 'db_all_purpose':
    case 'db_job':
      return 'DBX_CLUSTER'
    default:
      return undefined
  }
}

export function buildTags(prng: Prng, clusters: SeedCluster[], now: number): SeedTag[] {
  const tags: SeedTag[] = []
  for (const cluster of clusters) {
    const lastSeen = cluster.terminatedAt ?? now
    const source = sourceFor(cluster)
    if (source) {
      for (const [key, values] of Object.entries(VOCABULARY)) {
        // Each cluster sees a few values of each key over its life.
        const picked = new Set(Array.from({ length: prng.int(1, 3) }, () => prng.pick(values)))
        for (const value of picked) {
          const firstSeen = Math.max(cluster.createdAt, now - prng.int(30, 120) * DAY)
          tags.push({ clusterUid: cluster.unravelId, source, key, value, firstSeen, lastSeen })
        }
      }
    }
    if (cluster.platform === 'EMR') {
      const release = `emr-${prng.pick(['6.15.0', '7.1.0', '7.2.0', '7.5.0'])}`
      tags.push({
        clusterUid: cluster.unravelId,
        source: 'aws',
        key: 'EMR_Release',
        value: release,
        firstSeen: cluster.createdAt,
        lastSeen,
      })
      for (const [key, values] of Object.entries(AWS_VOCABULARY))
        tags.push({
          clusterUid: cluster.unravelId,
          source: 'aws',
          key,
          value: prng.pick(values),
          firstSeen: cluster.createdAt,
          lastSeen,
        })
    }
  }
  return tags
}
