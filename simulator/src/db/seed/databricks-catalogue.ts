import type { DatabricksCloud, DatabricksWorkspaceTier } from '@costlens/shared'
import type { Scale } from './scale.ts'

/**
 * What the Databricks seed draws from (issue 20, DOMAIN.md §3): the workspaces (AWS and Azure,
 * Premium and Enterprise, one legacy Standard), the node types of each cloud with their DBU/h and
 * on-demand VM price, the all-purpose clusters (the two of platform DB in clusters.ts among them,
 * same ids), the tags, the people and service principals, and the words job, pipeline and
 * warehouse names are made of. Sizes per scale at the top.
 */

/** How much each scale seeds. */
export interface DatabricksSizes {
  /** Job runs over the history (exactly: the newest job's first runs are cut to fit). */
  runs: number
  /** The share of jobs on each schedule (SCHEDULES), which sets how many jobs the runs take. */
  scheduleMix: readonly number[]
  /** All-purpose clusters (the first of DATABRICKS_ALL_PURPOSE_CLUSTERS). */
  clusters: number
  /** User emails (beside the service principals). */
  users: number
  pipelines: number
  warehouses: number
  /** SQL statements on the warehouses over the history. */
  queries: number
  /** Runs started in the last half hour and still live (running, pending, queued, waiting to retry). */
  live: number
}

/** Schedules, in the order of DatabricksSizes.scheduleMix: every 15 min … weekly, then by hand and on file arrival. */
export const SCHEDULES = ['15min', 'hourly', '6h', 'daily', 'weekly', 'manual', 'file'] as const
export type ScheduleKind = (typeof SCHEDULES)[number]

export const DATABRICKS_SIZES: Record<Scale, DatabricksSizes> = {
  small: {
    runs: 4_000,
    scheduleMix: [0, 0.04, 0.15, 0.6, 0.1, 0.06, 0.05],
    clusters: 6,
    users: 10,
    pipelines: 4,
    warehouses: 3,
    queries: 1_500,
    live: 6,
  },
  demo: {
    runs: 20_000,
    scheduleMix: [0.03, 0.15, 0.2, 0.45, 0.07, 0.05, 0.05],
    clusters: 10,
    users: 20,
    pipelines: 6,
    warehouses: 5,
    queries: 10_000,
    live: 12,
  },
  large: {
    runs: 1_000_000,
    scheduleMix: [0.2, 0.3, 0.15, 0.2, 0.05, 0.05, 0.05],
    clusters: 20,
    users: 40,
    pipelines: 12,
    warehouses: 8,
    queries: 100_000,
    live: 40,
  },
}

/** Days of history: the runs, sessions, updates and queries start within the last 90 days (issue 20). */
export const DATABRICKS_HISTORY_DAYS = 90

/** Databricks' generator is its own (seed + 23): adding it left every other table's rows as they were. */
export const DATABRICKS_PRNG_OFFSET = 23

export interface SeedWorkspace {
  name: string
  cloud: DatabricksCloud
  tier: DatabricksWorkspaceTier
  region: string
  /** Share of the jobs. */
  weight: number
  ageDays: number
}

/** The workspaces (code = index + 1); their ids and URLs are drawn (real-looking, per cloud). */
export const DATABRICKS_WORKSPACES: readonly SeedWorkspace[] = [
  { name: 'acme-prod-aws', cloud: 'AWS', tier: 'ENTERPRISE', region: 'us-east-1', weight: 0.3, ageDays: 900 },
  {
    name: 'acme-analytics-aws',
    cloud: 'AWS',
    tier: 'PREMIUM',
    region: 'us-west-2',
    weight: 0.15,
    ageDays: 700,
  },
  { name: 'acme-eu-aws', cloud: 'AWS', tier: 'PREMIUM', region: 'eu-west-1', weight: 0.12, ageDays: 500 },
  {
    name: 'acme-analytics-azure',
    cloud: 'AZURE',
    tier: 'PREMIUM',
    region: 'eastus',
    weight: 0.16,
    ageDays: 650,
  },
  {
    name: 'acme-ml-azure',
    cloud: 'AZURE',
    tier: 'PREMIUM',
    region: 'westeurope',
    weight: 0.12,
    ageDays: 420,
  },
  {
    name: 'acme-finance-azure',
    cloud: 'AZURE',
    tier: 'ENTERPRISE',
    region: 'westeurope',
    weight: 0.09,
    ageDays: 380,
  },
  // Closed to new customers (DOMAIN.md §3 DB3): no DLT, SQL or serverless SKUs, so jobs only.
  {
    name: 'acme-legacy-std',
    cloud: 'AWS',
    tier: 'STANDARD',
    region: 'us-east-1',
    weight: 0.06,
    ageDays: 1400,
  },
]

