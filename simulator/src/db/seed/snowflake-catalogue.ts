/**
 * What the Snowflake seed draws from: the two accounts (the SNOWFLAKE clusters of clusters.ts), their
 * warehouses, tables and the workloads that run queries on them. Sizes and credit rates are
 * Snowflake's (DOMAIN.md §1 SF1); who runs what is the usual shape of an account: loaders and dbt on
 * their own warehouses, dashboards on a multi-cluster BI warehouse, people on small ad-hoc ones.
 */

/** Warehouse sizes and their credits per hour per cluster (DOMAIN.md §1 SF1, Gen1 standard). */
export const WAREHOUSE_SIZES = {
  'X-Small': 1,
  Small: 2,
  Medium: 4,
  Large: 8,
  'X-Large': 16,
  '2X-Large': 32,
  '3X-Large': 64,
  '4X-Large': 128,
} as const
export type WarehouseSize = keyof typeof WAREHOUSE_SIZES

/** USD per credit, on-demand Enterprise in AWS US East (DOMAIN.md §1 SF4): SNOWFLAKE_USD_PER_CREDIT. */
export const DEFAULT_USD_PER_CREDIT = 3

export interface SeedAccount {
  accountId: string
  clusterUid: string
  name: string
  edition: string
}

/** accountId is the account locator; clusterUid the SNOWFLAKE cluster it is (clusters.ts). */
export const SNOWFLAKE_ACCOUNTS: readonly SeedAccount[] = [
  { accountId: 'QB41627', clusterUid: 'sf-acme-prod', name: 'ACME_PROD', edition: 'ENTERPRISE' },
  { accountId: 'RX80233', clusterUid: 'sf-acme-analytics', name: 'ACME_ANALYTICS', edition: 'ENTERPRISE' },
]

export interface SeedWarehouse {
  uid: string
  accountId: string
  name: string
  size: WarehouseSize
  creditsPerHour: number
  minClusterCount: number
  maxClusterCount: number
  scalingPolicy: 'STANDARD' | 'ECONOMY'
  autoSuspendSeconds: number
}

function warehouse(
  accountId: string,
  name: string,
  size: WarehouseSize,
  clusters: [number, number],
  scalingPolicy: 'STANDARD' | 'ECONOMY',
  autoSuspendSeconds: number,
): SeedWarehouse {
  return {
    uid: `wh-${accountId.toLowerCase()}-${name.toLowerCase().replace(/_/g, '-')}`,
    accountId,
    name,
    size,
    creditsPerHour: WAREHOUSE_SIZES[size],
    minClusterCount: clusters[0],
    maxClusterCount: clusters[1],
    scalingPolicy,
    autoSuspendSeconds,
  }
}

export const SNOWFLAKE_WAREHOUSES: readonly SeedWarehouse[] = [
  warehouse('QB41627', 'LOAD_WH', 'Medium', [1, 1], 'STANDARD', 60),
  warehouse('QB41627', 'TRANSFORM_WH', 'Large', [1, 2], 'STANDARD', 300),
  warehouse('QB41627', 'BI_WH', 'Small', [1, 4], 'STANDARD', 600),
  warehouse('QB41627', 'ADHOC_WH', 'X-Small', [1, 1], 'STANDARD', 60),
  warehouse('QB41627', 'API_WH', 'Large', [1, 1], 'STANDARD', 600),
  warehouse('QB41627', 'FINANCE_WH', 'X-Small', [1, 1], 'ECONOMY', 120),
  warehouse('RX80233', 'ANALYST_WH', 'Small', [1, 3], 'ECONOMY', 300),
  warehouse('RX80233', 'DATA_SCIENCE_WH', 'X-Large', [1, 1], 'STANDARD', 300),
  warehouse('RX80233', 'REPORTING_WH', 'Medium', [1, 2], 'STANDARD', 600),
  warehouse('RX80233', 'ML_TRAINING_WH', '2X-Large', [1, 1], 'STANDARD', 60),
  warehouse('RX80233', 'BACKFILL_WH', '3X-Large', [1, 1], 'STANDARD', 60),
  warehouse('RX80233', 'HEAVY_ETL_WH', '4X-Large', [1, 1], 'STANDARD', 60),
]

/** A table: [database, schema, name, rows, partitions]; bytes follow from the rows. */
type TableSpec = [string, string, string, number, number]

