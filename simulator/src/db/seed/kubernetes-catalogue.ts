import type { CapacityType } from './kubernetes-costs.ts'
import type { Scale } from './scale.ts'

/*
 * What the Kubernetes seed draws from (issue 23): the two K8S clusters of clusters.ts, their node
 * pools of real instance types, and the namespaces and workloads a platform team would run there.
 */

export interface InstanceType {
  name: string
  cores: number
  memoryGb: number
  gpus: number
}

export const INSTANCE_TYPES = {
  'm5.2xlarge': { name: 'm5.2xlarge', cores: 8, memoryGb: 32, gpus: 0 },
  'r5.4xlarge': { name: 'r5.4xlarge', cores: 16, memoryGb: 128, gpus: 0 },
  'c5.4xlarge': { name: 'c5.4xlarge', cores: 16, memoryGb: 32, gpus: 0 },
  'g4dn.xlarge': { name: 'g4dn.xlarge', cores: 4, memoryGb: 16, gpus: 1 },
  'e2-standard-8': { name: 'e2-standard-8', cores: 8, memoryGb: 32, gpus: 0 },
  'n2-highmem-8': { name: 'n2-highmem-8', cores: 8, memoryGb: 64, gpus: 0 },
} as const satisfies Record<string, InstanceType>

/** Which nodes a workload's pods go on (its node selector): the pool, spot allowed or not. */
export type PoolKind = 'general' | 'memory' | 'compute' | 'gpu'

export interface NodePool {
  name: string
  instance: InstanceType
  /** The share of the pool's new nodes that are spot (stateful pods never ask for those). */
  spotShare: number
  /**
   * Minutes a node of the pool stays up empty before the autoscaler removes it (its
   * scale-down-unneeded-time): raised from the default 10 to 90 so nodes outlast the gaps between
   * the cron runs, and to 6 hours for Spark's compute pool, kept warm between runs as platform
   * teams do rather than cycling nodes (and their DaemonSets' pods) per run. Measured: with 10-30
   * minutes the large scale cycled over 1,300 nodes for about 40 up at a time.
   */
  scaleDownMinutes: number
}

export interface ClusterSpec {
  uid: string
  flavour: 'eks' | 'gke'
  zones: readonly string[]
  pools: Readonly<Record<PoolKind, NodePool>>
  /** DaemonSets on every node: [namespace, name, cpu m, memory MiB]. */
  daemonSets: readonly (readonly [string, string, number, number])[]
  namespaces: readonly NamespaceSpec[]
}

export type Profile = 'web' | 'batch' | 'steady'
export type WorkloadKind = 'Deployment' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'CronJob' | 'SparkApplication'

export interface WorkloadSpec {
  name: string
  kind: Exclude<WorkloadKind, 'DaemonSet'>
  pool: PoolKind
  /** Replicas (Deployment, StatefulSet), executors (SparkApplication), else 1. */
  replicas: number
  cpuM: number
  memoryMib: number
  gpus?: number
  profile: Profile
  /** Hours between runs (CronJob, SparkApplication, Job) and a run's minutes [min, max]. */
  everyHours?: number
  runMinutes?: readonly [number, number]
  /** Service-mesh or log-shipping sidecar beside the main container. */
  sidecar?: boolean
}

export interface NamespaceSpec {
  name: string
  team: string
  env: string
  costCenter: string | null
  workloads: readonly WorkloadSpec[]
}

const web = (name: string, replicas: number, cpuM: number, memoryMib: number): WorkloadSpec => ({
  name,
  kind: 'Deployment',
  pool: 'general',
  replicas,
  cpuM,
  memoryMib,
  profile: 'web',
  sidecar: true,
})
const steady = (
  name: string,
  kind: 'Deployment' | 'StatefulSet',
  replicas: number,
  cpuM: number,
  memoryMib: number,
  pool: PoolKind = 'general',
): WorkloadSpec => ({ name, kind, pool, replicas, cpuM, memoryMib, profile: 'steady' })
const cron = (
  name: string,
  everyHours: number,
  runMinutes: [number, number],
  cpuM: number,
  memoryMib: number,
) =>
  ({
    name,
    kind: 'CronJob',
    pool: 'general',
    replicas: 1,
    cpuM,
    memoryMib,
    profile: 'batch',
    everyHours,
    runMinutes,
  }) satisfies WorkloadSpec
const spark = (name: string, everyHours: number, executors: number, runMinutes: [number, number]) =>
  ({
    name,
    kind: 'SparkApplication',
    pool: 'compute',
    replicas: executors,
    cpuM: 2000,
    memoryMib: 7168,
    profile: 'batch',
    everyHours,
    runMinutes,
  }) satisfies WorkloadSpec