export interface SeedNodeType {
  cloud: DatabricksCloud
  nodeTypeId: string
  cores: number
  memoryMb: number
  gpus: number
  dbuPerHour: number
  vmUsdPerHour: number
  spotDiscount: number
}

/**
 * Node types (code = index + 1). DOMAIN.md §3 gives i3.xlarge 1.0, m5.xlarge ≈ 0.69, DS3_v2 0.75 and
 * DS4_v2 1.5 DBU/h; the bigger ones scale with their cores, the GPU ones as Databricks lists them.
 * VM prices: on-demand Linux list prices of us-east-1 / eastus; spot 60-70 % off.
 */
export const DATABRICKS_NODE_TYPES: readonly SeedNodeType[] = [
  {
    cloud: 'AWS',
    nodeTypeId: 'i3.xlarge',
    cores: 4,
    memoryMb: 31_232,
    gpus: 0,
    dbuPerHour: 1,
    vmUsdPerHour: 0.312,
    spotDiscount: 0.65,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'i3.2xlarge',
    cores: 8,
    memoryMb: 62_464,
    gpus: 0,
    dbuPerHour: 2,
    vmUsdPerHour: 0.624,
    spotDiscount: 0.65,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'm5.xlarge',
    cores: 4,
    memoryMb: 16_384,
    gpus: 0,
    dbuPerHour: 0.69,
    vmUsdPerHour: 0.192,
    spotDiscount: 0.6,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'm5.2xlarge',
    cores: 8,
    memoryMb: 32_768,
    gpus: 0,
    dbuPerHour: 1.37,
    vmUsdPerHour: 0.384,
    spotDiscount: 0.6,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'r5.4xlarge',
    cores: 16,
    memoryMb: 131_072,
    gpus: 0,
    dbuPerHour: 3.6,
    vmUsdPerHour: 1.008,
    spotDiscount: 0.68,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'c5.4xlarge',
    cores: 16,
    memoryMb: 32_768,
    gpus: 0,
    dbuPerHour: 2.43,
    vmUsdPerHour: 0.68,
    spotDiscount: 0.62,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'g5.xlarge',
    cores: 4,
    memoryMb: 16_384,
    gpus: 1,
    dbuPerHour: 1.89,
    vmUsdPerHour: 1.006,
    spotDiscount: 0.6,
  },
  {
    cloud: 'AWS',
    nodeTypeId: 'p3.2xlarge',
    cores: 8,
    memoryMb: 62_464,
    gpus: 1,
    dbuPerHour: 5.5,
    vmUsdPerHour: 3.06,
    spotDiscount: 0.7,
  },
  {
    cloud: 'AZURE',
    nodeTypeId: 'Standard_DS3_v2',
    cores: 4,
    memoryMb: 14_336,
    gpus: 0,
    dbuPerHour: 0.75,
    vmUsdPerHour: 0.229,
    spotDiscount: 0.7,
  },
  {
    cloud: 'AZURE',
    nodeTypeId: 'Standard_DS4_v2',
    cores: 8,
    memoryMb: 28_672,
    gpus: 0,
    dbuPerHour: 1.5,
    vmUsdPerHour: 0.458,
    spotDiscount: 0.7,
  },
  {
    cloud: 'AZURE',
    nodeTypeId: 'Standard_DS5_v2',
    cores: 16,
    memoryMb: 57_344,
    gpus: 0,
    dbuPerHour: 3,
    vmUsdPerHour: 0.916,
    spotDiscount: 0.7,
  },
  {
    cloud: 'AZURE',
    nodeTypeId: 'Standard_E8ds_v4',
    cores: 8,
    memoryMb: 65_536,
    gpus: 0,
    dbuPerHour: 2,
    vmUsdPerHour: 0.576,
    spotDiscount: 0.65,
  },
  {
    cloud: 'AZURE',
    nodeTypeId: 'Standard_NC6s_v3',
    cores: 6,
    memoryMb: 114_688,
    gpus: 1,
    dbuPerHour: 3,
    vmUsdPerHour: 3.06,
    spotDiscount: 0.6,
  },
]

export interface SeedAllPurposeCluster {
  clusterId: string
  name: string
  /** Workspace code (DATABRICKS_WORKSPACES index + 1). */
  workspace: number
  nodeTypeId: string
  minWorkers: number
  maxWorkers: number
  availability: 'ON_DEMAND' | 'SPOT' | 'SPOT_WITH_FALLBACK'
  /** 0: never terminates (waste: it runs for days). */
  autoTermination: number
  ageDays: number
  photon: boolean
}