export const SNOWFLAKE_TABLE_SPECS: Record<string, readonly TableSpec[]> = {
  QB41627: [
    ['RAW', 'FIVETRAN_SALESFORCE', 'ACCOUNT', 2_400_000, 180],
    ['RAW', 'FIVETRAN_SALESFORCE', 'OPPORTUNITY', 9_800_000, 620],
    ['RAW', 'FIVETRAN_STRIPE', 'CHARGE', 64_000_000, 4_100],
    ['RAW', 'FIVETRAN_STRIPE', 'INVOICE', 21_000_000, 1_450],
    ['RAW', 'EVENTS', 'WEB_EVENTS', 3_100_000_000, 96_000],
    ['ANALYTICS', 'STAGING', 'STG_ORDERS', 140_000_000, 8_800],
    ['ANALYTICS', 'STAGING', 'STG_CUSTOMERS', 12_000_000, 760],
    ['ANALYTICS', 'MARTS', 'FCT_ORDERS', 138_000_000, 9_200],
    ['ANALYTICS', 'MARTS', 'DIM_CUSTOMERS', 11_500_000, 700],
    ['ANALYTICS', 'MARTS', 'FCT_SESSIONS', 820_000_000, 41_000],
    ['ANALYTICS', 'MARTS', 'DIM_PRODUCTS', 85_000, 12],
    ['FINANCE', 'LEDGER', 'GL_ENTRIES', 410_000_000, 22_000],
    ['FINANCE', 'LEDGER', 'REVENUE_DAILY', 1_900_000, 140],
  ],
  RX80233: [
    ['ANALYTICS_SHARE', 'MARTS', 'FCT_ORDERS', 138_000_000, 9_200],
    ['ANALYTICS_SHARE', 'MARTS', 'DIM_CUSTOMERS', 11_500_000, 700],
    ['ANALYTICS_SHARE', 'MARTS', 'FCT_SESSIONS', 820_000_000, 41_000],
    ['SANDBOX', 'ANALYSTS', 'CHURN_COHORTS', 4_200_000, 260],
    ['SANDBOX', 'ANALYSTS', 'TMP_ATTRIBUTION', 56_000_000, 3_300],
    ['ML', 'FEATURES', 'CUSTOMER_FEATURES', 11_400_000, 2_900],
    ['ML', 'FEATURES', 'TRAINING_SET', 240_000_000, 15_500],
    ['ML', 'FEATURES', 'CLICKSTREAM_EMBEDDINGS', 1_600_000_000, 120_000],
  ],
}

/** What a statement template does; the text uses {t0} {t1} … for its input tables and {out} for its output. */
export interface TemplateSpec {
  queryType: 'SELECT' | 'MERGE' | 'COPY' | 'CREATE_TABLE_AS_SELECT' | 'INSERT'
  text: string
  inputs: number
  output: boolean
}

