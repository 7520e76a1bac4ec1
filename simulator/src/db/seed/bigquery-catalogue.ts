import {
  bigQuerySlotHourRate,
  type BigQueryCommitment,
  type BigQueryEdition,
  type BigQueryJobType,
} from '@costlens/shared'
import type { Scale } from './scale.ts'

/**
 * What the BigQuery seed draws from: the organisations, their reservations of the three editions and
 * their projects (the BIGQUERYV2 clusters of clusters.ts among them, same ids), who runs jobs, the
 * datasets' tables, and the workloads whose statement templates carry the inefficiency patterns of
 * DOMAIN.md §2 (SELECT *, no partition filter, CURRENT_TIMESTAMP() repeats that miss the cache, floods
 * of tiny dashboard queries, cross and self joins), beside load, extract and copy jobs.
 */

/** How much each scale seeds. */
export interface BigQuerySizes {
  jobs: number
  projects: number
  /** Extra user emails beside the named ones. */
  users: number
  /** Dashboard tiles refreshed every `everyMinutes` over the last `days` days (repeated signatures). */
  refresh: { tiles: number; everyMinutes: number; days: number }
  /** Jobs running or pending at seeding. */
  now: number
}

export const BIGQUERY_SIZES: Record<Scale, BigQuerySizes> = {
  small: { jobs: 3_000, projects: 10, users: 8, refresh: { tiles: 2, everyMinutes: 60, days: 14 }, now: 4 },
  demo: { jobs: 40_000, projects: 30, users: 30, refresh: { tiles: 4, everyMinutes: 30, days: 60 }, now: 12 },
  large: {
    jobs: 1_000_000,
    projects: 80,
    users: 120,
    refresh: { tiles: 12, everyMinutes: 15, days: 100 },
    now: 40,
  },
}

export const BIGQUERY_ORGANIZATIONS = ['acme.com', 'acme-retail.com', 'acme-research.org'] as const

export interface SeedReservation {
  reservationId: string
  organization: string
  location: string
  edition: BigQueryEdition
  slotCapacity: number
  maxSlots: number
  commitment: BigQueryCommitment
  usdPerSlotHour: number
}

function reservation(
  reservationId: string,
  organization: string,
  edition: BigQueryEdition,
  slotCapacity: number,
  maxSlots: number,
  commitment: BigQueryCommitment,
): SeedReservation {
  const location = reservationId.split(':')[1]!.split('.')[0]!
  return {
    reservationId,
    organization,
    location,
    edition,
    slotCapacity,
    maxSlots,
    commitment,
    usdPerSlotHour: bigQuerySlotHourRate(edition, commitment),
  }
}

/** ADMIN_PROJECT:LOCATION.NAME, as JOBS.reservation_id. */
export const BIGQUERY_RESERVATIONS: readonly SeedReservation[] = [
  reservation('acme-bq-admin:US.prod-etl', 'acme.com', 'ENTERPRISE', 500, 1_500, 'ANNUAL'),
  reservation('acme-bq-admin:US.bi-dashboards', 'acme.com', 'ENTERPRISE_PLUS', 200, 800, 'THREE_YEAR'),
  reservation('acme-bq-admin:US.adhoc', 'acme.com', 'STANDARD', 0, 400, 'NONE'),
  reservation('acme-bq-admin:EU.eu-analytics', 'acme.com', 'ENTERPRISE', 100, 300, 'NONE'),
  reservation('retail-bq-admin:US.retail-batch', 'acme-retail.com', 'STANDARD', 100, 300, 'ANNUAL'),
]

export interface SeedProject {
  projectId: string
  projectName: string
  organization: string
  location: string
  /** A reservation id, or null on demand. */
  reservationId: string | null
  ageDays: number
}

