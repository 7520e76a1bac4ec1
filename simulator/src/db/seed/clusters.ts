import type { ClusterType } from '@costlens/shared'
import type { Prng } from './prng.ts'
import { APP_HISTORY_DAYS } from './applications.ts'
import {
  DATABRICKS_ALL_PURPOSE_CLUSTERS,
  DATABRICKS_SIZES,
  DATABRICKS_WORKSPACES,
} from './databricks-catalogue.ts'
import type { Scale } from './scale.ts'

export interface SeedCluster {
  unravelId: string
  displayName: string
  clusterName: string
  kind: string
  platform: ClusterType
  region: string
  nodeCount: number
  createdAt: number
  terminatedAt: number | null
}

const DAY = 86_400_000

/**
 * Long-lived clusters per platform, named the way operators name them. Kinds are the API's
 * `clusterType` values (01 §3 default "Yarn"); node counts are typical for the platform.
 */
const FIXED: readonly (Omit<SeedCluster, 'createdAt' | 'terminatedAt' | 'nodeCount'> & {
  nodes: [number, number]
  ageDays: number
})[] = [
  {
    unravelId: 'cdh-prod-01',
    displayName: 'Production CDH',
    clusterName: 'prod-cdh-01',
    kind: 'Yarn',
    platform: 'CDH',
    region: 'dc-east',
    nodes: [60, 120],
    ageDays: 900,
  },
  {
    unravelId: 'cdh-etl-02',
    displayName: 'ETL CDH',
    clusterName: 'etl-cdh-02',
    kind: 'Yarn',
    platform: 'CDH',
    region: 'dc-east',
    nodes: [24, 48],
    ageDays: 600,
  },
  {
    unravelId: 'cdh-dev-03',
    displayName: 'Dev CDH',
    clusterName: 'dev-cdh-03',
    kind: 'Yarn',
    platform: 'CDH',
    region: 'dc-west',
    nodes: [6, 12],
    ageDays: 400,
  },
  {
    unravelId: 'hdp-analytics-01',
    displayName: 'Analytics HDP',
    clusterName: 'analytics-hdp-01',
    kind: 'Yarn',
    platform: 'HDP',
    region: 'dc-central',
    nodes: [40, 80],
    ageDays: 1200,
  },
  {
    unravelId: 'hdp-reporting-02',
    displayName: 'Reporting HDP',
    clusterName: 'reporting-hdp-02',
    kind: 'Yarn',
    platform: 'HDP',
    region: 'dc-central',
    nodes: [12, 24],
    ageDays: 800,
  },
  {
    unravelId: 'cdp-datalake-01',
    displayName: 'Data Lake CDP',
    clusterName: 'datalake-cdp-01',
    kind: 'Yarn',
    platform: 'CDP',
    region: 'us-east-1',
    nodes: [50, 100],
    ageDays: 500,
  },
  {
    unravelId: 'cdh-impala-01',
    displayName: 'Impala Analytics CDH',
    clusterName: 'impala-analytics-cdh-01',
    kind: 'Impala',
    platform: 'CDH',
    region: 'dc-east',
    nodes: [20, 40],
    ageDays: 700,
  },
  {
    unravelId: 'cdp-impala-01',
    displayName: 'Impala BI CDP',
    clusterName: 'impala-bi-cdp-01',
    kind: 'Impala',
    platform: 'CDP',
    region: 'us-east-1',
    nodes: [16, 32],
    ageDays: 500,
  },
  {
    unravelId: 'cdp-impala-02',
    displayName: 'Impala Adhoc CDP',
    clusterName: 'impala-adhoc-cdp-02',
    kind: 'Impala',
    platform: 'CDP',
    region: 'us-east-1',
    nodes: [8, 16],
    ageDays: 300,
  },
  // Presto (Trino) coordinators: interactive SQL beside YARN where the persona has Presto enabled.
  {
    unravelId: 'cdh-presto-01',
    displayName: 'Presto Interactive CDH',
    clusterName: 'presto-interactive-cdh-01',
    kind: 'Presto',
    platform: 'CDH',
    region: 'dc-east',
    nodes: [12, 24],
    ageDays: 400,
  },
  {
    unravelId: 'cdp-presto-01',
    displayName: 'Presto BI CDP',
    clusterName: 'presto-bi-cdp-01',
    kind: 'Presto',
    platform: 'CDP',
    region: 'us-east-1',
    nodes: [8, 16],
    ageDays: 250,
  },
  {
    unravelId: 'j-5PR3ST0QK8TRN',
    displayName: 'presto-interactive',
    clusterName: 'presto-interactive',
    kind: 'Presto',
    platform: 'EMR',
    region: 'us-east-1',
    nodes: [6, 16],
    ageDays: 150,
  },
  {
    unravelId: 'mapr-core-01',
    displayName: 'MapR Core',
    clusterName: 'mapr-core-01',
    kind: 'Yarn',
    platform: 'MAPR',
    region: 'dc-south',
    nodes: [20, 40],
    ageDays: 1500,
  },
  {
    unravelId: 'j-2AXXXXXXGAPLF',
    displayName: 'etl-nightly',
    clusterName: 'etl-nightly',
    kind: 'Yarn',
    platform: 'EMR',
    region: 'us-east-1',
    nodes: [10, 30],
    ageDays: 200,
  },
  {
    unravelId: 'j-1KZ3QX8PVD7TR',
    displayName: 'adhoc-analytics',
    clusterName: 'adhoc-analytics',
    kind: 'Yarn',
    platform: 'EMR',
    region: 'us-west-2',
    nodes: [4, 12],
    ageDays: 120,
  },
  {
    unravelId: 'j-3M9QWERT5YHJK',
    displayName: 'ml-feature-pipeline',
    clusterName: 'ml-feature-pipeline',
    kind: 'Yarn',
    platform: 'EMR',
    region: 'us-east-1',
    nodes: [8, 20],
    ageDays: 90,
  },
  {
    unravelId: '0412-083152-abc123',
    displayName: 'shared-analytics',
    clusterName: 'shared-analytics',
    kind: 'db_all_purpose',
    platform: 'DB',
    region: 'us-east-1',
    nodes: [4, 16],
    ageDays: 300,
  },
  {
    unravelId: '0519-101010-dsx77',
    displayName: 'data-science-gpu',
    clusterName: 'data-science-gpu',
    kind: 'db_all_purpose',
    platform: 'DB',
    region: 'us-east-1',
    nodes: [2, 8],
    ageDays: 200,
  },
  {
    unravelId: '1102-221530-job001',
    displayName: 'job-daily-ingest',
    clusterName: 'job-daily-ingest',
    kind: 'db_job',
    platform: 'DB',
    region: 'us-east-1',
    nodes: [4, 10],
    ageDays: 150,
  },
  {
    unravelId: '1102-221530-job002',
    displayName: 'job-hourly-aggregates',
    clusterName: 'job-hourly-aggregates',
    kind: 'db_job',
    platform: 'DB',
    region: 'us-west-2',
    nodes: [2, 6],
    ageDays: 150,
  },
  {
    unravelId: 'sf-acme-prod',
    displayName: 'ACME_PROD (us-east-1)',
    clusterName: 'acme_prod',
    kind: 'snowflake',
    platform: 'SNOWFLAKE',
    region: 'aws-us-east-1',
    nodes: [1, 1],
    ageDays: 700,
  },
  {
    unravelId: 'sf-acme-analytics',
    displayName: 'ACME_ANALYTICS (eu-west-1)',
    clusterName: 'acme_analytics',
    kind: 'snowflake',
    platform: 'SNOWFLAKE',
    region: 'aws-eu-west-1',
    nodes: [1, 1],
    ageDays: 400,
  },
  {
    unravelId: 'acme-data-prod',
    displayName: 'acme-data-prod',
    clusterName: 'acme-data-prod',
    kind: 'bigquery',
    platform: 'BIGQUERYV2',
    region: 'US',
    nodes: [1, 1],
    ageDays: 900,
  },
  {
    unravelId: 'acme-marketing-analytics',
    displayName: 'acme-marketing-analytics',
    clusterName: 'acme-marketing-analytics',
    kind: 'bigquery',
    platform: 'BIGQUERYV2',
    region: 'US',
    nodes: [1, 1],
    ageDays: 500,
  },
  {
    unravelId: 'acme-ml-sandbox',
    displayName: 'acme-ml-sandbox',
    clusterName: 'acme-ml-sandbox',
    kind: 'bigquery',
    platform: 'BIGQUERYV2',
    region: 'EU',
    nodes: [1, 1],
    ageDays: 200,
  },
  {
    unravelId: 'k8s-prod-eks',
    displayName: 'prod-eks (us-east-1)',
    clusterName: 'prod-eks',
    kind: 'k8s',
    platform: 'K8S',
    region: 'us-east-1',
    nodes: [20, 60],
    ageDays: 400,
  },
  {
    unravelId: 'k8s-staging-gke',
    displayName: 'staging-gke (us-central1)',
    clusterName: 'staging-gke',
    kind: 'k8s',
    platform: 'K8S',
    region: 'us-central1',
    nodes: [6, 15],
    ageDays: 250,
  },
]