const SELECT_JOIN: TemplateSpec = {
  queryType: 'SELECT',
  inputs: 2,
  output: false,
  text: `SELECT c.region, date_trunc('day', o.order_ts) AS day, count(*) AS orders, sum(o.amount) AS revenue
FROM {t0} o JOIN {t1} c ON c.customer_id = o.customer_id
WHERE o.order_ts >= '{date}' AND c.segment = '{text}'
GROUP BY 1, 2 ORDER BY 2 DESC`,
}
const SELECT_DASHBOARD: TemplateSpec = {
  queryType: 'SELECT',
  inputs: 2,
  output: false,
  text: `SELECT p.category, count(DISTINCT o.order_id) AS orders, sum(o.amount) AS revenue, avg(o.amount) AS aov
FROM {t0} o LEFT JOIN {t1} p ON p.product_id = o.product_id
WHERE o.order_ts >= dateadd('day', -{id}, current_date())
GROUP BY p.category ORDER BY revenue DESC LIMIT 50`,
}
const SELECT_LOOKUP: TemplateSpec = {
  queryType: 'SELECT',
  inputs: 1,
  output: false,
  text: `SELECT order_id, status, amount, updated_at FROM {t0} WHERE order_id = {id} LIMIT 1`,
}
const SELECT_SCAN: TemplateSpec = {
  queryType: 'SELECT',
  inputs: 1,
  output: false,
  text: `SELECT * FROM {t0} WHERE lower(payload:page::string) LIKE '%{text}%' ORDER BY event_ts DESC LIMIT 1000`,
}
const SELECT_WINDOW: TemplateSpec = {
  queryType: 'SELECT',
  inputs: 2,
  output: false,
  text: `WITH s AS (
  SELECT customer_id, session_id, row_number() OVER (PARTITION BY customer_id ORDER BY started_at) AS n
  FROM {t0} WHERE started_at >= '{date}'
)
SELECT c.customer_id, c.plan, max(s.n) AS sessions FROM s JOIN {t1} c ON c.customer_id = s.customer_id
GROUP BY 1, 2 HAVING max(s.n) > {id}`,
}
const MERGE_UPSERT: TemplateSpec = {
  queryType: 'MERGE',
  inputs: 1,
  output: true,
  text: `MERGE INTO {out} t USING (SELECT * FROM {t0} WHERE _fivetran_synced >= '{date}') s ON t.id = s.id
WHEN MATCHED THEN UPDATE SET t.amount = s.amount, t.status = s.status, t.updated_at = s.updated_at
WHEN NOT MATCHED THEN INSERT (id, amount, status, updated_at) VALUES (s.id, s.amount, s.status, s.updated_at)`,
}
const COPY_INTO: TemplateSpec = {
  queryType: 'COPY',
  inputs: 0,
  output: true,
  text: `COPY INTO {out} FROM @raw_stage/{text}/{date}/ FILE_FORMAT = (TYPE = PARQUET) MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE ON_ERROR = 'ABORT_STATEMENT'`,
}
const CTAS: TemplateSpec = {
  queryType: 'CREATE_TABLE_AS_SELECT',
  inputs: 2,
  output: true,
  text: `CREATE OR REPLACE TABLE {out} AS
SELECT o.customer_id, count(*) AS orders, sum(o.amount) AS lifetime_value, max(o.order_ts) AS last_order_ts
FROM {t0} o JOIN {t1} c ON c.customer_id = o.customer_id
WHERE o.order_ts < '{date}' GROUP BY o.customer_id`,
}
const INSERT_SELECT: TemplateSpec = {
  queryType: 'INSERT',
  inputs: 1,
  output: true,
  text: `INSERT INTO {out} SELECT '{date}'::date AS day, account_id, sum(amount) AS amount, count(*) AS entries
FROM {t0} WHERE posted_at >= '{date}' AND posted_at < dateadd('day', 1, '{date}') GROUP BY account_id`,
}

/** Who runs a share of an account's queries, where, and how. */
export interface Workload {
  name: string
  accountId: string
  /** Relative share of the queries. */
  share: number
  users: readonly string[]
  role: string
  warehouses: readonly string[]
  connectors: readonly string[]
  tags: readonly string[]
  templates: readonly TemplateSpec[]
  /** Tables (names as DATABASE.SCHEMA.NAME) the templates read and write. */
  tables: readonly string[]
  /** Statements (template × tables) the workload cycles through. */
  statements: number
  /** Median execution ms and the spread of its lognormal. */
  medianMs: number
  sigma: number
  /** Chance that a query of this workload scans its tables without pruning. */
  fullScan: number
}

const PEOPLE_PROD = ['ALICE_NGUYEN', 'BOB_MARTIN', 'CAROL_SINGH', 'DMITRI_PETROV', 'ERIN_OCONNOR']
const PEOPLE_ANALYTICS = [
  'FARID_HADDAD',
  'GRACE_KIM',
  'HIRO_TANAKA',
  'INES_GARCIA',
  'JONAS_BERG',
  'KEMI_ADEYEMI',
]

