import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CLUSTER_TYPES } from '../contracts/common.ts'
import { ENABLE_FLAGS } from '../contracts/auth.ts'
import {
  ALL_TYPES_ROUTES,
  LAYOUT_KEYS,
  ROUTE_LAYOUTS,
  ROUTE_REDIRECTS,
  TOP_LEVEL_ROUTES,
  catalogueEntries,
  layoutFor,
  layoutRoutes,
} from './catalogue.ts'
import type { RouteEntry } from './types.ts'

const entries = catalogueEntries()
const specIds = entries.flatMap((e) => e.specIds)

/** The one documented path pair (G10): old and new Databricks trends, exclusive by flag. */
const TRENDS_PAIR = '/cost_explorer/trends'
const INSIGHTS_PAIR = '/clusters/emrclusterinsights'

function normalise(path: string): string {
  return path === '/' ? path : path.replace(/\/$/, '')
}

describe('route catalogue (routes.json)', () => {
  it('every R-id appears exactly once across the catalogue', () => {
    const duplicates = specIds.filter((id, i) => specIds.indexOf(id) !== i)
    expect(duplicates).toEqual([])
    expect(specIds.every((id) => /^R\d{3}$/.test(id))).toBe(true)
  })

  it('catalogues the 226 route and top-level rows R001-R226 and no landing row', () => {
    const expected = Array.from({ length: 226 }, (_, i) => `R${String(i + 1).padStart(3, '0')}`)
    expect([...specIds].sort()).toEqual(expected)
  })

  it.each(LAYOUT_KEYS)(
    '%s: paths are unique (with the routes for all types), except the G10 trends pair and the insights pair',
    (key) => {
      const paths = [...layoutRoutes(ROUTE_LAYOUTS[key]), ...ALL_TYPES_ROUTES].map((r) => normalise(r.path))
      const duplicates = paths.filter((p, i) => paths.indexOf(p) !== i)
      expect(duplicates).toEqual(
        key === 'DB' ? [TRENDS_PAIR] : key === 'DEFAULT' || key === 'EMR' ? [INSIGHTS_PAIR] : [],
      )
    },
  )

  it('the cluster insights pair is exclusive by cluster type: built for EMR, planned on premises', () => {
    const pair = layoutRoutes(ROUTE_LAYOUTS.EMR).filter((r) => r.path === INSIGHTS_PAIR)
    expect(pair.map((r) => [r.specIds, r.supportedTypes, r.status])).toEqual([
      [['R012'], ['CDH', 'CDP', 'HDP', 'MAPR'], 'planned'],
      [['R059'], ['EMR'], 'built'],
    ])
  })

  it('G10 the two Databricks trends pages are exclusive by flag', () => {
    const trends = layoutRoutes(ROUTE_LAYOUTS.DB).filter((r) => r.path === TRENDS_PAIR)
    expect(trends.map((r) => [r.specIds, r.flags])).toEqual([
      [['R179'], ['oldChargebackAndTrendPages']],
      [['R183'], ['newChargebackAndTrendPages']],
    ])
  })

  it.each(LAYOUT_KEYS)('%s: every tab has a title, an icon, a base path and something to open', (key) => {
    for (const t of ROUTE_LAYOUTS[key].tabs) {
      expect(t.title, t.key).not.toBe('')
      expect(t.icon, t.key).toMatch(/^[A-Z][A-Za-z0-9]+$/)
      expect(t.path, t.key).toMatch(/^\/[a-z_]+$/)
      expect(t.children.length > 0 || t.page !== undefined, t.key).toBe(true)
    }
  })

  const iconDir = fileURLToPath(
    new URL('../../../node_modules/@tabler/icons-react/dist/esm/icons/', import.meta.url),
  )
  it.skipIf(!existsSync(iconDir))('every tab icon exists in @tabler/icons-react', () => {
    const icons = new Set(LAYOUT_KEYS.flatMap((k) => ROUTE_LAYOUTS[k].tabs.map((t) => t.icon)))
    for (const icon of icons) expect(existsSync(`${iconDir}Icon${icon}.mjs`), icon).toBe(true)
  })

  it('every route has a title, a react-router path and a concrete type list', () => {
    for (const e of entries) {
      expect(e.title, e.specIds.join()).not.toBe('')
      expect(e.path, e.specIds.join()).toMatch(/^(\*|\/[A-Za-z0-9_:/]*)$/)
      expect(e.supportedTypes.length, e.specIds.join()).toBeGreaterThan(0)
      for (const t of e.supportedTypes)
        expect(CLUSTER_TYPES as readonly string[]).toContain(t.replace(/^!/, ''))
      for (const f of e.flags ?? []) expect(ENABLE_FLAGS as readonly string[]).toContain(f)
    }
  })

  it('pages that need a path parameter are never sub-tabs', () => {
    const withParams = entries.filter((e) => e.path.includes(':'))
    expect(withParams.filter((e) => e.inNav !== false).map((e) => e.path)).toEqual([])
  })

  it('a sub-tab permission id sits under its tab id (B035 parent/child matching relies on it)', () => {
    for (const key of LAYOUT_KEYS) {
      for (const t of ROUTE_LAYOUTS[key].tabs) {
        for (const r of [...t.children, ...(t.page ? [t.page] : [])]) {
          if (t.rbacId === undefined) expect(r.rbacId).toBeUndefined()
          else expect(r.rbacId === t.rbacId || r.rbacId?.startsWith(`${t.rbacId}/`), r.path).toBe(true)
        }
      }
    }
  })

  it('the built screens: login, home, not-found, the cluster overview, jobs, resources, chargeback, workload, queue analysis, Kafka and its metrics, EMR cluster insights and HBase, Elasticsearch, Logstash and Kibana, the Jobs pages, global search, the EMR cost trends, chargeback, budgets, cluster list and details and AWS account settings, the notification channels (every layout), the Databricks home, workspaces, billing, cost trends, drill-downs, budgets and their details, insights and their actions, the SQL pages, chargeback, clusters, cluster summary, job runs, jobs and pipelines, the Snowflake home, cost, warehouse and query pages, the OpenSearch users and roles (Snowflake, BigQuery), OpenSearch alerting (Snowflake, BigQuery, Kubernetes), OpenSearch dashboards (Snowflake, BigQuery, Kubernetes) and anomalies (Snowflake, BigQuery), the ingestion monitor and Kafka consumption, the BigQuery job list, details, compare and project list and insights overview, the system usage page (Snowflake, BigQuery), the Kubernetes Top X, usage trends, app metrics, logs and applications list, the API docs, the application details (with its Presto, BigQuery and Tez DAG forms), the Spark job page, the Kafka topic and consumer group pages, the session, pipeline runs and workflow pages and the simulator controls', () => {
    const built = entries.filter((e) => e.status === 'built')
    expect(built.map((e) => [e.specIds[0], e.screen])).toEqual([
      ['R001', 'login'],
      ['R002', 'home'],
      ['R003', 'not-found'],
      ['R004', 'clusters-overview'],
      ['R005', 'clusters-jobs'],
      ['R006', 'cluster-resources'],
      ['R007', 'chargeback'],
      ['R008', 'cluster-workload'],
      ['R009', 'queue-analysis'],
      ['R010', 'kafka'],
      ['R011', 'kafka-metrics'],
      ['R059', 'emr-cluster-insights'],
      ['R013', 'hbase'],
      ['R014', 'elasticsearch'],
      ['R015', 'logstash'],
      ['R016', 'kibana'],
      ['R017', 'applications'],
      ['R018', 'pipelines'],
      ['R019', 'schedule-jobs'],
      ['R047', 'notification-channels'],
      ['R049', 'global-search'],
      ['R098', 'emr-cost-trends'],
      ['R099', 'chargeback'],
      ['R100', 'emr-budgets'],
      ['R101', 'emr-budget-details'],
      ['R102', 'emr-cluster-list'],
      ['R103', 'emr-cluster-details'],
      ['R104', 'aws-account-settings'],
      ['R178', 'databricks-home'],
      ['R179', 'databricks-cost-trends'],
      ['R183', 'databricks-cost-trends'],
      ['R180', 'databricks-cost-drilldowns'],
      ['R181', 'databricks-budgets'],
      [undefined, 'databricks-budget-details'],
      ['R182', 'chargeback'],
      ['R184', 'databricks-clusters'],
      ['R185', 'databricks-cluster-summary'],
      ['R186', 'databricks-runs'],
      ['R187', 'databricks-jobs'],
      ['R188', 'databricks-pipelines'],
      ['R189', 'databricks-insights'],
      ['R190', 'databricks-insight-actions'],
      ['R191', 'databricks-sql-overview'],
      ['R192', 'databricks-sql-users'],
      ['R193', 'databricks-sql-warehouses'],
      ['R194', 'databricks-sql-queries'],
      ['R210', 'databricks-workspaces'],
      ['R211', 'databricks-billing'],
      ['R212', 'notification-channels'],
      ['R121', 'snowflake-home'],
      ['R122', 'snowflake-cost'],
      ['R123', 'snowflake-cost'],
      ['R124', 'snowflake-cost'],
      ['R125', 'snowflake-cost'],
      ['R126', 'snowflake-cost'],
      ['R142', 'snowflake-warehouses'],
      ['R143', 'snowflake-warehouse-details'],
      ['R144', 'snowflake-queries'],
      ['R145', 'snowflake-query-details'],
      ['R146', 'snowflake-query-compare'],
      ['R130', 'ingestion-monitor'],
      ['R131', 'kafka-consumption'],
      ['R132', 'system-usage'],
      ['R137', 'os-users'],
      ['R138', 'os-roles'],
      ['R141', 'snowflake-notification-channels'],
      ['R127', 'os-dashboard'],
      ['R128', 'os-alerting'],
      ['R129', 'os-anomalies'],
      ['R149', 'api-docs'],
      ['R152', 'bigquery-cost'],
      ['R153', 'bigquery-cost'],
      ['R154', 'bigquery-cost'],
      ['R155', 'bigquery-projects'],
      ['R156', 'bigquery-jobs'],
      ['R157', 'bigquery-job-details'],
      ['R158', 'bigquery-job-compare'],
      ['R159', 'bigquery-data'],
      ['R165', 'kafka-consumption'],
      ['R166', 'system-usage'],
      ['R168', 'os-users'],
      ['R169', 'os-roles'],
      ['R170', 'notification-channels'],
      ['R160', 'os-dashboard'],
      ['R161', 'os-alerting'],
      ['R162', 'os-anomalies'],
      ['R163', 'bigquery-insights'],
      ['R176', 'api-docs'],
      ['R216', 'kubernetes-topx'],
      ['R217', 'kubernetes-usage-trends'],
      ['R218', 'kubernetes-app-metrics'],
      ['R219', 'kubernetes-logs'],
      ['R220', 'applications'],
      ['R221', 'os-dashboard'],
      ['R222', 'os-alerting'],
      ['R107', 'app-dag'],
      ['R108', 'app-details'],
      ['R109', 'app-details'],
      ['R110', 'session'],
      ['R111', 'pipeline-runs'],
      ['R112', 'workflow'],
      ['R113', 'app-details'],
      ['R114', 'spark-job'],
      ['R115', 'kafka-topic'],
      ['R116', 'kafka-consumer'],
      [undefined, 'sim-control'],
    ])
    expect(entries.filter((e) => e.status === 'planned' && e.screen !== undefined)).toEqual([])
  })

  it('the routes without a spec id: the Databricks budget details (ours, issue 20) and the admin-only simulator controls page', () => {
    expect(entries.filter((e) => e.specIds.length === 0)).toEqual([
      expect.objectContaining({ path: '/cost_explorer/budgets/:budget_id/details/', inNav: false }),
      expect.objectContaining({ path: '/simulator', roles: ['admin'], inNav: false }),
    ])
  })

  it('the Databricks SQL pages carry the preview badge', () => {
    const sql = layoutRoutes(ROUTE_LAYOUTS.DB).filter((r) => r.path.startsWith('/sql/'))
    expect(sql.map((r) => r.badge)).toEqual(['preview', 'preview', 'preview', 'preview'])
  })

  it('top-level routes are /login, / and the not-found splat', () => {
    expect(TOP_LEVEL_ROUTES.map((r) => r.path)).toEqual(['/login', '/', '*'])
  })

  it('R102 G09 the EMR cluster list is /clusters/list, first in the EMR Clusters tab', () => {
    const clusters = ROUTE_LAYOUTS.EMR.tabs.find((t) => t.key === 'clusters')
    expect(clusters?.children[0]).toMatchObject({ specIds: ['R102'], path: '/clusters/list' })
    expect(ROUTE_LAYOUTS.EMR.tabs.map((t) => t.title).slice(0, 6)).toEqual([
      'Cost',
      'Clusters',
      'Jobs',
      'Data',
      'Reports',
      'Auto Actions',
    ])
  })

  it('C17 every redirect leads from a path no layout routes to a list page of that layout', () => {
    for (const r of ROUTE_REDIRECTS) {
      for (const type of r.clusterTypes) {
        const paths = layoutRoutes(layoutFor(type)).map((e) => e.path)
        expect(paths, `${type} ${r.to}`).toContain(r.to)
        expect(paths, `${type} ${r.from}`).not.toContain(r.from)
      }
    }
  })

  it('B301 every layout type has its layout; other types fall back to DEFAULT', () => {
    expect(CLUSTER_TYPES.map((t) => layoutFor(t).key)).toEqual([
      'DEFAULT',
      'DEFAULT',
      'DEFAULT',
      'DEFAULT',
      'EMR',
      'DB',
      'SNOWFLAKE',
      'BIGQUERYV2',
      'K8S',
    ])
    expect(layoutFor('HDI').key).toBe('DEFAULT')
  })
})