const TRANSIENT_EMR_PURPOSES = [
  'spark-backfill',
  'hive-adhoc',
  'etl-retry',
  'ml-training',
  'presto-poc',
  'reporting-burst',
]

function emrClusterId(prng: Prng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  let id = 'j-'
  for (let i = 0; i < 13; i++) id += prng.pick([...alphabet])
  return id
}

/** Fixed clusters of every platform plus transient EMR clusters that came and went in the last 90 days. */
export function buildClusters(prng: Prng, now: number, transientEmr: number): SeedCluster[] {
  const fixed = FIXED.map(({ nodes, ageDays, ...c }) => ({
    ...c,
    nodeCount: prng.int(nodes[0], nodes[1]),
    createdAt: now - ageDays * DAY,
    terminatedAt: null,
  }))
  const transient = Array.from({ length: transientEmr }, (_, i) => {
    const createdAt = now - prng.int(1, 89) * DAY - prng.int(0, 23) * 3_600_000
    const name = `${prng.pick(TRANSIENT_EMR_PURPOSES)}-${String(i + 1).padStart(2, '0')}`
    return {
      unravelId: emrClusterId(prng),
      displayName: name,
      clusterName: name,
      kind: 'Yarn',
      platform: 'EMR' as const,
      region: prng.pick(['us-east-1', 'us-west-2']),
      nodeCount: prng.int(3, 25),
      createdAt,
      // Most transient clusters ran a few hours; a few are still up.
      terminatedAt: prng.chance(0.8) ? Math.min(now - 60_000, createdAt + prng.int(1, 12) * 3_600_000) : null,
    }
  })
  return [...fixed, ...transient.map(runningSinceBeforeAppHistory(now))]
}

