import {
  costOptimised,
  hourlyCost,
  instancePrices,
  nodeDownsizing,
  type EmrInstanceRole,
  type EmrMarketType,
  type PricedGroup,
} from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { insertRows } from './bulk-insert.ts'
import type { SeedCluster } from './clusters.ts'
import type { Prng } from './prng.ts'
import type { Scale } from './scale.ts'
import type { SeedTag } from './tags.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How far back the EMR clusters go. */
export const EMR_HISTORY_DAYS = 90

/**
 * Job clusters and long-running clusters the product does not watch, per scale, besides the EMR
 * rows of `clusters` (which it does). Job clusters come and go all day; the long-running ones are
 * shared notebooks, BI engines and streaming.
 */
export const EMR_SIZES: Record<Scale, { jobClusters: number; longRunning: number }> = {
  small: { jobClusters: 300, longRunning: 2 },
  demo: { jobClusters: 3_000, longRunning: 6 },
  large: { jobClusters: 20_000, longRunning: 20 },
}

type Family = 'm5' | 'r5' | 'c5'

/**
 * The jobs that start job clusters, as a data platform runs them: owner team, cost centre and
 * environment (the values of the AWS tags seed/tags.ts gives the watched clusters), how often each
 * runs (weight), its typical run, the instance family its work fits, its worker count, and how
 * likely a run was sized well beyond its peak (the down-sizing events).
 */
const JOBS: readonly {
  name: string
  owner: 'data-eng' | 'analytics' | 'ml-platform'
  costCenter: 'CC-1001' | 'CC-2040'
  env: 'prod' | 'staging'
  weight: number
  medianMinutes: number
  family: Family
  workers: [number, number]
  oversized: number
  apps: string
}[] = [
  {
    name: 'orders-etl',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 8,
    medianMinutes: 55,
    family: 'r5',
    workers: [6, 24],
    oversized: 0.2,
    apps: 'Hadoop,Spark,Hive',
  },
  {
    name: 'clickstream-sessionize',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 7,
    medianMinutes: 70,
    family: 'm5',
    workers: [8, 40],
    oversized: 0.3,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'cdc-merge',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 9,
    medianMinutes: 20,
    family: 'm5',
    workers: [2, 8],
    oversized: 0.15,
    apps: 'Hadoop,Spark,Hive',
  },
  {
    name: 's3-compaction',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 4,
    medianMinutes: 35,
    family: 'c5',
    workers: [4, 16],
    oversized: 0.35,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'spark-backfill',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'staging',
    weight: 2,
    medianMinutes: 180,
    family: 'r5',
    workers: [10, 60],
    oversized: 0.45,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'data-quality-checks',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 5,
    medianMinutes: 15,
    family: 'm5',
    workers: [2, 6],
    oversized: 0.4,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'etl-retry',
    owner: 'data-eng',
    costCenter: 'CC-1001',
    env: 'prod',
    weight: 2,
    medianMinutes: 30,
    family: 'm5',
    workers: [2, 10],
    oversized: 0.25,
    apps: 'Hadoop,Spark,Hive',
  },
  {
    name: 'reporting-burst',
    owner: 'analytics',
    costCenter: 'CC-2040',
    env: 'prod',
    weight: 5,
    medianMinutes: 45,
    family: 'r5',
    workers: [4, 20],
    oversized: 0.35,
    apps: 'Hadoop,Hive,Tez',
  },
  {
    name: 'hive-adhoc',
    owner: 'analytics',
    costCenter: 'CC-2040',
    env: 'staging',
    weight: 3,
    medianMinutes: 90,
    family: 'r5',
    workers: [2, 12],
    oversized: 0.55,
    apps: 'Hadoop,Hive,Tez,Hue',
  },
  {
    name: 'presto-poc',
    owner: 'analytics',
    costCenter: 'CC-2040',
    env: 'staging',
    weight: 1,
    medianMinutes: 120,
    family: 'r5',
    workers: [3, 10],
    oversized: 0.5,
    apps: 'Hadoop,Presto',
  },
  {
    name: 'marketing-attribution',
    owner: 'analytics',
    costCenter: 'CC-2040',
    env: 'prod',
    weight: 3,
    medianMinutes: 50,
    family: 'm5',
    workers: [4, 16],
    oversized: 0.3,
    apps: 'Hadoop,Spark,Hive',
  },
  {
    name: 'ml-training',
    owner: 'ml-platform',
    costCenter: 'CC-2040',
    env: 'prod',
    weight: 3,
    medianMinutes: 150,
    family: 'c5',
    workers: [4, 30],
    oversized: 0.3,
    apps: 'Hadoop,Spark,Livy',
  },
  {
    name: 'feature-store-refresh',
    owner: 'ml-platform',
    costCenter: 'CC-2040',
    env: 'prod',
    weight: 5,
    medianMinutes: 40,
    family: 'r5',
    workers: [4, 20],
    oversized: 0.25,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'recommendation-scoring',
    owner: 'ml-platform',
    costCenter: 'CC-2040',
    env: 'prod',
    weight: 4,
    medianMinutes: 25,
    family: 'c5',
    workers: [4, 24],
    oversized: 0.3,
    apps: 'Hadoop,Spark',
  },
  {
    name: 'model-backtest',
    owner: 'ml-platform',
    costCenter: 'CC-2040',
    env: 'staging',
    weight: 2,
    medianMinutes: 240,
    family: 'c5',
    workers: [8, 48],
    oversized: 0.4,
    apps: 'Hadoop,Spark,Livy',
  },
]

