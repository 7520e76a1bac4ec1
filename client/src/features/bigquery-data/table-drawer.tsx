import { Drawer, Stack, Text, Title } from '@mantine/core'
import { useSearchParams } from 'react-router-dom'
import {
  BIGQUERY_PAGE_SIZE,
  formatBytes,
  formatCount,
  formatDurationMs,
  type BigQueryDataTableRow,
  type BigQueryTableJob,
  bigQueryCentsUsd,
  bigQueryCentsPlain,
  bigQueryJobStatusLabel,
  bigQueryJobTypeLabel,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { panelStatus } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { FieldGrid, type GridField } from '../../kit/field-grid.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useDataTableJobsQuery, useDataTableQuery } from './api.ts'
import { billingModelLabel, isoTime } from './data-format.ts'

/** A byte figure with its share of a whole ('1.00 TB (20 %)'). */
const bytesOf = (bytes: number, whole: number) =>
  whole > 0 ? `${formatBytes(bytes)} (${Math.round((bytes / whole) * 100)} %)` : formatBytes(bytes)

/** What a table holds and costs to keep, and what the jobs of the window read of it. */
export function tableFields(t: BigQueryDataTableRow): { storage: GridField[]; reads: GridField[] } {
  return {
    storage: [
      { label: 'Logical size (uncompressed)', value: formatBytes(t.logicalBytes) },
      { label: 'Active logical', value: bytesOf(t.activeLogicalBytes, t.logicalBytes) },
      {
        label: 'Long-term logical (unmodified 90 days)',
        value: bytesOf(t.longTermLogicalBytes, t.logicalBytes),
      },
      { label: 'Physical size (compressed)', value: formatBytes(t.physicalBytes) },
      { label: 'Active physical', value: bytesOf(t.activePhysicalBytes, t.physicalBytes) },
      { label: 'Long-term physical', value: bytesOf(t.longTermPhysicalBytes, t.physicalBytes) },
      { label: 'Storage cost / month', value: bigQueryCentsUsd(t.storageCost) },
      { label: 'Dataset billed on', value: billingModelLabel(t.billingModel) },
      { label: 'Rows', value: formatCount(t.rows) },
      {
        label: 'Partitioning',
        value: t.partitioned ? `By day, ${formatCount(t.partitionCount)} partitions` : 'Not partitioned',
      },
      { label: 'Clustered', value: t.clustered ? 'Yes' : 'No' },
      { label: 'Created', value: isoTime(t.creationTime) },
      { label: 'Last modified', value: isoTime(t.lastModifiedTime) },
    ],
    reads: [
      { label: 'Jobs reading it', value: formatCount(t.jobCount) },
      { label: 'Bytes they scanned', value: formatBytes(t.bytesScanned) },
      { label: 'Their cost', value: bigQueryCentsUsd(t.jobCost) },
      { label: 'Last read', value: isoTime(t.lastReadTime) },
    ],
  }
}

const JOB_COLUMNS: readonly DataColumn<BigQueryTableJob>[] = [
  {
    key: 'jobId',
    title: 'Job ID',
    width: 230,
    priority: 1,
    sticky: true,
    sortable: false,
    render: (j) => (
      <ReturnLink to={`/job/${encodeURIComponent(j.jobId)}/details`} mono>
        {j.jobId}
      </ReturnLink>
    ),
  },
  {
    key: 'createTime',
    title: 'Created',
    width: 160,
    priority: 1,
    sortable: false,
    render: (j) => isoTime(j.createTime),
  },
  {
    key: 'status',
    title: 'Status',
    width: 90,
    priority: 3,
    sortable: false,
    value: (j) => bigQueryJobStatusLabel(j.status),
  },
  {
    key: 'jobType',
    title: 'Type',
    width: 110,
    priority: 3,
    sortable: false,
    value: (j) =>
      j.statementType
        ? `${bigQueryJobTypeLabel(j.jobType)} ${j.statementType}`
        : bigQueryJobTypeLabel(j.jobType),
  },
  { key: 'user', title: 'User', width: 220, priority: 3, sortable: false, ellipsis: true },
  {
    key: 'bytesScanned',
    title: 'Bytes scanned',
    width: 120,
    priority: 1,
    sortable: false,
    align: 'right',
    render: (j) => (j.cacheHit ? 'Cache hit' : formatBytes(j.bytesScanned)),
  },
  {
    key: 'cost',
    title: 'Cost',
    width: 120,
    priority: 1,
    sortable: false,
    align: 'right',
    render: (j) => bigQueryCentsUsd(j.cost),
    exportValue: (j) => bigQueryCentsPlain(j.cost),
  },
  {
    key: 'duration',
    title: 'Duration',
    width: 100,
    priority: 4,
    sortable: false,
    align: 'right',
    render: (j) => formatDurationMs(j.duration),
  },
]

/**
 * The table open on the /data page (`?table=`): its storage and reads, and the jobs of the window that
 * read it, the newest first, 15 a page (`?jobsPage=`), each opening its details.
 */
export function TableDrawer({ tableId, onClose }: { tableId: string | null; onClose: () => void }) {
  const [params, setParams] = useSearchParams()
  const jobsPage = Math.max(1, Number(params.get('jobsPage')) || 1)
  const skip = tableId === null
  const table = useDataTableQuery({ tableId: tableId ?? '' }, { skip })
  const jobs = useDataTableJobsQuery(
    { tableId: tableId ?? '', page: jobsPage, pageSize: BIGQUERY_PAGE_SIZE },
    { skip },
  )
  const fields = table.data ? tableFields(table.data) : null
  return (
    <Drawer
      opened={!skip}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Text ff="monospace" fw={600}>
          {tableId}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the table' }}
    >
      <Stack gap="lg">
        <PanelState
          status={panelStatus(table, !table.data)}
          what="The table"
          error={table.error}
          onRetry={() => void table.refetch()}
        >
          {fields && (
            <>
              <section aria-label="Storage">
                <Title order={3} size="h5" mb="xs">
                  Storage
                </Title>
                <FieldGrid fields={fields.storage} />
              </section>
              <section aria-label="Reads in the last 30 days">
                <Title order={3} size="h5" mb="xs">
                  Reads in the last 30 days
                </Title>
                <FieldGrid fields={fields.reads} cols={4} />
              </section>
            </>
          )}
        </PanelState>
        <DataTable<BigQueryTableJob>
          caption="Jobs that read this table"
          columns={JOB_COLUMNS}
          rows={jobs.data?.results ?? []}
          rowKey={(j) => j.jobId}
          mode="server"
          totalRecords={jobs.data?.total ?? 0}
          view={{
            page: jobsPage,
            pageSize: BIGQUERY_PAGE_SIZE,
            sort: null,
            search: '',
            activeRow: null,
            expandedRow: null,
          }}
          onViewChange={(view) => {
            const next = new URLSearchParams(params)
            if (view.page > 1) next.set('jobsPage', String(view.page))
            else next.delete('jobsPage')
            setParams(next, { replace: true })
          }}
          pageSizes={[BIGQUERY_PAGE_SIZE]}
          search={false}
          loading={jobs.isFetching}
          failure={
            jobs.error ? { what: 'The jobs', error: jobs.error, onRetry: () => void jobs.refetch() } : null
          }
          emptyText="No job read this table in the last 30 days"
          columnsKey="bigquery-table-jobs"
        />
      </Stack>
    </Drawer>
  )
}