export const WORKLOADS: readonly Workload[] = [
  {
    name: 'loads',
    accountId: 'QB41627',
    share: 12,
    users: ['FIVETRAN_SVC'],
    role: 'LOADER',
    warehouses: ['LOAD_WH'],
    connectors: ['JDBC 3.14.4'],
    tags: ['fivetran_sync'],
    templates: [COPY_INTO, MERGE_UPSERT],
    tables: [
      'RAW.FIVETRAN_STRIPE.CHARGE',
      'RAW.FIVETRAN_STRIPE.INVOICE',
      'RAW.FIVETRAN_SALESFORCE.ACCOUNT',
      'RAW.FIVETRAN_SALESFORCE.OPPORTUNITY',
    ],
    statements: 12,
    medianMs: 8_000,
    sigma: 1.1,
    fullScan: 0,
  },
  {
    name: 'transforms',
    accountId: 'QB41627',
    share: 14,
    users: ['DBT_SVC'],
    role: 'TRANSFORMER',
    warehouses: ['TRANSFORM_WH'],
    connectors: ['dbt'],
    tags: ['dbt:daily', 'dbt:hourly'],
    templates: [CTAS, INSERT_SELECT, MERGE_UPSERT],
    tables: [
      'ANALYTICS.STAGING.STG_ORDERS',
      'ANALYTICS.STAGING.STG_CUSTOMERS',
      'ANALYTICS.MARTS.FCT_ORDERS',
      'ANALYTICS.MARTS.DIM_CUSTOMERS',
      'ANALYTICS.MARTS.FCT_SESSIONS',
    ],
    statements: 30,
    medianMs: 40_000,
    sigma: 1.3,
    fullScan: 0.03,
  },
  {
    name: 'dashboards',
    accountId: 'QB41627',
    share: 22,
    users: ['LOOKER_SVC', 'TABLEAU_SVC'],
    role: 'REPORTER',
    warehouses: ['BI_WH'],
    connectors: ['JDBC 3.14.4', 'ODBC 3.1.0'],
    tags: ['looker', 'tableau'],
    templates: [SELECT_DASHBOARD, SELECT_JOIN],
    tables: ['ANALYTICS.MARTS.FCT_ORDERS', 'ANALYTICS.MARTS.DIM_PRODUCTS', 'ANALYTICS.MARTS.DIM_CUSTOMERS'],
    statements: 40,
    medianMs: 1_800,
    sigma: 1,
    fullScan: 0.01,
  },
  {
    name: 'adhoc',
    accountId: 'QB41627',
    share: 10,
    users: PEOPLE_PROD,
    role: 'ANALYST',
    warehouses: ['ADHOC_WH'],
    connectors: ['Snowflake Web App', 'Snowflake Web App', 'Python 3.0.4'],
    tags: [''],
    templates: [SELECT_JOIN, SELECT_SCAN, SELECT_WINDOW],
    tables: [
      'ANALYTICS.MARTS.FCT_ORDERS',
      'ANALYTICS.MARTS.DIM_CUSTOMERS',
      'ANALYTICS.MARTS.FCT_SESSIONS',
      'RAW.EVENTS.WEB_EVENTS',
    ],
    statements: 60,
    medianMs: 4_000,
    sigma: 1.7,
    fullScan: 0.06,
  },
  {
    name: 'api',
    accountId: 'QB41627',
    share: 7,
    users: ['ORDERS_API_SVC'],
    role: 'APP_READER',
    warehouses: ['API_WH'],
    connectors: ['Go 1.7.0'],
    tags: ['orders-api'],
    templates: [SELECT_LOOKUP],
    tables: ['ANALYTICS.MARTS.FCT_ORDERS', 'ANALYTICS.MARTS.DIM_PRODUCTS'],
    statements: 4,
    medianMs: 300,
    sigma: 0.6,
    fullScan: 0,
  },
  {
    name: 'finance',
    accountId: 'QB41627',
    share: 3,
    users: ['ERIN_OCONNOR', 'LENA_WEBER'],
    role: 'FINANCE',
    warehouses: ['FINANCE_WH'],
    connectors: ['ODBC 3.1.0', 'Snowflake Web App'],
    tags: ['month_close'],
    templates: [INSERT_SELECT, SELECT_JOIN],
    tables: ['FINANCE.LEDGER.GL_ENTRIES', 'FINANCE.LEDGER.REVENUE_DAILY'],
    statements: 8,
    medianMs: 6_000,
    sigma: 1.2,
    fullScan: 0.04,
  },
  {
    name: 'analysts',
    accountId: 'RX80233',
    share: 10,
    users: PEOPLE_ANALYTICS,
    role: 'ANALYST',
    warehouses: ['ANALYST_WH'],
    connectors: ['Snowflake Web App', 'Python 3.0.4'],
    tags: ['', 'notebook'],
    templates: [SELECT_JOIN, SELECT_WINDOW, CTAS],
    tables: [
      'ANALYTICS_SHARE.MARTS.FCT_ORDERS',
      'ANALYTICS_SHARE.MARTS.DIM_CUSTOMERS',
      'ANALYTICS_SHARE.MARTS.FCT_SESSIONS',
      'SANDBOX.ANALYSTS.CHURN_COHORTS',
      'SANDBOX.ANALYSTS.TMP_ATTRIBUTION',
    ],
    statements: 60,
    medianMs: 5_000,
    sigma: 1.6,
    fullScan: 0.05,
  },
  {
    name: 'data-science',
    accountId: 'RX80233',
    share: 5,
    users: ['GRACE_KIM', 'HIRO_TANAKA', 'MARCO_ROSSI'],
    role: 'DATA_SCIENTIST',
    warehouses: ['DATA_SCIENCE_WH'],
    connectors: ['Python 3.0.4'],
    tags: ['notebook', 'experiments'],
    templates: [SELECT_WINDOW, CTAS],
    tables: [
      'ML.FEATURES.CUSTOMER_FEATURES',
      'ML.FEATURES.TRAINING_SET',
      'ANALYTICS_SHARE.MARTS.FCT_SESSIONS',
    ],
    statements: 24,
    medianMs: 60_000,
    sigma: 1.4,
    fullScan: 0.05,
  },
  {
    name: 'reporting',
    accountId: 'RX80233',
    share: 7,
    users: ['REPORTING_SVC'],
    role: 'REPORTER',
    warehouses: ['REPORTING_WH'],
    connectors: ['JDBC 3.14.4'],
    tags: ['daily_reports'],
    templates: [SELECT_DASHBOARD, INSERT_SELECT],
    tables: ['ANALYTICS_SHARE.MARTS.FCT_ORDERS', 'ANALYTICS_SHARE.MARTS.DIM_CUSTOMERS'],
    statements: 16,
    medianMs: 9_000,
    sigma: 1.1,
    fullScan: 0.02,
  },
  {
    name: 'ml',
    accountId: 'RX80233',
    share: 3,
    users: ['ML_PIPELINE_SVC'],
    role: 'ML_ENGINEER',
    warehouses: ['ML_TRAINING_WH'],
    connectors: ['Python 3.0.4'],
    tags: ['feature_build'],
    templates: [CTAS, SELECT_WINDOW],
    tables: [
      'ML.FEATURES.TRAINING_SET',
      'ML.FEATURES.CLICKSTREAM_EMBEDDINGS',
      'ML.FEATURES.CUSTOMER_FEATURES',
    ],
    statements: 10,
    medianMs: 120_000,
    sigma: 1.2,
    fullScan: 0.08,
  },
  {
    name: 'backfills',
    accountId: 'RX80233',
    share: 2,
    users: ['AIRFLOW_SVC'],
    role: 'TRANSFORMER',
    warehouses: ['BACKFILL_WH', 'BACKFILL_WH', 'HEAVY_ETL_WH'],
    connectors: ['Python 3.0.4'],
    tags: ['airflow:backfill'],
    templates: [INSERT_SELECT, CTAS, MERGE_UPSERT],
    tables: [
      'ANALYTICS_SHARE.MARTS.FCT_SESSIONS',
      'ML.FEATURES.CLICKSTREAM_EMBEDDINGS',
      'SANDBOX.ANALYSTS.TMP_ATTRIBUTION',
    ],
    statements: 8,
    medianMs: 150_000,
    sigma: 1.1,
    fullScan: 0.1,
  },
]

