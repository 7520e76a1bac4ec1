import type { ReactNode } from 'react'
import { Alert as Notice, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core'
import {
  AGGREGATION_LABELS,
  CONDITION_LABELS,
  formatDateTime,
  formatMetricValue,
  type Monitor,
  type MonitorInput,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import type { AlertingCalls } from './api.ts'
import { monitorListState } from './alerting-state.ts'
import { SeverityText, StateBadge } from './alerts-view.tsx'
import { MonitorForm } from './monitor-form.tsx'

const unitValue = (m: Monitor, value: number) => formatMetricValue({ unit: m.unit, decimals: 4 }, value)

/** What a monitor watches and when it fires, in one line: "Sum over 1 h of credits on BI_WH is above 5 credits". */
export function monitorCondition(m: Monitor): string {
  const where = m.warehouse ? ` on ${m.warehouse}` : ''
  return (
    `${AGGREGATION_LABELS[m.aggregation]} over ${m.lookbackHours} h of ${m.metricLabel.toLowerCase()}${where} ` +
    `${CONDITION_LABELS[m.condition]} ${unitValue(m, m.threshold)}`
  )
}

function monitorColumns(
  toggle: (m: Monitor, enabled: boolean) => void,
  actions: { edit: (m: Monitor) => void; remove: (m: Monitor) => void },
): DataColumn<Monitor>[] {
  return [
    { key: 'name', title: 'Monitor', width: 220, sticky: true },
    {
      key: 'enabled',
      title: 'Enabled',
      width: 100,
      value: (m) => (m.enabled ? 'Enabled' : 'Disabled'),
      render: (m) => (
        <Switch
          checked={m.enabled}
          onChange={(e) => toggle(m, e.currentTarget.checked)}
          aria-label={`${m.enabled ? 'Disable' : 'Enable'} ${m.name}`}
        />
      ),
    },
    { key: 'state', title: 'State', width: 140, render: (m) => <StateBadge state={m.state} /> },
    { key: 'condition', title: 'Condition', width: 380, ellipsis: true, value: monitorCondition },
    { key: 'severity', title: 'Severity', width: 120, render: (m) => <SeverityText severity={m.severity} /> },
    {
      key: 'scheduleMinutes',
      title: 'Runs every',
      width: 110,
      value: (m) => (m.scheduleMinutes === 60 ? '1 hour' : `${m.scheduleMinutes} min`),
    },
    {
      ...timeColumn<Monitor>('lastRunAt', 'Last run', (m) => m.lastRunAt, 170),
      exportValue: (m) => (m.lastRunAt === null ? '' : formatDateTime(m.lastRunAt)),
    },
    {
      key: 'lastValue',
      title: 'Last value',
      width: 140,
      value: (m) => (m.lastValue === null ? '' : unitValue(m, m.lastValue)),
    },
    { key: 'alertCount', title: 'Alerts', width: 90 },
    {
      key: 'channels',
      title: 'Notifies',
      width: 220,
      sortable: false,
      ellipsis: true,
      value: (m) => m.channels.map((c) => c.name).join(', '),
    },
    recordActionsColumn<Monitor>((m) => `the monitor ${m.name}`, actions),
  ]
}

/**
 * The platform's monitors: what each watches, its last run and value, the state of its open alert;
 * enabled and disabled in the row, created, edited and deleted through the form. The server runs
 * each due monitor before answering, so the list shows every run up to now.
 */
export function MonitorsView({
  calls,
  viewTabs,
}: {
  calls: AlertingCalls
  viewTabs: (view: string) => ReactNode
}) {
  const list = useListState(monitorListState)
  const result = calls.useMonitors()
  const options = calls.useOptions()
  const [createMonitor] = calls.useCreate()
  const [updateMonitor] = calls.useUpdate()
  const [deleteMonitor, deletion] = calls.useRemove()
  const [setEnabled, enabling] = calls.useSetEnabled()
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: MonitorInput) => createMonitor(input),
    update: (m: Monitor, input: MonitorInput) => updateMonitor({ id: m.id, ...input }),
    remove: (m: Monitor) => deleteMonitor({ id: m.id }),
  })
  const canCreate = (options.data?.metrics.length ?? 0) > 0

  return (
    <>
      <ListPage
        title="Alerting"
        description="Monitors of the platform’s cost and usage, and the alerts they raised, as OpenSearch Alerting shows them."
        caption="Monitors"
        what="The monitors"
        list={list}
        result={result}
        request={undefined}
        rangePicker={false}
        rows={(d) => d?.monitors ?? []}
        columns={monitorColumns((m, enabled) => void setEnabled({ id: m.id, enabled }), {
          edit: setEditing,
          remove: setDeleting,
        })}
        rowKey={(m) => String(m.id)}
        browserTable={{ defaultView: { sort: { key: 'name', direction: 'asc' } } }}
        emptyText={
          canCreate
            ? 'No monitor yet: create one to be told when a metric crosses a threshold.'
            : 'No monitor.'
        }
        download={{ name: 'monitors', formats: ['csv'] }}
      >
        <Stack gap="xs">
          {viewTabs('monitors')}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {options.data?.note ??
                'Each monitor runs at its schedule on the platform’s stored series; a new one runs over the last 24 hours at once.'}
            </Text>
            {canCreate && <Button onClick={() => setEditing('new')}>Create monitor</Button>}
          </Group>
          {enabling.isError && (
            <Notice color="red" role="alert">
              {(enabling.error as { message?: string }).message ?? 'The monitor could not be changed.'}
            </Notice>
          )}
        </Stack>
      </ListPage>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Create monitor' : `Edit monitor ${editing?.name ?? ''}`}
        size="xl"
      >
        {editing !== null && (
          <MonitorForm
            calls={calls}
            options={options.data}
            stored={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Create monitor' : 'Save monitor'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete monitor"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the monitor “{deleting?.name}”? Its alerts go with it.
      </ConfirmDeleteModal>
    </>
  )
}