/** The BIGQUERYV2 clusters of clusters.ts, same ids: one reserved, two on demand. */
const CLUSTER_PROJECTS: readonly SeedProject[] = [
  {
    projectId: 'acme-data-prod',
    projectName: 'Acme Data Prod',
    organization: 'acme.com',
    location: 'US',
    reservationId: 'acme-bq-admin:US.prod-etl',
    ageDays: 900,
  },
  {
    projectId: 'acme-marketing-analytics',
    projectName: 'Acme Marketing Analytics',
    organization: 'acme.com',
    location: 'US',
    reservationId: null,
    ageDays: 500,
  },
  {
    projectId: 'acme-ml-sandbox',
    projectName: 'Acme ML Sandbox',
    organization: 'acme.com',
    location: 'EU',
    reservationId: null,
    ageDays: 200,
  },
]

const PROJECT_TEAMS = [
  'finance',
  'growth',
  'supply-chain',
  'search',
  'payments',
  'fraud',
  'crm',
  'pricing',
  'logistics',
  'ads',
  'catalog',
  'support',
  'hr-analytics',
  'risk',
  'recsys',
  'inventory',
] as const
const PROJECT_ENVS = ['prod', 'staging', 'dev', 'sandbox', 'reporting'] as const
const ORG_PREFIX: Record<(typeof BIGQUERY_ORGANIZATIONS)[number], string> = {
  'acme.com': 'acme',
  'acme-retail.com': 'retail',
  'acme-research.org': 'research',
}

/**
 * `count` projects: the three cluster projects, then team × environment projects of the three
 * organisations; about half of those run in a reservation of their organisation and location.
 */
export function bigQueryProjects(count: number, pick: (n: number) => number): SeedProject[] {
  const projects = [...CLUSTER_PROJECTS]
  for (let i = 0; projects.length < count; i++) {
    const organization = BIGQUERY_ORGANIZATIONS[i % 5 === 4 ? 2 : i % 5 === 3 ? 1 : 0]
    const team = PROJECT_TEAMS[i % PROJECT_TEAMS.length]!
    const env = PROJECT_ENVS[Math.floor(i / PROJECT_TEAMS.length) % PROJECT_ENVS.length]!
    const location = pick(6) === 0 ? 'EU' : 'US'
    const reservations = BIGQUERY_RESERVATIONS.filter(
      (r) => r.organization === organization && r.location === location,
    )
    const reserved = reservations.length > 0 && pick(2) === 0
    const projectId = `${ORG_PREFIX[organization]}-${team}-${env}`
    projects.push({
      projectId,
      projectName: projectId
        .split('-')
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(' '),
      organization,
      location,
      reservationId: reserved ? reservations[pick(reservations.length)]!.reservationId : null,
      ageDays: 120 + pick(1_200),
    })
  }
  return projects.slice(0, count)
}

/** Service accounts of the tools that run jobs, by workload; costlens' own reads INFORMATION_SCHEMA. */
export const SERVICE_ACCOUNTS = {
  airflow: 'airflow-etl@acme-data-prod.iam.gserviceaccount.com',
  dbt: 'dbt-runner@acme-data-prod.iam.gserviceaccount.com',
  looker: 'looker-bi@acme-marketing-analytics.iam.gserviceaccount.com',
  tableau: 'tableau-extracts@acme-marketing-analytics.iam.gserviceaccount.com',
  fivetran: 'fivetran-loader@acme-data-prod.iam.gserviceaccount.com',
  exporter: 'gcs-exporter@acme-data-prod.iam.gserviceaccount.com',
  costlens: 'costlens-monitor@acme-bq-admin.iam.gserviceaccount.com',
} as const

/** People who run ad-hoc queries; more at larger scales (bigQueryUsers). */
const NAMED_USERS = [
  'maria.garcia@acme.com',
  'wei.chen@acme.com',
  'priya.nair@acme.com',
  'james.okafor@acme.com',
  'sofia.rossi@acme-retail.com',
  'lukas.meyer@acme.com',
  'aisha.khan@acme-research.org',
  'tom.baker@acme.com',
] as const
const FIRST = ['ana', 'ben', 'chloe', 'dev', 'elif', 'femi', 'gus', 'hana', 'ivan', 'jun', 'kai', 'lea']
const LAST = [
  'adams',
  'brown',
  'cruz',
  'diaz',
  'evans',
  'fox',
  'gray',
  'hill',
  'ito',
  'jones',
  'kim',
  'lopez',
]