/** Error messages of failed queries, by query type (Snowflake's wording). */
export const FAILURE_MESSAGES: Record<TemplateSpec['queryType'], readonly string[]> = {
  SELECT: [
    "SQL compilation error: error line 2 at position 9 invalid identifier 'C.SEGMENT'",
    'Statement reached its statement or warehouse timeout of 3,600 second(s) and was canceled.',
    'SQL execution internal error: Processing aborted due to error 300005:4035471297; incident 7153342.',
  ],
  MERGE: [
    'Duplicate row detected during DML action Row Values: [4417208, 1290.00, "paid"]',
    'Statement reached its statement or warehouse timeout of 3,600 second(s) and was canceled.',
  ],
  COPY: [
    "Remote file 's3://acme-raw/stage/part-00017.parquet' was not found. There are several potential causes.",
    'Number of columns in file (14) does not match that of the corresponding table (15), use file format option error_on_column_count_mismatch=false to ignore this error',
  ],
  CREATE_TABLE_AS_SELECT: [
    "SQL execution error: Insufficient privileges to operate on schema 'FEATURES'",
    'Statement reached its statement or warehouse timeout of 3,600 second(s) and was canceled.',
  ],
  INSERT: [
    "Numeric value 'N/A' is not recognized",
    'Transaction 1730712039817000000 was aborted because of a lock wait timeout.',
  ],
}

/** Fills a statement's literals ({date}, {id}, {text}) for one query, the same way every time. */
export function renderSql(template: string, literalSeed: number, anchorDay: string): string {
  let state = literalSeed >>> 0
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state
  }
  const words = ['enterprise', 'smb', 'emea', 'checkout', 'pricing', 'signup', 'us-east', 'mobile']
  return template
    .replaceAll('{date}', () => {
      const daysBack = next() % 30
      return new Date(Date.parse(anchorDay) - daysBack * 86_400_000).toISOString().slice(0, 10)
    })
    .replaceAll('{id}', () => String(1 + (next() % 90_000)))
    .replaceAll('{text}', () => words[next() % words.length]!)
}