/* --- Cross-check against the spec catalogue, when ../shared/spec beside the repo is present -------- */

interface SpecRow {
  id: string
  kind: string
  path: string | null
  appliesTo: string[]
  gates: { roles: string[] | null; flags: string[]; flagsInferred: string[] }
}

const specFile = fileURLToPath(new URL('../../../../shared/spec/routes.json', import.meta.url))
const specPresent = existsSync(specFile)
const specRows: SpecRow[] = specPresent
  ? (JSON.parse(readFileSync(specFile, 'utf8')) as SpecRow[]).filter(
      (r) => r.kind === 'route' || r.kind === 'top-level',
    )
  : []

/** routes.json path -> react-router pattern ('{id}' -> ':id', '' -> '/', '**' -> '*'). */
function specPattern(row: SpecRow): string | null {
  if (row.path === null) return null
  if (row.path === '') return '/'
  if (row.path === '**') return '*'
  return row.path.replace(/\{([^}]+)\}/g, ':$1')
}

function entryFor(id: string): RouteEntry | undefined {
  return entries.find((e) => e.specIds.includes(id))
}

/**
 * Flags the spec leaves off a route on purpose: the Kafka topic and consumer pages make only Kafka
 * calls, which the API refuses without kafkaEnabled, so they are hidden as /clusters/kafka is.
 */