export function bigQueryUsers(extra: number): string[] {
  const users: string[] = [...NAMED_USERS]
  for (let i = 0; i < extra; i++)
    users.push(
      `${FIRST[i % FIRST.length]}.${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= 144 ? i : ''}@acme.com`,
    )
  return users
}

/** A table of every project: dataset, name, partitioned by day, clustered, its median storage GiB. */
export const TABLE_SPECS: readonly (readonly [string, string, boolean, boolean, number])[] = [
  ['raw', 'events', true, true, 800],
  ['raw', 'orders', true, false, 300],
  ['raw', 'clickstream', true, true, 1_500],
  ['staging', 'customers', false, true, 40],
  ['staging', 'products', false, false, 2],
  ['analytics', 'daily_revenue', true, false, 1],
  ['analytics', 'sessions', true, true, 300],
  ['analytics', 'customer_ltv', false, false, 5],
  ['marts', 'kpi_dashboard', false, false, 0.2],
  ['marts', 'campaign_performance', true, true, 60],
]

/** Days of history a partitioned table holds (one partition a day). */
export const PARTITION_DAYS = 730

export type Pattern = 'SELECT_STAR' | 'NO_PARTITION_FILTER' | 'CURRENT_TIMESTAMP' | 'TINY' | 'CROSS_JOIN'

/** A statement template: {t0}, {t1} are tables read, {out} the destination, {n} a literal. */
export interface TemplateSpec {
  jobType: BigQueryJobType
  statementType: string
  text: string
  /** Tables read (the first is a partitioned one when the pattern is NO_PARTITION_FILTER). */
  reads: number
  writes: boolean
  patterns: readonly Pattern[]
}

export interface Workload {
  name: 'etl' | 'dashboards' | 'adhoc' | 'loads' | 'exports' | 'copies' | 'costlens'
  share: number
  principals: readonly string[] | 'users'
  labels: readonly (readonly [string, string][])[]
  priority: number
  medianMs: number
  sigma: number
  templates: readonly TemplateSpec[]
  statementsPerProject: number
}

const q = (
  statementType: string,
  text: string,
  reads: number,
  patterns: readonly Pattern[] = [],
  writes = false,
): TemplateSpec => ({ jobType: 'Q', statementType, text, reads, writes, patterns })

