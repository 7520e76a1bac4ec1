import { useMemo, useState, type ReactNode } from 'react'
import { Alert as Notice, Anchor, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core'
import {
  ALERT_TABS,
  MONITOR_SEVERITIES,
  SEVERITY_LABELS,
  formatMetricValue,
  type Alert,
  type AlertPage,
  type AlertState,
  type AlertTab,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { writeRefusal } from '../../kit/record-actions.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import type { AlertingCalls } from './api.ts'
import { alertListQuery, alertListState, type AlertListView } from './alerting-state.ts'

const TAB_LABELS: Readonly<Record<AlertTab, string>> = {
  all: 'All',
  active: 'Active',
  acknowledged: 'Acknowledged',
  completed: 'Completed',
}

/** OpenSearch's colours of the states; the word is always shown beside the colour. */
const STATE_COLOURS: Readonly<Record<AlertState, string>> = {
  ACTIVE: 'red',
  ACKNOWLEDGED: 'yellow',
  COMPLETED: 'green',
}

export function StateBadge({ state }: { state: AlertState | null }) {
  if (!state) return <Text size="sm">No alert</Text>
  return (
    <Badge color={STATE_COLOURS[state]} variant="dot" tt="none">
      {state.charAt(0) + state.slice(1).toLowerCase()}
    </Badge>
  )
}

/** Severity 1 (the highest) to 5, as OpenSearch numbers them, its word beside it. */
export function SeverityText({ severity }: { severity: number }) {
  return <Text size="sm">{SEVERITY_LABELS[severity as keyof typeof SEVERITY_LABELS]}</Text>
}

function alertColumns(showMonitor: (monitorId: number) => void): DataColumn<Alert>[] {
  const value = (a: Alert, v: number) => formatMetricValue({ unit: a.unit, decimals: 4 }, v)
  return [
    col.time<Alert>('createdAt', 'Triggered'),
    {
      key: 'monitorName',
      title: 'Monitor',
      width: 220,
      sticky: true,
      render: (a) => (
        <Anchor component="button" type="button" size="sm" onClick={() => showMonitor(a.monitorId)}>
          {a.monitorName}
        </Anchor>
      ),
    },
    { key: 'state', title: 'State', width: 140, render: (a) => <StateBadge state={a.state} /> },
    { key: 'severity', title: 'Severity', width: 120, render: (a) => <SeverityText severity={a.severity} /> },
    { key: 'value', title: 'Value', width: 150, value: (a) => value(a, a.value) },
    {
      key: 'threshold',
      title: 'Threshold',
      width: 150,
      sortable: false,
      value: (a) => `${a.condition === 'above' ? '>' : '<'} ${value(a, a.threshold)}`,
    },
    { key: 'message', title: 'Message', width: 360, sortable: false, ellipsis: true },
    {
      key: 'acknowledgedBy',
      title: 'Acknowledged by',
      width: 140,
      sortable: false,
      value: (a) => a.acknowledgedBy ?? '',
    },
    {
      key: 'notified',
      title: 'Notified',
      width: 200,
      sortable: false,
      ellipsis: true,
      value: (a) => a.notified.join(', '),
    },
  ]
}

/** The alert states as tabs, each with its count in the range and filters. */
function StateTabs({
  value,
  counts,
  onChange,
}: {
  value: AlertTab
  counts: AlertPage['counts'] | undefined
  onChange: (tab: AlertTab) => void
}) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as AlertTab)} variant="pills">
      <Tabs.List aria-label="Alert states">
        {ALERT_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {TAB_LABELS[tab]} ({counts?.[tab] ?? '…'})
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}

/**
 * The alerts of the platform's monitors (E171): 03 §2's state (tab all, the last year, 15 per page,
 * newest first), filtered by severity and monitor, sorted and paged by the server; active ones
 * picked and acknowledged together.
 */
export function AlertsView({
  calls,
  viewTabs,
}: {
  calls: AlertingCalls
  viewTabs: (view: string) => ReactNode
}) {
  const list = useListState(alertListState)
  const request = useMemo(() => alertListQuery(list.state), [list.state])
  const result = calls.useAlerts(request)
  const monitors = calls.useMonitors()
  const [acknowledge, acknowledging] = calls.useAcknowledge()
  const [selected, setSelected] = useState<string[]>([])
  const [refusal, setRefusal] = useState<string>()
  const rows = result.data?.alerts ?? []
  const pickable = new Set(rows.filter((a) => a.state === 'ACTIVE').map((a) => String(a.id)))
  const picked = selected.filter((id) => pickable.has(id))

  const filters = useMemo<readonly FilterSpec<AlertListView['filters'], undefined>[]>(
    () => [
      {
        kind: 'select',
        field: 'severity',
        label: 'Severity',
        placeholder: 'All severities',
        options: () => MONITOR_SEVERITIES.map((s) => ({ value: String(s), label: SEVERITY_LABELS[s] })),
      },
      {
        kind: 'select',
        field: 'monitor',
        label: 'Monitor',
        placeholder: 'All monitors',
        options: () => (monitors.data?.monitors ?? []).map((m) => ({ value: String(m.id), label: m.name })),
      },
    ],
    [monitors.data],
  )

  async function acknowledgePicked() {
    setRefusal(undefined)
    const answer = await acknowledge({ ids: picked.map(Number) })
    const problem = writeRefusal(answer)
    if (problem) setRefusal(problem)
    else setSelected([])
  }

  return (
    <ListPage
      title="Alerting"
      description="Monitors of the platform’s cost and usage, and the alerts they raised, as OpenSearch Alerting shows them."
      caption="Alerts"
      what="The alerts"
      list={list}
      result={result}
      request={request}
      pickerKind="cost"
      rows={(d) => d?.alerts ?? []}
      total={(d) => d?.total ?? 0}
      filters={{ specs: filters, layout: 'row' }}
      columns={alertColumns((id) => list.change({ type: 'filters', filters: { monitor: String(id) } }))}
      rowKey={(a) => String(a.id)}
      selection={{ selected: picked, onChange: (ids) => setSelected(ids.filter((id) => pickable.has(id))) }}
      emptyText="No alert in this range: a monitor raises one when its condition holds at a run."
      download={{ name: 'alerts', formats: ['csv'] }}
    >
      <Stack gap="xs">
        {viewTabs('alerts')}
        <Group justify="space-between" wrap="wrap">
          <StateTabs
            value={list.state.tab}
            counts={result.data?.counts}
            onChange={(tab) => list.change({ type: 'tab', tab })}
          />
          <Button
            disabled={picked.length === 0}
            loading={acknowledging.isLoading}
            onClick={() => void acknowledgePicked()}
          >
            {picked.length > 1 ? `Acknowledge ${picked.length} alerts` : 'Acknowledge'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Tick active alerts to acknowledge them; an acknowledged alert completes when its condition no longer
          holds.
        </Text>
        {refusal && (
          <Notice
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(undefined)}
          >
            {refusal}
          </Notice>
        )}
      </Stack>
    </ListPage>
  )
}