const FLAGS_BEYOND_SPEC: Readonly<Record<string, readonly string[]>> = {
  R115: ['kafkaEnabled'],
  R116: ['kafkaEnabled'],
}

describe.skipIf(!specPresent)('catalogue against ../shared/spec/routes.json', () => {
  it('every route and top-level R-id of the spec is catalogued', () => {
    expect(specRows.map((r) => r.id).filter((id) => entryFor(id) === undefined)).toEqual([])
  })

  it('paths follow the spec (R102 has none: /clusters/list, G09)', () => {
    const mismatches = specRows
      .map((r) => [r.id, specPattern(r) ?? '/clusters/list', entryFor(r.id)?.path])
      .filter(([, want, got]) => want !== got)
    expect(mismatches).toEqual([])
  })

  it('roles follow gates.roles and flags follow gates.flags + gates.flagsInferred (G11)', () => {
    const mismatches = specRows.flatMap((r) => {
      const e = entryFor(r.id)
      const roles = [...(e?.roles ?? [])].sort()
      const flags = [...(e?.flags ?? [])].sort()
      const wantRoles = [...(r.gates.roles ?? [])].sort()
      const wantFlags = [
        ...new Set([...r.gates.flags, ...r.gates.flagsInferred, ...(FLAGS_BEYOND_SPEC[r.id] ?? [])]),
      ].sort()
      return JSON.stringify([roles, flags]) === JSON.stringify([wantRoles, wantFlags])
        ? []
        : [{ id: r.id, roles, flags, wantRoles, wantFlags }]
    })
    expect(mismatches).toEqual([])
  })

  it('every route supports the cluster types the spec applies it to', () => {
    const missing = specRows
      .filter((r) => r.kind === 'route')
      .flatMap((r) =>
        r.appliesTo.filter((t) => !entryFor(r.id)?.supportedTypes.includes(t)).map((t) => `${r.id} ${t}`),
      )
    expect(missing).toEqual([])
  })
})

describe.skipIf(specPresent)('catalogue against ../shared/spec/routes.json', () => {
  it.skip('skipped: the spec catalogue (../shared/spec/routes.json) is not present beside the repo', () => {})
})
