import { DASHBOARD_INTERVALS, PREBUILT_DASHBOARD_IDS } from '../shared/src/contracts/os-dashboard.ts'
import { BIGQUERY_PREBUILT } from '../simulator/src/db/repositories/os-dashboard-bigquery.ts'
import { KUBERNETES_PREBUILT } from '../simulator/src/db/repositories/os-dashboard-kubernetes.ts'
import { SNOWFLAKE_PREBUILT } from '../simulator/src/db/repositories/os-dashboard-snowflake.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'

const VARIANTS = 100
const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The OpenSearch views' rows the generic generator cannot fill (issue 23): a dashboard's one data
 * call names its panels (a prebuilt dashboard's, as the page sends them) over 1, 7 or 30 days; the
 * anomaly detectors' list takes its window as epoch ms and the ingestion monitor as plain strings
 * (both admin-only calls, not marked date parameters), which the generator has no word for.
 */
export function openSearchRows(now: number): HandRow[] {
  const prng = createPrng(2325)
  const end = () => now - prng.int(0, 47) * HOUR
  const dashboard = (
    base: string,
    user: string,
    key: string,
    prebuilt: typeof SNOWFLAKE_PREBUILT,
  ): HandRow => ({
    name: `${key}: a prebuilt dashboard's panels over 1-30 days`,
    covers: [key],
    method: 'GET',
    path: `${base}/panels/data`,
    auth: true,
    user,
    variants: Array.from({ length: VARIANTS }, () => {
      const to = end()
      const days = prng.pick([1, 7, 30])
      return {
        path: `${base}/panels/data?${queryOf({
          panels: prebuilt[prng.pick(PREBUILT_DASHBOARD_IDS)].map((p) => p.panelId).join(','),
          startTime: new Date(to - days * DAY).toISOString(),
          endTime: new Date(to).toISOString(),
          interval: days > 2 || prng.chance(0.5) ? 'day' : prng.pick(DASHBOARD_INTERVALS),
        })}`,
      }
    }),
  })
  const detectors = (base: string, user: string, key: string): HandRow => ({
    name: `${key}: the detectors and what they found over 1-30 days`,
    covers: [key],
    method: 'GET',
    path: `${base}/detectors`,
    auth: true,
    user,
    variants: Array.from({ length: VARIANTS }, () => {
      const to = end()
      return {
        path: `${base}/detectors?${queryOf({ startTime: String(to - prng.int(1, 30) * DAY), endTime: String(to) })}`,
      }
    }),
  })
  const ingestion = (call: 'monitor' | 'kafka', user: string, what: string): HandRow => ({
    name: `ingestion.${call}: ${what} over 1-31 days`,
    covers: [`ingestion.${call}`],
    method: 'GET',
    path: `/api/v1/ingestion/${call}`,
    auth: true,
    user,
    variants: Array.from({ length: VARIANTS }, () => {
      const to = end()
      return {
        path: `/api/v1/ingestion/${call}?${queryOf({
          startTime: new Date(to - prng.int(1, 31) * DAY).toISOString(),
          endTime: new Date(to).toISOString(),
        })}`,
      }
    }),
  })
  return [
    dashboard('/api/v1/snowflake/os_dashboard', 'snowflake', 'snowflakeDashboards.data', SNOWFLAKE_PREBUILT),
    dashboard('/api/v1/bigquery/os_dashboard', 'bigquery', 'bigqueryDashboards.data', BIGQUERY_PREBUILT),
    dashboard('/api/v1/kubernetes/os_dashboard', 'k8s', 'kubernetesDashboards.data', KUBERNETES_PREBUILT),
    detectors('/api/v1/snowflake/osd_anomalies', 'snowflake', 'snowflakeAnomalies.detectors'),
    detectors('/api/v1/bigquery/osd_anomalies', 'bigquery', 'bigqueryAnomalies.detectors'),
    ingestion('monitor', 'snowflake', 'the sources'),
    ingestion('kafka', 'bigquery', 'the topics and their lag'),
  ]
}
