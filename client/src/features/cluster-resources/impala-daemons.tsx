import { useMemo, useState } from 'react'
import { Paper, Stack, Title } from '@mantine/core'
import {
  formatBytes,
  IMPALA_METRIC_LABELS,
  IMPALA_METRICS_SIZE,
  type ImpalaDaemonRow,
  type ImpalaMetricsResponse,
  type ImpalaUsageInterval,
} from '@costlens/shared'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { listTableView } from '../../components/table/list-table-view.ts'
import { useImpalaMetricsQuery } from './impala-api.ts'
import { IMPALA_DAEMON_COLUMNS } from './impala-columns.tsx'

/** A series of the metrics answer under B214's label (Total, Allocated). */
function labelled(data: ImpalaMetricsResponse | undefined, key: keyof typeof IMPALA_METRIC_LABELS) {
  const series = data?.series.find((s) => s.key === key)
  return series ? [{ name: IMPALA_METRIC_LABELS[key], data: series.data }] : []
}

const BUSIEST = { key: 'tcmalloc_physical_bytes_reserved', direction: 'desc' } as const

export interface ImpalaDaemonsProps {
  args: { clusterUid: string; start_time: string; end_time: string; interval: ImpalaUsageInterval }
  range: { from: number; to: number }
  exportAllowed: boolean
}

/**
 * The Impala daemons' memory (E076): every daemon's Total and Allocated summed over time, and the
 * daemons at the end of the range, busiest first, 10 a page (B214's metricsSize).
 */
export function ImpalaDaemons({ args, range, exportAllowed }: ImpalaDaemonsProps) {
  const [page, setPage] = useState(1)
  // The chart's call is the first page's: a later page does not ask for the series again.
  const first = useImpalaMetricsQuery({ ...args, metricsSize: IMPALA_METRICS_SIZE, from: 0 })
  const paged = useImpalaMetricsQuery(
    { ...args, metricsSize: IMPALA_METRICS_SIZE, from: (page - 1) * IMPALA_METRICS_SIZE },
    { skip: page === 1 },
  )
  const rows = page === 1 ? first : paged
  // Total is the limit: a dashed line over the Allocated one.
  const allocated = useMemo(() => labelled(first.data, 'tcmalloc_physical_bytes_reserved'), [first.data])
  const total = useMemo(() => labelled(first.data, 'mem_tracker_process_limit'), [first.data])
  // The server's order (busiest first) is the only one: no column sorts.
  const view = listTableView({ page, pageSize: IMPALA_METRICS_SIZE, sort: BUSIEST })
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="impala-daemons-title">
      <Title order={2} size="h5" id="impala-daemons-title" mb="xs">
        Impala daemon memory
      </Title>
      <Stack gap="sm">
        <PanelState what="Daemon memory" minHeight={260} {...queryPanel(first, false)}>
          <LineChart
            title="Daemon memory: Total and Allocated"
            description="Every daemon's process memory limit (Total) and the memory tcmalloc holds (Allocated), summed, average per point."
            series={allocated}
            totals={total}
            range={range}
            valueFormat={formatBytes}
            binaryUnit={1}
            exportAllowed={exportAllowed}
            height={260}
          />
        </PanelState>
        <DataTable<ImpalaDaemonRow>
          caption="Impala daemons"
          mode="server"
          columns={IMPALA_DAEMON_COLUMNS}
          rows={rows.data?.hosts ?? []}
          rowKey={(r) => r.host}
          totalRecords={rows.data?.total ?? 0}
          loading={rows.isFetching}
          failure={
            rows.isError
              ? { what: 'Impala daemons', error: rows.error, onRetry: () => void rows.refetch() }
              : null
          }
          view={view}
          search={false}
          onViewChange={(next) => next.page !== page && setPage(next.page)}
        />
      </Stack>
    </Paper>
  )
}
