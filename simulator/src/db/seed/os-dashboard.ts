import type { Db } from '../open-database.ts'
import { createDashboard, prebuiltPanels } from '../repositories/os-dashboard.ts'

/*
 * The seeded saved dashboards (issue 23 /os_dashboard): one per platform, as a platform team keeps
 * one of its own beside the prebuilt ones, so the picker opens on both kinds. Each is its platform
 * admin's copy of the Cost dashboard with the Performance dashboard's failures added.
 */

const SEEDED = [
  { platform: 'SNOWFLAKE', maker: 'snowflake', name: 'Finance weekly review', extra: 'sf_failed_total' },
  { platform: 'BIGQUERYV2', maker: 'bigquery', name: 'Finance weekly review', extra: 'bq_failed_total' },
  { platform: 'K8S', maker: 'k8s', name: 'Platform team overview', extra: 'k8s_cpu_used' },
] as const

export function seedOsDashboards(db: Db, now: number): void {
  for (const { platform, maker, name, extra } of SEEDED) {
    const panels = [...prebuiltPanels(platform, 'cost'), { panelId: extra, width: 1 as const }]
    createDashboard(db, { name, panels }, { platform, username: maker, now })
  }
}
