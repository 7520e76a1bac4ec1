import { Paper } from '@mantine/core'
import type { AppViolation } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { useDetailsViolationsQuery } from './actions-api.ts'

/** How many violations the panel asks for (02 §7 recent_violations_by_app: limit 10). */
export const VIOLATIONS_LIMIT = 10

/** The auto-action policies the app violated, newest first (E122): when each fired and which. */
export function ViolationsPanel({ appId, clusterUid }: { appId: string; clusterUid: string }) {
  const result = useDetailsViolationsQuery({
    app_id: appId,
    limit: VIOLATIONS_LIMIT,
    ...(clusterUid && clusterUid !== '-' && clusterUid !== '*' ? { clusterUid } : {}),
  })
  const rows = result.data ?? []
  return (
    <Paper withBorder p="sm">
      <PanelState what="Policy violations" {...queryPanel(result, false)}>
        <DetailTable<AppViolation>
          caption="Policy violations"
          columns={[col.time('eventTime', 'Event time'), col.text('eventName', 'Policy', 280)]}
          rows={rows}
          rowKey={(v) => `${v.policyId}-${v.eventTime}`}
          emptyText="No policy violations: the app broke no auto-action policy."
        />
      </PanelState>
    </Paper>
  )
}