/** Long-running clusters the product does not watch: what stays up for people rather than jobs. */
const LONG_RUNNING: readonly {
  name: string
  owner: 'data-eng' | 'analytics' | 'ml-platform'
  family: Family
  apps: string
}[] = [
  {
    name: 'shared-notebooks',
    owner: 'ml-platform',
    family: 'r5',
    apps: 'Hadoop,Spark,Livy,JupyterEnterpriseGateway',
  },
  { name: 'presto-bi', owner: 'analytics', family: 'r5', apps: 'Hadoop,Presto,Hue' },
  { name: 'streaming-ingest', owner: 'data-eng', family: 'm5', apps: 'Hadoop,Spark,Flink' },
  { name: 'hbase-serving', owner: 'data-eng', family: 'r5', apps: 'Hadoop,HBase,ZooKeeper' },
  { name: 'airflow-sandbox', owner: 'data-eng', family: 'm5', apps: 'Hadoop,Spark,Hive' },
]

const RELEASES = ['emr-6.15.0', 'emr-7.1.0', 'emr-7.2.0', 'emr-7.5.0'] as const
const SIZES: Record<Family, readonly string[]> = {
  m5: ['m5.2xlarge', 'm5.4xlarge'],
  r5: ['r5.2xlarge', 'r5.4xlarge'],
  c5: ['c5.2xlarge', 'c5.4xlarge'],
}

/** Clusters started per hour of the day (UTC): the nightly batch at 01:00-05:00, a working-day plateau. */
const HOUR_WEIGHT = [3, 8, 10, 10, 8, 5, 3, 3, 4, 5, 5, 5, 5, 5, 5, 5, 4, 4, 3, 3, 2, 2, 2, 2]
const MAX_HOUR_WEIGHT = Math.max(...HOUR_WEIGHT)

/** One EMR cluster as seeded: its row, groups, tags and down-sizing events. */
interface EmrSeedCluster {
  clusterId: string
  clusterName: string
  region: string
  releaseLabel: string
  applications: string
  withUnravel: boolean
  createdAt: number
  readyAt: number | null
  endedAt: number | null
  endState: 'TERMINATED' | 'TERMINATED_WITH_ERRORS'
  reason: [code: string, message: string]
  idle: boolean
  groups: PricedGroup[]
  requested: Partial<Record<EmrInstanceRole, number>>
  peak: number
  utilBasis: 'yarn-apps' | 'cluster-utilisation'
  tags: Record<string, string>
}