const PROD_NAMESPACES: readonly NamespaceSpec[] = [
  {
    name: 'kube-system',
    team: 'platform',
    env: 'prod',
    costCenter: 'cc-1000',
    workloads: [
      steady('coredns', 'Deployment', 2, 100, 170),
      steady('cluster-autoscaler', 'Deployment', 1, 100, 600),
      steady('metrics-server', 'Deployment', 1, 100, 200),
    ],
  },
  {
    name: 'monitoring',
    team: 'platform',
    env: 'prod',
    costCenter: 'cc-1000',
    workloads: [
      steady('prometheus-server', 'StatefulSet', 2, 2000, 12288, 'memory'),
      steady('alertmanager', 'StatefulSet', 2, 100, 256),
      steady('grafana', 'Deployment', 1, 250, 512),
      steady('kube-state-metrics', 'Deployment', 1, 100, 256),
    ],
  },
  // fluent-bit's DaemonSet lives here; its pods are on every node (ClusterSpec.daemonSets).
  { name: 'logging', team: 'platform', env: 'prod', costCenter: 'cc-1000', workloads: [] },
  {
    name: 'ingress-nginx',
    team: 'platform',
    env: 'prod',
    costCenter: 'cc-1000',
    workloads: [web('ingress-nginx-controller', 3, 500, 512)],
  },
  {
    name: 'payments',
    team: 'payments',
    env: 'prod',
    costCenter: 'cc-2100',
    workloads: [
      web('payments-api', 6, 1000, 2048),
      web('ledger-service', 4, 500, 1536),
      web('fraud-scorer', 4, 2000, 4096),
      steady('payments-postgres', 'StatefulSet', 3, 2000, 8192, 'memory'),
      cron('settlement-report', 24, [20, 60], 1000, 2048),
      cron('payout-reconciler', 1, [5, 15], 500, 1024),
    ],
  },
  {
    name: 'checkout',
    team: 'checkout',
    env: 'prod',
    costCenter: 'cc-2200',
    workloads: [
      web('checkout-api', 8, 1000, 2048),
      web('cart-service', 6, 500, 1024),
      web('pricing-service', 4, 750, 1536),
      steady('checkout-redis', 'StatefulSet', 3, 500, 4096, 'memory'),
      cron('abandoned-cart-mailer', 2, [5, 20], 250, 512),
    ],
  },
  {
    name: 'search',
    team: 'search',
    env: 'prod',
    costCenter: 'cc-2300',
    workloads: [
      web('search-api', 6, 1000, 3072),
      steady('opensearch-data', 'StatefulSet', 3, 4000, 16384, 'memory'),
      cron('catalog-indexer', 1, [10, 30], 2000, 4096),
    ],
  },
  {
    name: 'data-platform',
    team: 'data',
    env: 'prod',
    costCenter: 'cc-3100',
    workloads: [
      steady('airflow-scheduler', 'Deployment', 2, 1000, 2048),
      web('airflow-webserver', 2, 500, 1024),
      steady('kafka-connect', 'StatefulSet', 3, 1000, 4096),
      cron('dbt-nightly', 24, [40, 120], 2000, 4096),
      cron('s3-compactor', 6, [15, 45], 1000, 2048),
    ],
  },
  {
    name: 'spark-jobs',
    team: 'data',
    env: 'prod',
    costCenter: 'cc-3100',
    workloads: [
      spark('sessionize-clickstream', 6, 6, [25, 70]),
      spark('daily-revenue-rollup', 24, 10, [40, 110]),
      spark('feature-backfill', 12, 8, [30, 90]),
    ],
  },
  {
    name: 'ml-training',
    team: 'ml',
    env: 'prod',
    // Unlabelled on purpose: Kubecost shows such costs as __unallocated__, and so does Top X.
    costCenter: null,
    workloads: [
      {
        name: 'recsys-trainer',
        kind: 'Job',
        pool: 'gpu',
        replicas: 1,
        cpuM: 1500,
        memoryMib: 8192,
        gpus: 1,
        profile: 'batch',
        everyHours: 10,
        runMinutes: [120, 420],
      },
      { ...web('model-serving', 2, 1500, 6144), pool: 'gpu', gpus: 1, sidecar: false },
    ],
  },
]

const STAGING_NAMESPACES: readonly NamespaceSpec[] = [
  {
    name: 'kube-system',
    team: 'platform',
    env: 'staging',
    costCenter: 'cc-1000',
    workloads: [
      steady('kube-dns', 'Deployment', 2, 100, 170),
      steady('konnectivity-agent', 'Deployment', 2, 50, 30),
    ],
  },
  {
    name: 'monitoring',
    team: 'platform',
    env: 'staging',
    costCenter: 'cc-1000',
    workloads: [steady('prometheus-server', 'StatefulSet', 1, 1000, 6144, 'memory')],
  },
  {
    name: 'checkout-staging',
    team: 'checkout',
    env: 'staging',
    costCenter: 'cc-2200',
    workloads: [web('checkout-api', 2, 500, 1024), web('cart-service', 2, 250, 512)],
  },
  {
    name: 'payments-staging',
    team: 'payments',
    env: 'staging',
    costCenter: 'cc-2100',
    workloads: [
      web('payments-api', 2, 500, 1024),
      steady('payments-postgres', 'StatefulSet', 1, 1000, 4096, 'memory'),
    ],
  },
  {
    name: 'search-staging',
    team: 'search',
    env: 'staging',
    costCenter: 'cc-2300',
    workloads: [web('search-api', 2, 500, 1536), cron('catalog-indexer', 4, [10, 30], 1000, 2048)],
  },
  {
    name: 'qa',
    team: 'qa',
    env: 'staging',
    costCenter: null,
    workloads: [cron('e2e-suite', 3, [15, 40], 2000, 4096), cron('load-test', 24, [30, 90], 3000, 8192)],
  },
]

