import { Anchor, Button, Group, Modal, Text } from '@mantine/core'
import { SENSITIVITY_LABELS, formatDateTime, type Detector, type DetectorInput } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ListPage } from '../../kit/list-page.tsx'
import { ConfirmDeleteModal, recordActionsColumn, useRecordEditor } from '../../kit/record-actions.tsx'
import type { AnomalyCalls } from './api.ts'
import type { AnomaliesHandle } from './anomalies-state.ts'
import { DetectorStateBadge, GradeBadge, utcHour } from './anomaly-format.tsx'
import { DetectorForm } from './detector-form.tsx'

function detectorColumns(
  open: (d: Detector) => void,
  running: (d: Detector, run: boolean) => void,
  actions: { edit: (d: Detector) => void; remove: (d: Detector) => void },
): DataColumn<Detector>[] {
  return [
    {
      key: 'name',
      title: 'Detector',
      width: 200,
      sticky: true,
      render: (d) => (
        <Anchor component="button" type="button" size="sm" onClick={() => open(d)}>
          {d.name}
        </Anchor>
      ),
    },
    { key: 'state', title: 'State', width: 130, render: (d) => <DetectorStateBadge state={d.state} /> },
    {
      key: 'run',
      title: 'Start / stop',
      width: 110,
      sortable: false,
      exportable: false,
      render: (d) => (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => running(d, d.state === 'Stopped')}
          aria-label={`${d.state === 'Stopped' ? 'Start' : 'Stop'} ${d.name}`}
        >
          {d.state === 'Stopped' ? 'Start' : 'Stop'}
        </Button>
      ),
    },
    { key: 'metricLabel', title: 'Feature', width: 220, ellipsis: true },
    {
      key: 'categoryLabel',
      title: 'Category field',
      width: 130,
      value: (d) => d.categoryLabel ?? 'None (account-wide)',
    },
    { key: 'sensitivity', title: 'Sensitivity', width: 160, value: (d) => SENSITIVITY_LABELS[d.sensitivity] },
    { key: 'anomalyCount', title: 'Anomalies in range', width: 150 },
    {
      key: 'lastAnomalyAt',
      title: 'Last anomaly',
      width: 240,
      value: (d) => d.lastAnomalyAt ?? 0,
      exportValue: (d) => (d.lastAnomalyAt === null ? '' : formatDateTime(d.lastAnomalyAt, 'utc')),
      render: (d) =>
        d.lastAnomalyAt === null ? (
          <Text size="sm" c="dimmed">
            None in range
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{utcHour(d.lastAnomalyAt)}</Text>
            {d.lastAnomalyGrade !== null && <GradeBadge grade={d.lastAnomalyGrade} />}
          </Group>
        ),
    },
    recordActionsColumn<Detector>((d) => `the detector ${d.name}`, actions),
  ]
}

/**
 * The platform's detectors (OpenSearch's "Detectors" list): state with start and stop, feature,
 * category field, sensitivity and what each found in the range; created, edited and deleted
 * through the form. A name opens the detector's results in the same range.
 */
export function DetectorsView({ calls, list }: { calls: AnomalyCalls; list: AnomaliesHandle }) {
  const { dateRange } = list.state
  const result = calls.useDetectors({ startTime: dateRange.start, endTime: dateRange.end })
  const options = calls.useOptions()
  const [createDetector] = calls.useCreate()
  const [updateDetector] = calls.useUpdate()
  const [deleteDetector, deletion] = calls.useRemove()
  const [start] = calls.useStart()
  const [stop] = calls.useStop()
  const { editing, setEditing, deleting, setDeleting, save, confirmDelete } = useRecordEditor({
    create: (input: DetectorInput) => createDetector(input),
    update: (d: Detector, input: DetectorInput) => updateDetector({ id: d.id, ...input }),
    remove: (d: Detector) => deleteDetector({ id: d.id }),
  })
  return (
    <>
      <ListPage
        title="Anomaly detection"
        description="Detectors over the platform’s hourly cost and usage series, and the anomalies they found, as OpenSearch Anomaly Detection shows them."
        caption="Detectors"
        list={list}
        result={result}
        request={dateRange}
        rows={(d) => d?.detectors ?? []}
        columns={detectorColumns(
          (d) => list.change({ type: 'detector', detector: String(d.id) }, { push: true }),
          (d, run) => void (run ? start({ id: d.id }) : stop({ id: d.id })),
          { edit: setEditing, remove: setDeleting },
        )}
        rowKey={(d) => String(d.id)}
        browserTable={{ defaultView: { sort: { key: 'name', direction: 'asc' } } }}
        emptyText="No detector yet: create one to find unusual hours in a cost or usage series."
        download={{ name: 'detectors', formats: ['csv'] }}
      >
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Each detector scores every hour of the range against the same hour of the 14 days before it; a new
            detector starts stopped.
          </Text>
          <Button onClick={() => setEditing('new')}>Create detector</Button>
        </Group>
      </ListPage>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing === 'new' ? 'Create detector' : `Edit detector ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing !== null && (
          <DetectorForm
            options={options.data}
            stored={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? 'Create detector' : 'Save detector'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete detector"
        failure={deletion.isError ? deletion.error : undefined}
        deleting={deletion.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        Delete the detector “{deleting?.name}”?
      </ConfirmDeleteModal>
    </>
  )
}
