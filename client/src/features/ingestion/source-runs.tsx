import { useState } from 'react'
import { Anchor, Code, Group, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import {
  INGESTION_RUNS_PAGE_SIZE,
  formatCount,
  formatDateTime,
  formatDurationMs,
  type IngestionRun,
  type RunStatus,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableChange, listTableView } from '../../components/table/list-table-view.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { useIngestionRunsQuery } from './api.ts'
import { RunStatusBadge } from './ingestion-format.tsx'

type StatusFilter = RunStatus | 'all'

const FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'succeeded', label: 'Succeeded' },
]

const instant = (iso: string) => Date.parse(iso)

function runColumns(showError: (run: IngestionRun) => void): DataColumn<IngestionRun>[] {
  return [
    {
      key: 'status',
      title: 'Status',
      width: 130,
      sortable: false,
      render: (r) => <RunStatusBadge status={r.status} />,
    },
    { ...timeColumn<IngestionRun>('startedAt', 'Started', (r) => instant(r.startedAt)), sortable: false },
    {
      key: 'durationMs',
      title: 'Duration',
      width: 110,
      align: 'right',
      sortable: false,
      value: (r) => r.durationMs,
      render: (r) => formatDurationMs(r.durationMs),
    },
    {
      key: 'rows',
      title: 'Rows',
      width: 100,
      align: 'right',
      sortable: false,
      value: (r) => r.rows,
      render: (r) => formatCount(r.rows),
    },
    {
      key: 'window',
      title: 'Event window (from – to)',
      width: 330,
      sortable: false,
      value: (r) => `${r.windowStart} – ${r.windowEnd}`,
      render: (r) =>
        r.windowStart === r.windowEnd
          ? 'Nothing new'
          : `${formatDateTime(instant(r.windowStart))} – ${formatDateTime(instant(r.windowEnd))}`,
    },
    {
      key: 'error',
      title: 'Error',
      width: 320,
      sortable: false,
      value: (r) => r.error ?? '',
      render: (r) =>
        r.error ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => showError(r)}
            lineClamp={1}
          >
            {r.error}
          </Anchor>
        ) : (
          ''
        ),
    },
  ]
}

/**
 * One source's ingestion runs in the page's range, newest first, paged and filtered by status on the
 * server; a failed run's error opens whole in a dialog.
 */
export function SourceRuns({
  source,
  range,
}: {
  source: string
  range: { startTime: string; endTime: string }
}) {
  const [status, setStatus] = useState<StatusFilter>('all')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(INGESTION_RUNS_PAGE_SIZE)
  const [opened, setOpened] = useState<IngestionRun | null>(null)
  const request = { source, ...range, page, pageSize, ...(status !== 'all' && { status }) }
  const result = useIngestionRunsQuery(request)
  // Newest first, always: the server pages in that order.
  const table = listTableView({ page, pageSize, sort: { key: 'startedAt', direction: 'desc' } })
  return (
    <Paper withBorder p="sm">
      <DataTable<IngestionRun>
        caption={`${source} runs`}
        columnsKey="ingestion-runs"
        mode="server"
        columns={runColumns(setOpened)}
        rows={result.data?.runs ?? []}
        rowKey={(r) => String(r.id)}
        totalRecords={result.data?.total ?? 0}
        loading={result.isFetching}
        failure={
          result.isError
            ? { what: 'The runs', error: result.error, onRetry: () => void result.refetch() }
            : null
        }
        view={table}
        search={false}
        emptyText={status === 'failed' ? 'No failed runs in the range' : 'No runs in the range'}
        rowStatus={(r) => (r.status === 'failed' ? 'error' : 'success')}
        toolbar={
          <Group gap="xs" align="center">
            <Text size="sm" fw={500} id="runs-status">
              Status
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="runs-status"
              value={status}
              onChange={(v) => {
                setStatus(v as StatusFilter)
                setPage(1)
              }}
              data={FILTERS.map((f) => ({ ...f }))}
            />
          </Group>
        }
        onViewChange={(next) => {
          const event = listTableChange(table, next)
          if (event?.type === 'page') setPage(event.page)
          else if (event?.type === 'pageSize') {
            setPageSize(event.pageSize)
            setPage(1)
          }
        }}
      />
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? `${source} run at ${formatDateTime(instant(opened.startedAt))} failed` : ''}
        size="lg"
      >
        {opened && (
          <Stack gap="xs">
            <Text size="sm">
              After {formatDurationMs(opened.durationMs)}, reading events from{' '}
              {formatDateTime(instant(opened.windowStart))}. The next run reads on from the same point.
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {opened.error}
            </Code>
          </Stack>
        )}
      </Modal>
    </Paper>
  )
}