/**
 * The all-purpose clusters, the first `clusters` of a scale seeded. The first two are the DB
 * clusters of clusters.ts (same ids, names and ages); clusters.ts adds a `clusters` row (platform
 * DB, kind db_all_purpose) for each of the others (databricksClusterRows), so cluster_search and
 * cluster access see every one.
 */
export const DATABRICKS_ALL_PURPOSE_CLUSTERS: readonly SeedAllPurposeCluster[] = [
  {
    clusterId: '0412-083152-abc123',
    name: 'shared-analytics',
    workspace: 1,
    nodeTypeId: 'i3.xlarge',
    minWorkers: 2,
    maxWorkers: 8,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 120,
    ageDays: 300,
    photon: true,
  },
  {
    clusterId: '0519-101010-dsx77',
    name: 'data-science-gpu',
    workspace: 1,
    nodeTypeId: 'g5.xlarge',
    minWorkers: 2,
    maxWorkers: 2,
    availability: 'ON_DEMAND',
    autoTermination: 0,
    ageDays: 200,
    photon: false,
  },
  {
    clusterId: '0603-141502-k3v9qz1m',
    name: 'bi-adhoc',
    workspace: 4,
    nodeTypeId: 'Standard_DS4_v2',
    minWorkers: 2,
    maxWorkers: 6,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 120,
    ageDays: 260,
    photon: true,
  },
  {
    clusterId: '0711-090233-p8x2rt4w',
    name: 'etl-dev-shared',
    workspace: 2,
    nodeTypeId: 'm5.2xlarge',
    minWorkers: 4,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 120,
    ageDays: 180,
    photon: false,
  },
  {
    clusterId: '0822-113045-m1n7bq2c',
    name: 'ml-experiments',
    workspace: 5,
    nodeTypeId: 'Standard_NC6s_v3',
    minWorkers: 1,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 60,
    ageDays: 150,
    photon: false,
  },
  {
    clusterId: '0905-160711-z4d8hs6e',
    name: 'legacy-reporting',
    workspace: 7,
    nodeTypeId: 'i3.xlarge',
    minWorkers: 3,
    maxWorkers: 3,
    availability: 'ON_DEMAND',
    autoTermination: 0,
    ageDays: 800,
    photon: false,
  },
  {
    clusterId: '0318-072210-f5g6hj7k',
    name: 'eu-analysts',
    workspace: 3,
    nodeTypeId: 'm5.xlarge',
    minWorkers: 2,
    maxWorkers: 10,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 90,
    ageDays: 240,
    photon: true,
  },
  {
    clusterId: '1014-101500-q9w8e7r6',
    name: 'finance-modelling',
    workspace: 6,
    nodeTypeId: 'Standard_E8ds_v4',
    minWorkers: 2,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 120,
    ageDays: 210,
    photon: true,
  },
  {
    clusterId: '0127-083000-t2y3u4i5',
    name: 'streaming-debug',
    workspace: 1,
    nodeTypeId: 'r5.4xlarge',
    minWorkers: 4,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 0,
    ageDays: 120,
    photon: false,
  },
  {
    clusterId: '0214-121212-o1p2a3s4',
    name: 'azure-data-eng',
    workspace: 4,
    nodeTypeId: 'Standard_DS3_v2',
    minWorkers: 2,
    maxWorkers: 8,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 120,
    ageDays: 330,
    photon: true,
  },
  {
    clusterId: '0409-154530-d5f6g7h8',
    name: 'marketing-analytics',
    workspace: 2,
    nodeTypeId: 'i3.2xlarge',
    minWorkers: 1,
    maxWorkers: 6,
    availability: 'SPOT',
    autoTermination: 60,
    ageDays: 160,
    photon: true,
  },
  {
    clusterId: '0530-093015-j9k8l7m6',
    name: 'ml-training-large',
    workspace: 1,
    nodeTypeId: 'p3.2xlarge',
    minWorkers: 4,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 120,
    ageDays: 110,
    photon: false,
  },
  {
    clusterId: '0617-110045-n5b4v3c2',
    name: 'risk-notebooks',
    workspace: 6,
    nodeTypeId: 'Standard_DS4_v2',
    minWorkers: 2,
    maxWorkers: 5,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 120,
    ageDays: 190,
    photon: false,
  },
  {
    clusterId: '0728-170000-x1z2c3v4',
    name: 'eu-gdpr-sandbox',
    workspace: 3,
    nodeTypeId: 'm5.2xlarge',
    minWorkers: 2,
    maxWorkers: 2,
    availability: 'ON_DEMAND',
    autoTermination: 240,
    ageDays: 140,
    photon: false,
  },
  {
    clusterId: '0819-080808-b5n6m7q8',
    name: 'data-quality',
    workspace: 4,
    nodeTypeId: 'Standard_DS3_v2',
    minWorkers: 1,
    maxWorkers: 4,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 30,
    ageDays: 100,
    photon: true,
  },
  {
    clusterId: '0901-133700-w9e8r7t6',
    name: 'genai-playground',
    workspace: 5,
    nodeTypeId: 'Standard_NC6s_v3',
    minWorkers: 1,
    maxWorkers: 1,
    availability: 'ON_DEMAND',
    autoTermination: 0,
    ageDays: 80,
    photon: false,
  },
  {
    clusterId: '1003-091500-y5u6i7o8',
    name: 'product-analytics',
    workspace: 2,
    nodeTypeId: 'c5.4xlarge',
    minWorkers: 2,
    maxWorkers: 8,
    availability: 'SPOT',
    autoTermination: 120,
    ageDays: 170,
    photon: true,
  },
  {
    clusterId: '1105-140230-a1s2d3f4',
    name: 'ops-dashboards',
    workspace: 1,
    nodeTypeId: 'm5.xlarge',
    minWorkers: 2,
    maxWorkers: 2,
    availability: 'ON_DEMAND',
    autoTermination: 120,
    ageDays: 400,
    photon: false,
  },
  {
    clusterId: '1208-101010-g5h6j7k8',
    name: 'supply-chain-eda',
    workspace: 5,
    nodeTypeId: 'Standard_DS5_v2',
    minWorkers: 2,
    maxWorkers: 6,
    availability: 'SPOT_WITH_FALLBACK',
    autoTermination: 120,
    ageDays: 90,
    photon: true,
  },
  {
    clusterId: '0115-061500-l9z8x7c6',
    name: 'legacy-etl-interactive',
    workspace: 7,
    nodeTypeId: 'i3.2xlarge',
    minWorkers: 2,
    maxWorkers: 4,
    availability: 'ON_DEMAND',
    autoTermination: 120,
    ageDays: 1000,
    photon: false,
  },
]