export const K8S_CLUSTERS: readonly ClusterSpec[] = [
  {
    uid: 'k8s-prod-eks',
    flavour: 'eks',
    zones: ['us-east-1a', 'us-east-1b', 'us-east-1c'],
    pools: {
      general: {
        name: 'general',
        instance: INSTANCE_TYPES['m5.2xlarge'],
        spotShare: 0.3,
        scaleDownMinutes: 90,
      },
      memory: { name: 'memory', instance: INSTANCE_TYPES['r5.4xlarge'], spotShare: 0, scaleDownMinutes: 30 },
      compute: {
        name: 'compute',
        instance: INSTANCE_TYPES['c5.4xlarge'],
        spotShare: 0.8,
        scaleDownMinutes: 360,
      },
      gpu: { name: 'gpu', instance: INSTANCE_TYPES['g4dn.xlarge'], spotShare: 0, scaleDownMinutes: 30 },
    },
    daemonSets: [
      ['kube-system', 'kube-proxy', 100, 128],
      ['kube-system', 'aws-node', 25, 64],
      ['monitoring', 'node-exporter', 50, 64],
      ['logging', 'fluent-bit', 100, 200],
    ],
    namespaces: PROD_NAMESPACES,
  },
  {
    uid: 'k8s-staging-gke',
    flavour: 'gke',
    zones: ['us-central1-a', 'us-central1-b', 'us-central1-f'],
    pools: {
      general: {
        name: 'pool-1',
        instance: INSTANCE_TYPES['e2-standard-8'],
        spotShare: 0.5,
        scaleDownMinutes: 90,
      },
      memory: {
        name: 'highmem',
        instance: INSTANCE_TYPES['n2-highmem-8'],
        spotShare: 0,
        scaleDownMinutes: 30,
      },
      compute: {
        name: 'pool-1',
        instance: INSTANCE_TYPES['e2-standard-8'],
        spotShare: 0.5,
        scaleDownMinutes: 90,
      },
      gpu: { name: 'pool-1', instance: INSTANCE_TYPES['e2-standard-8'], spotShare: 0, scaleDownMinutes: 30 },
    },
    daemonSets: [
      ['kube-system', 'kube-proxy', 100, 128],
      ['kube-system', 'fluentbit-gke', 100, 200],
      ['kube-system', 'gke-metrics-agent', 10, 60],
    ],
    namespaces: STAGING_NAMESPACES,
  },
]

/**
 * How much each scale seeds: the days of history and how many copies of the catalogue's
 * deployments' replicas run (a bigger company runs more of them), which with the cron and Spark
 * runs over the days gives about the issue's pod counts (measured 2026-11-28: small 233 pods, demo
 * 2,587, large 10,248; see seed/kubernetes.ts).
 */
export const KUBERNETES_SIZES: Record<Scale, { days: number; replicaFactor: number; runFactor: number }> = {
  small: { days: 7, replicaFactor: 0.35, runFactor: 0.1 },
  demo: { days: 30, replicaFactor: 1, runFactor: 0.25 },
  large: { days: 30, replicaFactor: 3, runFactor: 1.2 },
}

/** The labels OpenCost aggregates by here: on namespaces (team, env, cost_center) and workloads (app). */
export const LABEL_KEYS = ['team', 'env', 'cost_center', 'app'] as const
export type LabelKey = (typeof LABEL_KEYS)[number]

export type { CapacityType }

/**
 * The service account the Spark operator submits Spark applications as: the "user" a Kubernetes
 * Spark application shows in the applications list (seed/kubernetes-spark-apps.ts).
 */
export const SPARK_SERVICE_ACCOUNT = 'spark'

/**
 * The clusters and namespaces that run SparkApplication workloads: the cluster and queue names a
 * Kubernetes Spark application can hold (a namespace is what a YARN queue is to it).
 */
export function sparkApplicationHomes(): { clusters: string[]; namespaces: string[] } {
  const clusters = new Set<string>()
  const namespaces = new Set<string>()
  for (const cluster of K8S_CLUSTERS)
    for (const ns of cluster.namespaces)
      if (ns.workloads.some((w) => w.kind === 'SparkApplication')) {
        clusters.add(cluster.uid)
        namespaces.add(ns.name)
      }
  return { clusters: [...clusters], namespaces: [...namespaces] }
}