export const WORKLOADS: readonly Workload[] = [
  {
    name: 'etl',
    share: 0.3,
    principals: [SERVICE_ACCOUNTS.airflow, SERVICE_ACCOUNTS.dbt],
    labels: [
      [
        ['team', 'data-eng'],
        ['env', 'prod'],
        ['cost-center', 'cc-1001'],
        ['orchestrator', 'airflow'],
      ],
      [
        ['team', 'data-eng'],
        ['env', 'prod'],
        ['cost-center', 'cc-1001'],
        ['orchestrator', 'dbt'],
      ],
      [
        ['team', 'data-eng'],
        ['env', 'staging'],
      ],
    ],
    priority: 1,
    medianMs: 40_000,
    sigma: 1.2,
    statementsPerProject: 6,
    templates: [
      q(
        'MERGE',
        'MERGE `{out}` T USING (SELECT * FROM `{t0}` WHERE DATE(event_ts) = DATE_SUB(CURRENT_DATE(), INTERVAL {n} DAY)) S\nON T.id = S.id\nWHEN MATCHED THEN UPDATE SET amount = S.amount, status = S.status\nWHEN NOT MATCHED THEN INSERT ROW',
        1,
        [],
        true,
      ),
      q(
        'CREATE_TABLE_AS_SELECT',
        'CREATE OR REPLACE TABLE `{out}` AS\nSELECT customer_id, SUM(amount) AS revenue, COUNT(*) AS orders\nFROM `{t0}` JOIN `{t1}` USING (customer_id)\nGROUP BY customer_id',
        2,
        ['NO_PARTITION_FILTER'],
        true,
      ),
      q(
        'INSERT',
        'INSERT INTO `{out}` (day, sessions, users)\nSELECT DATE(event_ts), COUNT(DISTINCT session_id), COUNT(DISTINCT user_id)\nFROM `{t0}`\nWHERE event_ts >= TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL {n} HOUR)\nGROUP BY 1',
        1,
        [],
        true,
      ),
      q('SELECT', 'SELECT *\nFROM `{t0}`\nWHERE country = "US" LIMIT {n}', 1, [
        'SELECT_STAR',
        'NO_PARTITION_FILTER',
      ]),
    ],
  },
  {
    name: 'dashboards',
    share: 0.22,
    principals: [SERVICE_ACCOUNTS.looker, SERVICE_ACCOUNTS.tableau],
    labels: [
      [
        ['team', 'bi'],
        ['env', 'prod'],
        ['tool', 'looker'],
      ],
      [
        ['team', 'bi'],
        ['env', 'prod'],
        ['tool', 'tableau'],
        ['cost-center', 'cc-2040'],
      ],
    ],
    priority: 0,
    medianMs: 1_200,
    sigma: 0.8,
    statementsPerProject: 5,
    templates: [
      q(
        'SELECT',
        '-- Looker Query Context \'{"tile_id": {n}}\'\nSELECT metric, value FROM `{t0}` WHERE day = CURRENT_DATE()',
        1,
        ['TINY'],
      ),
      q(
        'SELECT',
        '-- tile: revenue today\nSELECT SUM(revenue) AS revenue, CURRENT_TIMESTAMP() AS refreshed_at\nFROM `{t0}`\nWHERE day >= DATE_SUB(CURRENT_DATE(), INTERVAL {n} DAY)',
        1,
        ['CURRENT_TIMESTAMP', 'TINY'],
      ),
      q(
        'SELECT',
        'SELECT campaign, SUM(clicks) AS clicks, SUM(spend) AS spend, CURRENT_TIMESTAMP() AS as_of\nFROM `{t0}`\nWHERE day = CURRENT_DATE()\nGROUP BY campaign ORDER BY spend DESC LIMIT {n}',
        1,
        ['CURRENT_TIMESTAMP'],
      ),
    ],
  },
  {
    name: 'adhoc',
    share: 0.3,
    principals: 'users',
    labels: [
      [],
      [['team', 'analytics']],
      [
        ['team', 'data-science'],
        ['env', 'dev'],
      ],
    ],
    priority: 0,
    medianMs: 8_000,
    sigma: 1.4,
    statementsPerProject: 8,
    templates: [
      q('SELECT', 'SELECT *\nFROM `{t0}`\nLIMIT {n}', 1, ['SELECT_STAR', 'NO_PARTITION_FILTER']),
      q(
        'SELECT',
        'SELECT user_id, COUNT(*) AS events\nFROM `{t0}`\nWHERE DATE(event_ts) BETWEEN DATE_SUB(CURRENT_DATE(), INTERVAL {n} DAY) AND CURRENT_DATE()\nGROUP BY user_id ORDER BY events DESC',
        1,
      ),
      q(
        'SELECT',
        'SELECT a.user_id, b.user_id AS peer\nFROM `{t0}` a CROSS JOIN `{t0}` b\nWHERE a.country = b.country AND a.user_id < b.user_id LIMIT {n}',
        1,
        ['CROSS_JOIN', 'NO_PARTITION_FILTER'],
      ),
      q(
        'SELECT',
        'SELECT c.segment, COUNT(DISTINCT o.order_id) AS orders\nFROM `{t0}` o, `{t1}` c\nWHERE o.amount > {n}\nGROUP BY c.segment',
        2,
        ['CROSS_JOIN'],
      ),
      q(
        'SELECT',
        'SELECT product_id, AVG(price) AS avg_price\nFROM `{t0}`\nWHERE category IN ("toys", "garden") AND price > {n}\nGROUP BY product_id',
        1,
      ),
    ],
  },
  {
    name: 'loads',
    share: 0.08,
    principals: [SERVICE_ACCOUNTS.fivetran, SERVICE_ACCOUNTS.airflow],
    labels: [
      [
        ['team', 'data-eng'],
        ['env', 'prod'],
        ['source', 'fivetran'],
      ],
    ],
    priority: 1,
    medianMs: 25_000,
    sigma: 1,
    statementsPerProject: 2,
    templates: [
      {
        jobType: 'L',
        statementType: '',
        text: 'LOAD DATA INTO `{out}` FROM FILES (format = "PARQUET", uris = ["gs://acme-landing/{out}/dt={n}/*.parquet"])',
        reads: 0,
        writes: true,
        patterns: [],
      },
    ],
  },
  {
    name: 'exports',
    share: 0.03,
    principals: [SERVICE_ACCOUNTS.exporter],
    labels: [
      [
        ['team', 'data-eng'],
        ['env', 'prod'],
        ['purpose', 'export'],
      ],
    ],
    priority: 1,
    medianMs: 30_000,
    sigma: 1,
    statementsPerProject: 2,
    templates: [
      {
        jobType: 'E',
        statementType: '',
        text: 'EXPORT `{t0}` TO "gs://acme-exports/{t0}/{n}/part-*.csv.gz" (format = "CSV", compression = "GZIP")',
        reads: 1,
        writes: false,
        patterns: [],
      },
    ],
  },
  {
    name: 'copies',
    share: 0.02,
    principals: [SERVICE_ACCOUNTS.airflow],
    labels: [
      [
        ['team', 'data-eng'],
        ['env', 'prod'],
        ['purpose', 'snapshot'],
      ],
    ],
    priority: 1,
    medianMs: 6_000,
    sigma: 0.8,
    statementsPerProject: 1,
    templates: [
      {
        jobType: 'C',
        statementType: '',
        text: 'COPY `{t0}` TO `{out}` (snapshot {n})',
        reads: 1,
        writes: true,
        patterns: [],
      },
    ],
  },
  {
    name: 'costlens',
    share: 0.05,
    principals: [SERVICE_ACCOUNTS.costlens],
    labels: [[['tool', 'costlens']]],
    priority: 1,
    medianMs: 2_500,
    sigma: 0.6,
    statementsPerProject: 1,
    templates: [
      q(
        'SELECT',
        'SELECT job_id, user_email, total_bytes_billed, total_slot_ms, creation_time, end_time\nFROM `region-{location}`.INFORMATION_SCHEMA.JOBS\nWHERE creation_time > TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL {n} MINUTE)',
        0,
      ),
    ],
  },
]

/** error_result messages a failed job carries, by job type (INFORMATION_SCHEMA.JOBS error_result.message). */
export const FAILURE_MESSAGES: Record<BigQueryJobType, readonly string[]> = {
  Q: [
    'Resources exceeded during query execution: Not enough resources for query planning - too many subqueries or query is too complex.',
    'Query exceeded limit for bytes billed: 1099511627776. 2199023255552 or higher required.',
    'Unrecognized name: segment at [3:10]',
    'Quota exceeded: Your project exceeded quota for concurrent queries. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas',
    'Division by zero: 1 / 0',
  ],
  L: [
    'Error while reading data, error message: Parquet column "amount" has type DOUBLE which does not match the target cpp_type INT64.',
    'Not found: URI gs://acme-landing/orders/dt=2026-11-20/*.parquet',
  ],
  E: ['Access Denied: BigQuery BigQuery: Permission denied while writing data to gs://acme-exports.'],
  C: ['Already Exists: Table acme-data-prod:marts.kpi_dashboard_snapshot'],
}

/** costlens' own jobs: the workload whose jobs are executed_by_unravel. */
export const COSTLENS_WORKLOAD = 'costlens'