export const DATABRICKS_RUNTIMES = [
  '13.3.x-scala2.12',
  '14.3.x-scala2.12',
  '15.4.x-scala2.12',
  '15.4.x-photon-scala2.12',
] as const

/** Tag keys and values (issue 20: team, env, cost_center, project); sets are drawn from them. */
export const DATABRICKS_TAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  team: ['data-eng', 'analytics', 'ml-platform', 'finance-bi', 'marketing'],
  env: ['prod', 'staging', 'dev'],
  cost_center: ['cc-1001', 'cc-1002', 'cc-2040', 'cc-3100'],
  project: ['customer-360', 'churn', 'forecasting', 'clickstream', 'fraud'],
}

/** Tag sets drawn (each a team, an env, a cost centre and, for some, a project). */
export const DATABRICKS_TAG_SETS = 14

export const DATABRICKS_FIRST_NAMES = [
  'alice',
  'bob',
  'carol',
  'dan',
  'erin',
  'farid',
  'grace',
  'hiro',
  'ines',
  'jamal',
  'kate',
  'luis',
  'mei',
  'nora',
  'omar',
  'priya',
  'quinn',
  'rosa',
  'sven',
  'tara',
  'umar',
  'vera',
  'wei',
  'ximena',
  'yusuf',
  'zoe',
] as const
export const DATABRICKS_LAST_NAMES = [
  'nguyen',
  'schmidt',
  'okafor',
  'garcia',
  'kowalski',
  'tanaka',
  'haddad',
  'johansson',
  'rossi',
  'patel',
  'dubois',
  'silva',
  'kim',
  'murphy',
] as const
export const DATABRICKS_EMAIL_DOMAIN = 'acme.com'

/** Service principals: they own and run the scheduled ETL jobs. */
export const DATABRICKS_SERVICE_PRINCIPALS = [
  'etl-service-principal',
  'sp-ingest-prod',
  'sp-dlt-pipelines',
  'sp-ml-training',
  'sp-reporting',
] as const