function lognormal(prng: Prng, median: number, sigma: number): number {
  const u = Math.max(prng.next(), 1e-12)
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next())
  return median * Math.exp(sigma * z)
}

function weightedJob(prng: Prng) {
  const total = JOBS.reduce((n, j) => n + j.weight, 0)
  let roll = prng.next() * total
  for (const job of JOBS) if ((roll -= job.weight) < 0) return job
  return JOBS[JOBS.length - 1]!
}

function clusterId(prng: Prng, taken: Set<string>): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  for (;;) {
    let id = 'j-'
    for (let i = 0; i < 13; i++) id += alphabet[Math.floor(prng.next() * alphabet.length)]
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
  }
}

function group(
  role: EmrInstanceRole,
  instanceType: string,
  running: number,
  market: EmrMarketType,
  ebsGb: number,
  spotDiscount: number,
): PricedGroup {
  return {
    role,
    instanceType,
    market,
    running,
    ebsGb,
    ...instancePrices(instanceType, market, ebsGb, spotDiscount),
  }
}

/** A start time in the history, more of them in the nightly batch hours (rejection sampling). */
function creationTime(prng: Prng, now: number): number {
  for (;;) {
    const at = now - MINUTE - Math.floor(prng.next() * (EMR_HISTORY_DAYS * DAY - MINUTE))
    if (prng.next() * MAX_HOUR_WEIGHT < HOUR_WEIGHT[new Date(at).getUTCHours()]!) return at
  }
}

