import { Tabs } from '@mantine/core'
import { useSearchParams } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { alertingCallsFor } from './api.ts'
import { ALERTING_VIEWS, type AlertingView } from './alerting-state.ts'
import { AlertsView } from './alerts-view.tsx'
import { MonitorsView } from './monitors-view.tsx'

const VIEW_LABELS: Readonly<Record<AlertingView, string>> = { alerts: 'Alerts', monitors: 'Monitors' }

/**
 * /os_alerting (R128 Snowflake, R161 BigQuery: admin only; R222 Kubernetes): OpenSearch Alerting's
 * two views, the alerts of the platform's monitors and the monitors themselves, the view kept in the
 * address (`view=monitors`; the alerts by default). Each platform's calls are its own paths.
 */
export default function AlertingPage() {
  useDocumentTitle('Alerting')
  const calls = alertingCallsFor(useAppSelector((s) => s.session.user)!.clusterType)
  const [params, setParams] = useSearchParams()
  const view: AlertingView = params.get('view') === 'monitors' ? 'monitors' : 'alerts'
  // A new view starts from its own defaults: the alerts' filters mean nothing to the monitors.
  const viewTabs = (current: string) => (
    <Tabs value={current} onChange={(v) => v && setParams(v === 'alerts' ? {} : { view: v })}>
      <Tabs.List aria-label="Alerting views">
        {ALERTING_VIEWS.map((v) => (
          <Tabs.Tab key={v} value={v}>
            {VIEW_LABELS[v]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
  return view === 'monitors' ? (
    <MonitorsView calls={calls} viewTabs={viewTabs} />
  ) : (
    <AlertsView calls={calls} viewTabs={viewTabs} />
  )
}