/**
 * A transient cluster still up at seeding is one of the few long-running EMR clusters: the Yarn apps
 * seeded on the clusters that are up (seed/applications.ts) start anywhere in the last
 * APP_HISTORY_DAYS (and its long runs up to a day before), so such a cluster was created before that
 * history began, never after its apps. Draws nothing: the generator's sequence stays as it was.
 */
function runningSinceBeforeAppHistory(now: number) {
  const latestStart = now - (APP_HISTORY_DAYS + 2) * DAY
  return (cluster: SeedCluster): SeedCluster =>
    cluster.terminatedAt === null && cluster.createdAt > latestStart
      ? { ...cluster, createdAt: latestStart - (cluster.createdAt % DAY) }
      : cluster
}

/**
 * The `clusters` rows (platform DB, kind db_all_purpose) of the Databricks all-purpose clusters a
 * scale seeds beyond the two in FIXED (same ids, names, ages and regions as their db_clusters rows:
 * seed/databricks-world.ts), so that cluster_search and cluster access see every one. Drawn from
 * nothing (node count: max workers and the driver): every other table's rows stay as they were.
 */
export function databricksClusterRows(now: number, scale: Scale): SeedCluster[] {
  const fixed = new Set(FIXED.map((c) => c.unravelId))
  return DATABRICKS_ALL_PURPOSE_CLUSTERS.slice(0, DATABRICKS_SIZES[scale].clusters)
    .filter((c) => !fixed.has(c.clusterId))
    .map((c) => ({
      unravelId: c.clusterId,
      displayName: c.name,
      clusterName: c.name,
      kind: 'db_all_purpose',
      platform: 'DB' as const,
      region: DATABRICKS_WORKSPACES[c.workspace - 1]!.region,
      nodeCount: c.maxWorkers + 1,
      createdAt: now - c.ageDays * DAY,
      terminatedAt: null,
    }))
}
