import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { catalogueEntries, type RouteEntry } from '@costlens/shared'
import { countRoutes, missingSpecIds, specRoutesFile } from './coverage-routes.ts'

const script = fileURLToPath(new URL('./coverage-routes.ts', import.meta.url))
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))

function run(env: Record<string, string> = {}) {
  const result = spawnSync(tsx, [script], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { status: result.status, stdout: result.stdout.split('\n').filter(Boolean), stderr: result.stderr }
}

const entry = (specIds: string[], status: RouteEntry['status']): RouteEntry => ({
  specIds,
  status,
  path: '/x',
  title: 'X',
  supportedTypes: ['CDH'],
})

describe('coverage:routes', () => {
  it('counts R-ids, so an entry shared by two layouts counts twice', () => {
    expect(countRoutes([entry(['R004', 'R051'], 'planned'), entry(['R001'], 'built')])).toEqual({
      total: 3,
      built: 1,
      planned: 2,
    })
  })

  it('the product catalogue: 226 routes; built: login, home, not-found, API docs, simulator controls, applications, pipelines, scheduled jobs, global search, the twelve cluster screens (overview, jobs, resources, chargeback, workload, queue analysis, HBase: R013, R060, Kafka and its metrics: R010, R011, R057, R058), Elasticsearch, Logstash and Kibana (R014-R016, R061-R063), the Kafka topic and consumer group pages (R115, R116), the eleven Snowflake home, cost, warehouse and query screens, the eight EMR screens (cost trends, chargeback, budgets, budget details, cluster list, details and insights, AWS account settings), application details (R113, which R226 repeats for Kubernetes) its Presto and BigQuery forms (R108, R109) the Spark job page (R114) the Tez DAG page (R107),, the session, pipeline runs and workflow pages (R110-R112), and the BigQuery screens (project list, job list, job details, job compare, data: R155-R159) and its cost pages (Cost 360, Top K, tags: R152-R154), and the ten Databricks screens (cost trends old and new, chargeback, clusters, cluster summary, job runs, jobs, pipelines, workspaces, billing: R179, R182-R188, R210, R211), the notification channels of every layout (R047, R094, R141, R170, R212) and the OpenSearch users and roles (R137, R138, R168, R169) the BigQuery insights overview (R163), the system usage page (R132, R166) OpenSearch alerting of the Snowflake, BigQuery and Kubernetes layouts (R128, R161, R222), the OpenSearch dashboards (R127, R160, R221) and anomalies (R129, R162), the ingestion monitor and Kafka consumption (R130, R131, R165) and the Kubernetes app metrics and logs (R218, R219) and the Kubernetes applications list (R220)', () => {
    expect(countRoutes(catalogueEntries())).toEqual({ total: 226, built: 122, planned: 104 })
  })

  it('lists the spec route and top-level ids the catalogue lacks, ignoring landing rows', () => {
    const rows = [
      { id: 'R001', kind: 'top-level' },
      { id: 'R998', kind: 'route' },
      { id: 'R999', kind: 'landing' },
    ]
    expect(missingSpecIds([entry(['R001'], 'built')], rows)).toEqual(['R998'])
  })

  it.skipIf(!existsSync(specRoutesFile()))(
    'with the spec beside the repo: one JSON line, all catalogued',
    () => {
      const { status, stdout, stderr } = run()
      expect(status).toBe(0)
      expect(stdout).toEqual(['{"total":226,"built":122,"planned":104}'])
      expect(stderr).toContain('all spec routes catalogued')
    },
  )

  it('without the spec: the same JSON line, and stderr says only the product catalogue was counted', () => {
    const { status, stdout, stderr } = run({ COSTLENS_SPEC_ROUTES: '/nonexistent/routes.json' })
    expect(status).toBe(0)
    expect(stdout).toEqual(['{"total":226,"built":122,"planned":104}'])
    expect(stderr).toMatch(/spec catalogue not present .*only the product catalogue was counted/)
  })
})
