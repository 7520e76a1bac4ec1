import { MONITOR_METRICS, type AlertingPlatform } from '../shared/src/rules/monitor-metrics.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { queryOf } from './day-rows.ts'
import type { HandRow } from './hand-rows.ts'

const VARIANTS = 100

/**
 * The monitor form's metric chart (issue 23 /os_alerting): each metric of the platform's catalogue
 * over its last 24 whole hours, account-wide, as a Snowflake or BigQuery admin or a Kubernetes user
 * draws it while writing a monitor. The generic generator has no word for a catalogue's metric ids.
 */
export function alertingRows(): HandRow[] {
  const prng = createPrng(2324)
  const row = (platform: AlertingPlatform, base: string, user: string, key: string): HandRow => ({
    name: `${key}: a metric's last 24 hours`,
    covers: [key],
    method: 'GET',
    path: `${base}/metric_preview`,
    auth: true,
    user,
    variants: Array.from({ length: VARIANTS }, () => ({
      path: `${base}/metric_preview?${queryOf({ metric: prng.pick(MONITOR_METRICS[platform]).id })}`,
    })),
  })
  return [
    row('SNOWFLAKE', '/api/v1/snowflake/os_alerting', 'snowflake', 'snowflakeAlerting.preview'),
    row('BIGQUERYV2', '/api/v1/bigquery/os_alerting', 'bigquery', 'bigqueryAlerting.preview'),
    row('K8S', '/api/v1/kubernetes/os_alerting', 'k8s', 'kubernetesAlerting.preview'),
  ]
}