/** Words job names are made of: <domain>_<verb>[_<cadence>]. */
export const JOB_DOMAINS = [
  'orders',
  'customers',
  'clickstream',
  'payments',
  'inventory',
  'shipments',
  'marketing_events',
  'ad_spend',
  'sessions',
  'products',
  'returns',
  'fraud_scores',
  'churn_features',
  'ledger',
  'invoices',
  'sensor_readings',
  'support_tickets',
  'web_logs',
  'recommendations',
  'forecast',
] as const
export const JOB_VERBS = [
  'ingest',
  'transform',
  'aggregate',
  'dedupe',
  'enrich',
  'export',
  'backfill',
  'compact',
  'score',
  'train',
  'validate',
  'snapshot',
  'publish',
  'optimize',
] as const

/** Error messages of failed runs, as the Jobs API's state_message shows them. */
export const RUN_FAILURES = [
  'org.apache.spark.SparkException: Job aborted due to stage failure: Task 7 in stage 12.0 failed 4 times, most recent failure: Lost task 7.3 in stage 12.0 (TID 1843) (10.139.64.12 executor 3): java.lang.OutOfMemoryError: Java heap space',
  '[TABLE_OR_VIEW_NOT_FOUND] The table or view `main.sales.orders_v2` cannot be found. Verify the spelling and correctness of the schema and catalog.',
  'com.databricks.sql.io.FileReadException: Error while reading file s3://acme-lake/raw/events/dt=2026-11-02/part-00042.snappy.parquet. File does not exist.',
  'io.delta.exceptions.ConcurrentAppendException: Files were added to the root of the table by a concurrent update. Please try the operation again.',
  "ModuleNotFoundError: No module named 'acme_etl.transforms'",
  'org.apache.spark.sql.delta.schema.DeltaInvariantViolationException: [DELTA_VIOLATE_CONSTRAINT_WITH_VALUES] CHECK constraint valid_amount (amount >= 0) violated by row with values: amount : -12.5',
  'org.apache.spark.shuffle.FetchFailedException: Failed to connect to /10.139.64.7:4048',
  'Cluster terminated. Reason: Cloud Provider Launch Failure: AWS Insufficient Instance Capacity Failure',
  '[CAST_INVALID_INPUT] The value \'N/A\' of the type "STRING" cannot be cast to "DECIMAL(18,2)" because it is malformed.',
  'Py4JJavaError: An error occurred while calling o412.save. : java.io.IOException: No space left on device',
] as const
export const RUN_INTERNAL_ERROR =
  'Run failed with error message: Could not reach driver of cluster. The driver may have been restarted.'
export const RUN_SKIPPED =
  'Skipping this run because the limit of 1 maximum concurrent runs has been reached.'

/** SQL warehouses' names and what their queries look like. */
export const WAREHOUSE_NAMES = [
  'bi-warehouse',
  'finance-reporting',
  'adhoc-analysts',
  'dbt-prod',
  'exec-dashboards',
  'marketing-sql',
  'data-science-sql',
  'eu-reporting',
] as const
export const SQL_TABLES = [
  'main.sales.orders',
  'main.sales.customers',
  'main.web.clickstream',
  'main.finance.ledger',
  'main.marketing.ad_spend',
  'main.ops.shipments',
  'main.product.catalog',
  'hive_metastore.legacy.events',
] as const
/** Statement types and their share. */
export const SQL_STATEMENTS: readonly { type: string; weight: number }[] = [
  { type: 'SELECT', weight: 0.78 },
  { type: 'INSERT', weight: 0.06 },
  { type: 'MERGE', weight: 0.06 },
  { type: 'CREATE', weight: 0.03 },
  { type: 'UPDATE', weight: 0.02 },
  { type: 'DELETE', weight: 0.02 },
  { type: 'OPTIMIZE', weight: 0.02 },
  { type: 'SHOW', weight: 0.01 },
]
export const SQL_FAILURES = [
  '[TABLE_OR_VIEW_NOT_FOUND] The table or view `main.sales.order` cannot be found.',
  '[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function parameter with name `customer_name` cannot be resolved.',
  '[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead.',
  'Query has been timed out. Timeout is 172800 seconds.',
  "[PARSE_SYNTAX_ERROR] Syntax error at or near 'FROM'.",
] as const

/** DLT pipelines' names. */
export const PIPELINE_NAMES = [
  'orders_dlt',
  'clickstream_bronze_silver',
  'customer_360_dlt',
  'payments_cdc',
  'inventory_snapshots',
  'iot_sensor_stream',
  'marketing_attribution',
  'ledger_reconciliation',
  'returns_quality',
  'support_tickets_dlt',
  'web_logs_streaming',
  'product_catalog_sync',
] as const
