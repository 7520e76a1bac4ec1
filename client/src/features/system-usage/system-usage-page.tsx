import { Stack, Text } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  formatDuration,
  formatPercent,
  type DatabaseObject,
  type SystemUsage,
} from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { usePageClock, useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RefreshButton } from '../../kit/page-header.tsx'
import { useSystemUsageQuery } from './api.ts'

/** The page reads the figures again every sample (the server samples the process every 10 s). */
const POLL_MS = 10_000

const MB = 2 ** 20

function kpis(d: SystemUsage) {
  const usedMemory = d.host.totalMemoryBytes - d.host.freeMemoryBytes
  return [
    {
      label: 'CPU (% of one core)',
      value: formatPercent(d.process.cpuPercent, 1),
      note: `${d.host.cpuCount} cores, load ${d.host.loadAverage.map((l) => l.toFixed(2)).join(' / ')}`,
    },
    {
      label: 'Memory (resident)',
      value: formatBytes(d.process.rssBytes),
      note: `heap ${formatBytes(d.process.heapUsedBytes)} of ${formatBytes(d.process.heapTotalBytes)}; host ${formatPercent((100 * usedMemory) / d.host.totalMemoryBytes, 0)} used`,
    },
    {
      label: 'Database file',
      value: formatBytes(d.database.fileBytes),
      note: `${d.database.scale} seed; write-ahead log ${formatBytes(d.database.walBytes)}, ${formatCount(d.database.freePages)} free pages`,
    },
    {
      label: 'Up for',
      value: formatDuration(d.process.uptimeSeconds),
      note: `Node.js ${d.process.nodeVersion}`,
    },
  ]
}

function objectColumns(fileBytes: number): DataColumn<DatabaseObject>[] {
  return [
    { key: 'name', title: 'Table or index', width: 300, priority: 1, sticky: true, render: (o) => o.name },
    {
      key: 'kind',
      title: 'Kind',
      width: 90,
      priority: 2,
      render: (o) => (o.kind === 'table' ? 'Table' : 'Index'),
    },
    { key: 'table', title: 'Of table', width: 220, priority: 3, render: (o) => o.table },
    {
      key: 'bytes',
      title: 'Size',
      width: 120,
      align: 'right',
      priority: 1,
      value: (o) => o.bytes,
      render: (o) => formatBytes(o.bytes),
      unit: 'bytes',
    },
    {
      key: 'share',
      title: 'Of the file',
      width: 110,
      align: 'right',
      priority: 2,
      value: (o) => (fileBytes ? Math.round((10_000 * o.bytes) / fileBytes) / 100 : 0),
      render: (o) => formatPercent(fileBytes ? (100 * o.bytes) / fileBytes : 0, 1),
    },
    {
      key: 'rows',
      title: 'Rows',
      width: 120,
      align: 'right',
      priority: 2,
      value: (o) => o.rows,
      render: (o) => (o.rows === null ? '—' : formatCount(o.rows)),
    },
  ]
}

/**
 * /manage/system_usage (R132 Snowflake, admin only; R166 BigQuery): what the console itself uses,
 * measured by the server: its CPU and memory now and over the last hour, its host, its database file
 * and every table and index with its size (measured in the background at most every 10 minutes: the
 * page says when) and rows. Read again every 10 s and on Refresh.
 */
export default function SystemUsagePage() {
  const clock = usePageClock(POLL_MS)
  const result = useSystemUsageQuery()
  useRefetchOnTick(clock.now, undefined, result.refetch)
  return (
    <Stack gap="md">
      <PageHeader
        title="System Usage"
        description="What this console uses: its process, its host and its database, measured."
      >
        <RefreshButton clock={clock} />
      </PageHeader>
      <DashboardPanel
        what="The system usage"
        result={result}
        kpiLabel="System now"
        kpis={kpis}
        cols={2}
        charts={(d) => {
          const at = (s: SystemUsage['samples'][number]) => Date.parse(s.time)
          return [
            {
              kind: 'line',
              title: 'CPU, last hour (% of one core)',
              series: [{ name: 'CPU', data: d.samples.map((s) => [at(s), s.cpuPercent] as const) }],
              valueFormat: (v) => formatPercent(v, 1),
            },
            {
              kind: 'line',
              title: 'Memory, last hour (MB)',
              series: [
                { name: 'Resident', data: d.samples.map((s) => [at(s), s.rssBytes / MB] as const) },
                { name: 'Heap used', data: d.samples.map((s) => [at(s), s.heapUsedBytes / MB] as const) },
              ],
              valueFormat: (v) => `${v.toFixed(0)} MB`,
            },
          ]
        }}
      >
        {(d) => (
          <>
            <Text size="sm" c="dimmed">
              {d.database.objectsMeasuredAt
                ? `Sizes measured at ${new Date(d.database.objectsMeasuredAt).toISOString().slice(11, 19)} UTC (every page read, at most every 10 minutes).`
                : 'Measuring the tables and indexes…'}
            </Text>
            <DataTable<DatabaseObject>
              caption="Tables and indexes"
              columns={objectColumns(d.database.fileBytes)}
              rows={d.database.objects}
              rowKey={(o) => o.name}
              defaultView={{ sort: { key: 'bytes', direction: 'desc' }, pageSize: 25 }}
              download={{ name: 'database_objects', formats: ['csv'] }}
            />
          </>
        )}
      </DashboardPanel>
    </Stack>
  )
}