function mmddhhmm(at: number): string {
  const d = new Date(at)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}`
}

/** Worker groups of `workers` nodes: core on demand, often a Spot task group beside it. */
function workerGroups(prng: Prng, family: Family, workers: number, staging: boolean): PricedGroup[] {
  const type = prng.pick(SIZES[family])
  const ebs = prng.pick([64, 128, 256])
  const spotDiscount = 0.55 + prng.next() * 0.2
  const withTask = workers >= 4 && prng.chance(0.6)
  const core = withTask ? Math.max(2, Math.round(workers * (0.3 + prng.next() * 0.3))) : workers
  const master = group(
    'MASTER',
    family === 'r5' ? 'm5.2xlarge' : 'm5.xlarge',
    1,
    'ON_DEMAND',
    64,
    spotDiscount,
  )
  const groups = [
    master,
    group('CORE', type, core, staging && prng.chance(0.3) ? 'SPOT' : 'ON_DEMAND', ebs, spotDiscount),
  ]
  if (withTask)
    groups.push(
      group('TASK', type, workers - core, prng.chance(0.8) ? 'SPOT' : 'ON_DEMAND', ebs, spotDiscount),
    )
  return groups
}

function jobCluster(prng: Prng, now: number, taken: Set<string>): EmrSeedCluster {
  const job = weightedJob(prng)
  const createdAt = creationTime(prng, now)
  const readyAt = createdAt + Math.round((6 + prng.next() * 6) * MINUTE)
  const roll = prng.next()
  const bootstrapFailure = roll < 0.03
  const stepFailure = !bootstrapFailure && roll < 0.07
  const life = bootstrapFailure
    ? Math.round((4 + prng.next() * 8) * MINUTE)
    : Math.round(
        Math.min(
          14 * HOUR,
          Math.max(readyAt - createdAt + 3 * MINUTE, lognormal(prng, job.medianMinutes * MINUTE, 0.8)),
        ),
      )
  const workers = prng.int(job.workers[0], job.workers[1])
  const groups = workerGroups(prng, job.family, workers, job.env === 'staging')
  const requested: EmrSeedCluster['requested'] = {}
  // Spot capacity is not always there: a task group sometimes runs short of what it asked for.
  const task = groups.find((g) => g.role === 'TASK')
  if (task?.market === 'SPOT' && task.running > 2 && prng.chance(0.15)) {
    requested.TASK = task.running
    task.running -= prng.int(1, Math.floor(task.running / 2))
  }
  const oversized = prng.chance(job.oversized)
  const peak = bootstrapFailure ? 0 : oversized ? 0.1 + prng.next() * 0.35 : 0.55 + prng.next() * 0.4
  const reason: EmrSeedCluster['reason'] = bootstrapFailure
    ? prng.pick([
        [
          'BOOTSTRAP_FAILURE',
          'On the master instance (i-0a1b2c3d): bootstrap action 1 returned a non-zero return code',
        ],
        [
          'VALIDATION_ERROR',
          'The requested instance type is not supported in the requested Availability Zone.',
        ],
        ['INSTANCE_FAILURE', 'EC2 is out of capacity for the requested instance type.'],
      ] as const)
    : stepFailure
      ? ['STEP_FAILURE', `Shut down as step failed: ${job.name} spark-submit exited with code 1`]
      : prng.chance(0.85)
        ? ['ALL_STEPS_COMPLETED', 'Steps completed']
        : ['USER_REQUEST', 'Terminated by user request']
  return {
    clusterId: clusterId(prng, taken),
    clusterName: `${job.name}-${mmddhhmm(createdAt)}`,
    region: prng.chance(0.75) ? 'us-east-1' : 'us-west-2',
    releaseLabel: prng.chance(0.8) ? RELEASES[(job.name.length % 2) + 2]! : prng.pick(RELEASES),
    applications: job.apps,
    withUnravel: false,
    createdAt,
    readyAt: bootstrapFailure ? null : readyAt,
    endedAt: createdAt + life,
    endState: bootstrapFailure || stepFailure ? 'TERMINATED_WITH_ERRORS' : 'TERMINATED',
    reason,
    // Steps done but not auto-terminated: waiting (and paid) until someone notices.
    idle: prng.chance(0.1),
    groups,
    requested,
    peak,
    utilBasis: 'cluster-utilisation',
    tags: { Owner: job.owner, env: job.env, CostCenter: job.costCenter },
  }
}

function longRunningCluster(prng: Prng, now: number, taken: Set<string>, index: number): EmrSeedCluster {
  const spec = LONG_RUNNING[index % LONG_RUNNING.length]!
  const createdAt = now - prng.int(10, EMR_HISTORY_DAYS - 5) * DAY - prng.int(0, 23) * HOUR
  const suffix = index >= LONG_RUNNING.length ? `-${Math.floor(index / LONG_RUNNING.length) + 1}` : ''
  return {
    clusterId: clusterId(prng, taken),
    clusterName: `${spec.name}${suffix}`,
    region: 'us-east-1',
    releaseLabel: prng.pick(RELEASES),
    applications: spec.apps,
    withUnravel: false,
    createdAt,
    readyAt: createdAt + prng.int(7, 14) * MINUTE,
    endedAt: null,
    endState: 'TERMINATED',
    reason: ['', ''],
    idle: prng.chance(0.5),
    groups: workerGroups(prng, spec.family, prng.int(3, 12), false),
    requested: {},
    // Sized for the Monday peak, idle the rest of the week: the classic down-sizing case.
    peak: 0.2 + prng.next() * 0.5,
    utilBasis: 'cluster-utilisation',
    tags: { Owner: spec.owner, env: 'prod', CostCenter: spec.owner === 'analytics' ? 'CC-2040' : 'CC-1001' },
  }
}

/**
 * The EMR clusters the product watches: the EMR rows of `clusters` (seeded before, with their Yarn
 * apps and YARN capacity), priced from that capacity: the master on demand, 60 % of the node
 * managers as core nodes on demand, the rest as Spot task nodes. Their peak use is the busiest
 * 2-minute bucket of their apps (cluster_resources) against that capacity.
 */
function watchedClusters(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  tags: readonly SeedTag[],
): EmrSeedCluster[] {
  const capacity = db.prepare(
    `SELECT y.node_type AS type, y.nodes, y.node_vcores AS vcores,
            (SELECT max(r.vcores_allocated) FROM cluster_resources r WHERE r.cluster_uid = y.cluster_uid) AS busiest
       FROM yarn_capacity y WHERE y.cluster_uid = ?`,
  )
  return clusters
    .filter((c) => c.platform === 'EMR')
    .map((c) => {
      const cap = capacity.get(c.unravelId) as
        { type: string; nodes: number; vcores: number; busiest: number | null } | undefined
      const spotDiscount = 0.55 + prng.next() * 0.2
      const nodes = cap?.nodes ?? Math.max(2, c.nodeCount - 1)
      const type = cap?.type ?? 'm5.2xlarge'
      const core = Math.max(1, Math.ceil(nodes * 0.6))
      const groups = [
        group('MASTER', 'm5.xlarge', 1, 'ON_DEMAND', 64, spotDiscount),
        group('CORE', type, core, 'ON_DEMAND', 128, spotDiscount),
      ]
      if (nodes > core) groups.push(group('TASK', type, nodes - core, 'SPOT', 128, spotDiscount))
      const own = Object.fromEntries(
        tags.filter((t) => t.clusterUid === c.unravelId && t.source === 'aws').map((t) => [t.key, t.value]),
      )
      const yarnPeak =
        cap?.busiest != null && cap.nodes > 0
          ? Math.min(1, cap.busiest / (cap.nodes * cap.vcores))
          : undefined
      return {
        clusterId: c.unravelId,
        clusterName: c.clusterName,
        region: c.region,
        releaseLabel: own.EMR_Release ?? 'emr-7.1.0',
        applications: c.kind === 'Presto' ? 'Hadoop,Presto' : 'Hadoop,Spark,Hive,Tez,Livy',
        withUnravel: true,
        createdAt: c.createdAt,
        readyAt: c.createdAt + prng.int(6, 12) * MINUTE,
        endedAt: c.terminatedAt,
        endState: 'TERMINATED' as const,
        reason: (c.terminatedAt === null ? ['', ''] : ['ALL_STEPS_COMPLETED', 'Steps completed']) as [
          string,
          string,
        ],
        idle: false,
        groups,
        requested: {},
        peak: yarnPeak ?? 0.3 + prng.next() * 0.6,
        utilBasis: yarnPeak === undefined ? ('cluster-utilisation' as const) : ('yarn-apps' as const),
        tags: own,
      }
    })
}

/**
 * Seeds the EMR clusters (schema.sql emr_*): the watched ones of `clusters`, then the job and
 * long-running clusters the product does not watch, from their own generator so the other tables'
 * rows stay as they were. Runs after the applications and the YARN capacity, which the watched
 * clusters are priced and measured from. One transaction, one multi-row insert per table.
 */
export function seedEmrClusters(
  db: Db,
  prng: Prng,
  clusters: readonly SeedCluster[],
  tags: readonly SeedTag[],
  now: number,
  scale: Scale,
): number {
  const sizes = EMR_SIZES[scale]
  const taken = new Set(clusters.map((c) => c.unravelId))
  const all = [
    ...watchedClusters(db, prng, clusters, tags),
    ...Array.from({ length: sizes.longRunning }, (_, i) => longRunningCluster(prng, now, taken, i)),
    ...Array.from({ length: sizes.jobClusters }, () => jobCluster(prng, now, taken)),
  ]
  const clusterRows: unknown[][] = []
  const groupRows: unknown[][] = []
  const tagRows: unknown[][] = []
  const eventRows: unknown[][] = []
  for (const c of all) {
    const hourly = hourlyCost(c.groups)
    const alive = Math.min(now, c.endedAt ?? now) - c.createdAt
    // The analysis looks at a cluster once it has run half an hour past its bootstrap.
    const observedAt = (c.readyAt ?? Infinity) + 30 * MINUTE
    const events = observedAt <= c.createdAt + alive ? nodeDownsizing(c.groups, c.peak) : []
    const markets = [...new Set(c.groups.map((g) => g.market))].sort().join(',')
    clusterRows.push([
      c.clusterId,
      c.clusterName,
      c.region,
      c.releaseLabel,
      c.applications,
      c.withUnravel ? 1 : 0,
      c.createdAt,
      c.readyAt,
      c.endedAt,
      c.endState,
      c.reason[0],
      c.reason[1],
      c.idle ? 1 : 0,
      markets,
      c.groups.reduce((n, g) => n + g.running, 0),
      hourly.ec2,
      hourly.emr,
      hourly.ebs,
      hourlyCost(costOptimised(c.groups, c.peak)).total,
      c.peak,
      c.utilBasis,
      events.length,
    ])
    for (const g of c.groups)
      groupRows.push([
        c.clusterId,
        g.role,
        g.instanceType,
        g.market,
        c.requested[g.role] ?? g.running,
        g.running,
        g.ebsGb,
        g.ec2Hourly,
        g.emrHourly,
        g.ebsHourly,
      ])
    const allTags = { ...c.tags, EMR_Release: c.releaseLabel, 'unravel-installed': String(c.withUnravel) }
    for (const [key, value] of Object.entries(allTags)) tagRows.push([c.clusterId, key, value])
    for (const e of events)
      eventRows.push([
        c.clusterId,
        'NODE_DOWNSIZING',
        observedAt,
        e.role,
        e.instanceType,
        e.currentNodes,
        e.recommendedNodes,
        e.peakUtilisation,
        e.message,
      ])
  }
  db.transaction(() => {
    insertRows(db, 'emr_clusters', EMR_CLUSTER_COLUMNS, clusterRows)
    insertRows(db, 'emr_instance_groups', EMR_GROUP_COLUMNS, groupRows)
    insertRows(db, 'emr_cluster_tags', ['cluster_id', 'key', 'value'], tagRows)
    insertRows(db, 'emr_cluster_events', EMR_EVENT_COLUMNS, eventRows)
    // The watched clusters' install flag also joins their AWS tags (search/awstags).
    const flag = db.prepare(
      `INSERT OR IGNORE INTO tags (cluster_uid, source, key, value, first_seen, last_seen)
       SELECT unravel_id, 'aws', 'unravel-installed', 'true', created_at, coalesce(terminated_at, @now)
         FROM clusters WHERE platform = 'EMR'`,
    )
    flag.run({ now })
  })()
  return all.length
}

const EMR_CLUSTER_COLUMNS = [
  'cluster_id',
  'cluster_name',
  'region',
  'release_label',
  'applications',
  'with_unravel',
  'created_at',
  'ready_at',
  'ended_at',
  'end_state',
  'end_reason_code',
  'end_reason_message',
  'idle',
  'market_types',
  'node_count',
  'ec2_hourly',
  'emr_hourly',
  'ebs_hourly',
  'optimised_hourly',
  'peak_util',
  'util_basis',
  'downsizing_events',
] as const
const EMR_GROUP_COLUMNS = [
  'cluster_id',
  'role',
  'instance_type',
  'market',
  'requested',
  'running',
  'ebs_gb',
  'ec2_hourly',
  'emr_hourly',
  'ebs_hourly',
] as const
const EMR_EVENT_COLUMNS = [
  'cluster_id',
  'event_type',
  'event_time',
  'role',
  'instance_type',
  'current_nodes',
  'recommended_nodes',
  'peak_util',
  'message',
] as const
