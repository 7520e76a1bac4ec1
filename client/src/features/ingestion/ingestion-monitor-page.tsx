import { useSearchParams } from 'react-router-dom'
import { Anchor, Stack, Text } from '@mantine/core'
import { formatCount, type IngestionMonitor, type IngestionSource } from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { timeColumn } from '../../components/table/time-column.ts'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costWindowParams } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useIngestionMonitorQuery } from './api.ts'
import { SourceRuns } from './source-runs.tsx'
import { SourceStatusBadge, formatMinutes, formatSchedule, sourceStatusWord } from './ingestion-format.tsx'

const instantOf = (iso: string | null) => (iso === null ? null : Date.parse(iso))

function kpis(d: IngestionMonitor): Kpi[] {
  const count = (status: IngestionSource['status']) => d.sources.filter((s) => s.status === status).length
  const runs = d.sources.reduce((a, s) => a + s.runs, 0)
  const failed = d.sources.reduce((a, s) => a + s.failedRuns, 0)
  // Behind by what each source's schedule allows: a daily snapshot 11 hours old is on time.
  const overdue = (s: IngestionSource) => (s.lagMinutes ?? Infinity) - s.expectedLagMinutes
  const worst = d.sources.reduce<IngestionSource | null>(
    (w, s) => (!w || overdue(s) > overdue(w) ? s : w),
    null,
  )
  const worstOverdue = worst ? overdue(worst) : 0
  const unhealthy = count('delayed') + count('failing')
  return [
    {
      label: 'Sources',
      value: `${count('healthy')} of ${d.sources.length} healthy`,
      note: `${count('delayed')} delayed, ${count('failing')} failing`,
      ...(unhealthy > 0 && { noteTone: 'worse' as const }),
    },
    {
      label: 'Rows ingested (rows)',
      value: formatCount(d.sources.reduce((a, s) => a + s.rowsIngested, 0)),
      note: `by ${formatCount(runs)} runs in the range`,
    },
    {
      label: 'Failed runs',
      value: formatCount(failed),
      note: `of ${formatCount(runs)} runs in the range`,
      ...(failed > 0 && { noteTone: 'worse' as const }),
    },
    worst && worstOverdue > 0
      ? {
          label: 'Most behind',
          value: worst.lagMinutes === null ? 'Never ingested' : formatMinutes(worst.lagMinutes),
          note: `${worst.id}: ${worst.lagMinutes === null ? 'no success yet' : `${formatMinutes(worstOverdue)} over its ${formatMinutes(worst.expectedLagMinutes)}`}`,
          noteTone: 'worse' as const,
        }
      : { label: 'Most behind', value: 'None', note: 'Every source within what its schedule allows' },
  ]
}

