import type { ReactNode } from 'react'
import { Stack } from '@mantine/core'
import { PanelState } from '../components/panel-state/panel-state.tsx'
import { queryPanel } from '../components/panel-state/panel-status.ts'
import { ChartGrid, type ChartPanelSpec } from './chart-panel.tsx'
import { KpiRow, type Kpi } from './kpi-row.tsx'
import type { ListQueryResult } from './list-page.tsx'

export interface DashboardPanelProps<D> {
  /** What a failure names as not loaded ('The cost' → 'The cost could not be loaded'). */
  what: string
  result: ListQueryResult<D> & { isLoading?: boolean }
  kpis?: (data: D) => readonly Kpi[]
  /** The KPI row as a named region ('Cost totals'). */
  kpiLabel?: string
  charts?: (data: D) => readonly (ChartPanelSpec & { span?: number })[]
  /** Charts to a row on a wide screen. */
  cols?: number
  /** What follows the charts: a table of the same answer. */
  children?: (data: D) => ReactNode
  /** Keeps the panel's height while it loads, so the page does not jump. */
  minHeight?: number
}

/**
 * The figures of one call as a dashboard shows them (the Snowflake cost pages and home): a KPI
 * row, a grid of charts and, below, a table, with the call's loading and failed states (a spinner,
 * or the failure with a retry: never charts reading 'No Data Available' or zeros).
 */
export function DashboardPanel<D>({
  what,
  result,
  kpis,
  kpiLabel,
  charts,
  cols,
  children,
  minHeight = 300,
}: DashboardPanelProps<D>) {
  const { data } = result
  const panel = queryPanel(result, false)
  // Nothing failed, nothing in flight and still no answer: the call has not started yet.
  const status = panel.status === 'ready' && data === undefined ? 'loading' : panel.status
  if (status !== 'ready' || data === undefined)
    return <PanelState what={what} minHeight={minHeight} {...panel} status={status} />
  return (
    <Stack gap="md" aria-busy={result.isFetching}>
      {kpis && <KpiRow label={kpiLabel} kpis={kpis(data)} />}
      {charts && <ChartGrid specs={charts(data)} cols={cols} />}
      {children?.(data)}
    </Stack>
  )
}