function sourceColumns(select: (id: string) => void, selected: string | null): DataColumn<IngestionSource>[] {
  return [
    {
      key: 'id',
      title: 'Source',
      width: 300,
      priority: 1,
      sticky: true,
      render: (s) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            fw={s.id === selected ? 700 : undefined}
            aria-pressed={s.id === selected}
            onClick={() => select(s.id)}
          >
            {s.id}
          </Anchor>
          <Text size="xs" c="dimmed">
            {s.feeds}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      width: 320,
      priority: 1,
      value: (s) => sourceStatusWord(s.status),
      render: (s) => (
        <Stack gap={2} align="flex-start">
          <SourceStatusBadge status={s.status} />
          <Text size="xs" c="dimmed">
            {s.statusReason}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'lagMinutes',
      title: 'Lag',
      width: 110,
      align: 'right',
      priority: 1,
      value: (s) => s.lagMinutes,
      render: (s) => formatMinutes(s.lagMinutes),
    },
    timeColumn<IngestionSource>('lastSuccessAt', 'Last success', (s) => instantOf(s.lastSuccessAt)),
    timeColumn<IngestionSource>('ingestedUntil', 'Ingested until', (s) => instantOf(s.ingestedUntil)),
    {
      key: 'scheduleMinutes',
      title: 'Schedule',
      width: 110,
      priority: 2,
      value: (s) => s.scheduleMinutes,
      render: (s) => formatSchedule(s.scheduleMinutes),
    },
    {
      key: 'latencyMinutes',
      title: 'View latency',
      width: 120,
      align: 'right',
      priority: 3,
      value: (s) => s.latencyMinutes,
      render: (s) => formatMinutes(s.latencyMinutes),
    },
    {
      key: 'rowsIngested',
      title: 'Rows ingested',
      width: 130,
      align: 'right',
      priority: 2,
      value: (s) => s.rowsIngested,
      render: (s) => formatCount(s.rowsIngested),
    },
    {
      key: 'failedRuns',
      title: 'Failed runs',
      width: 120,
      align: 'right',
      priority: 2,
      value: (s) => s.failedRuns,
      render: (s) => `${formatCount(s.failedRuns)} of ${formatCount(s.runs)}`,
    },
    { key: 'view', title: 'View read', width: 380, priority: 3, render: (s) => s.view },
  ]
}

/** The source whose runs show: the one in the address, else the first in trouble, else the first. */
function selectedSource(d: IngestionMonitor, asked: string | null): string | null {
  if (asked && d.sources.some((s) => s.id === asked)) return asked
  return (d.sources.find((s) => s.status !== 'healthy') ?? d.sources[0])?.id ?? null
}

/**
 * /manage/data_ingestion_monitor (R130, Snowflake, admin only): is every view the console reads being
 * collected, how late, how much and what failed. Each source's status, lag and last success, the
 * rows its view delivered per hour of the range (from the stored data), and one source's runs below,
 * filtered by status, with each failure's error.
 */
export default function IngestionMonitorPage() {
  const [params, setParams] = useSearchParams()
  const range = useAddressRange({ preset: '7_d' })
  const request = costWindowParams(range.state.dateRange)
  const result = useIngestionMonitorQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  const select = (id: string) =>
    setParams(
      (p) => {
        p.set('source', id)
        return p
      },
      { replace: true },
    )
  return (
    <Stack gap="md">
      <PageHeader
        title="Data Ingestion Monitor"
        description="Each Snowflake view this console collects: whether it is on time, how much it delivered, what failed."
      >
        <RangePicker list={range} />
        <RefreshButton clock={range.clock} />
      </PageHeader>
      <DashboardPanel
        what="The ingestion monitor"
        result={result}
        kpiLabel="Ingestion in the range"
        kpis={kpis}
        cols={1}
        charts={(d) => [
          {
            kind: 'line',
            title: 'Rows delivered per hour (rows)',
            description:
              'Rows each view delivered per hour of event time, counted from the stored data; hours not yet ingested are left out. Daily snapshots are in the table.',
            series: d.sources
              .filter((s) => s.kind === 'events')
              .map((s) => ({
                name: s.id,
                data: s.rowsPerHour.map(([time, rows]) => [Date.parse(time), rows] as const),
              })),
            range: { from: Date.parse(d.startTime), to: Date.parse(d.endTime) },
            yAxisTitle: 'rows',
            integerValues: true,
            valueFormat: (v) => `${formatCount(v)} rows`,
          },
        ]}
      >
        {(d) => {
          const selected = selectedSource(d, params.get('source'))
          return (
            <>
              <DataTable<IngestionSource>
                caption="Sources"
                columns={sourceColumns(select, selected)}
                rows={d.sources}
                rowKey={(s) => s.id}
                paginate={false}
                search={false}
                rowStatus={(s) =>
                  s.status === 'failing' ? 'error' : s.status === 'delayed' ? 'waiting' : 'success'
                }
                download={{ name: 'ingestion_sources', formats: ['csv'] }}
              />
              {selected && <SourceRuns key={selected} source={selected} range={request} />}
            </>
          )
        }}
      </DashboardPanel>
    </Stack>
  )
}
