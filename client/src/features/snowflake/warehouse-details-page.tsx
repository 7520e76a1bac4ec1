import { Link, useLocation, useParams } from 'react-router-dom'
import { Button, Stack } from '@mantine/core'
import {
  formatCount,
  formatCredits as credits,
  formatMessage,
  formatPercent,
  formatUsd as usd,
  type DateRange,
  type SnowflakeWarehouseDetails,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { ChartGrid, type ChartPanelSpec } from '../../kit/chart-panel.tsx'
import { DetailPage } from '../../kit/detail-page.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { useRefetchOnTick } from '../../kit/page-clock.ts'
import { RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useWarehouseDetailsQuery, windowParams } from './api.ts'
import { queryListHref } from './query-columns.tsx'
import { ms } from './query-fields.ts'
import { WarehouseState } from './warehouse-columns.tsx'

type Details = SnowflakeWarehouseDetails

/** The warehouse's series, each a chart: counts per interval as bars, levels and sums over time as lines. */
const SERIES_CHARTS: readonly (Pick<ChartPanelSpec, 'title' | 'valueFormat' | 'integerValues'> & {
  key: keyof Details['series']
  name: string
  kind: 'line' | 'stacked-bars'
  span?: number
})[] = [
  // The cost first, across the page: what the screen is about.
  { key: 'cost', kind: 'line', title: 'Cost (USD)', name: 'Cost', valueFormat: usd, span: 2 },
  { key: 'credits', kind: 'line', title: 'Credits', name: 'Credits', valueFormat: credits },
  { key: 'queryCount', kind: 'stacked-bars', title: 'Queries', name: 'Queries', integerValues: true },
  {
    key: 'queuedOverloadTime',
    kind: 'line',
    title: 'Queued overload time (ms)',
    name: 'Queued overload',
    valueFormat: ms,
  },
  { key: 'runningClusters', kind: 'line', title: 'Running clusters', name: 'Clusters', integerValues: true },
]

const usageKpis = ({ warehouse: w }: Details): Kpi[] => [
  { label: 'Cost (USD)', value: usd(w.cost) },
  { label: 'Credits', value: credits(w.credits) },
  { label: 'Queries', value: formatCount(w.queryCount) },
  { label: 'Utilisation', value: formatPercent(w.utilisationPercent) },
  {
    label: 'Avg queued overload',
    value: ms(Math.round(w.avgQueuedOverloadTime)),
    note: `${formatCount(w.queuedQueryCount)} ${w.queuedQueryCount === 1 ? 'query' : 'queries'} queued`,
  },
]

/** The warehouse's settings and its usage over time. */
function usage(d: Details, range: DateRange) {
  const w = d.warehouse
  const chartRange = { from: range.start, to: range.end }
  return (
    <Stack gap="md">
      <FieldGrid
        cols={6}
        fields={[
          { label: 'Size', value: w.size },
          { label: 'Credits per hour', value: credits(w.creditsPerHour) },
          { label: 'Clusters', value: `${w.minClusterCount} – ${w.maxClusterCount}` },
          { label: 'Scaling policy', value: w.scalingPolicy },
          {
            label: 'Auto suspend',
            value: w.autoSuspendSeconds === 0 ? 'Never' : `${w.autoSuspendSeconds} s`,
          },
          { label: 'Account', value: w.accountId },
        ]}
      />
      <ChartGrid
        specs={SERIES_CHARTS.map(({ key, name, ...chart }) => ({
          ...chart,
          series: [{ name, data: d.series[key] }],
          range: chartRange,
        }))}
      />
    </Stack>
  )
}

/**
 * /warehouse/{warehouseUid}/details (R143): the warehouse's settings, its usage in the window, and
 * its cost, credits, queries, queueing and running clusters over time, with a link to its queries.
 * The window is the address's (today by default, 03 §9), as the list it was opened from wrote it.
 */
export default function WarehouseDetailsPage() {
  const { warehouseUid = '' } = useParams()
  const { search } = useLocation()
  const range = useAddressRange({ preset: 'today' })
  const request = { warehouseUid, ...windowParams(range.state.dateRange) }
  const result = useWarehouseDetailsQuery(request)
  useRefetchOnTick(range.clock.now, request, result.refetch)
  const name = result.data?.warehouse.name ?? warehouseUid
  useDocumentTitle(`Warehouse ${name}`)
  return (
    <DetailPage
      title={name}
      what="The warehouse"
      back={{ label: 'Warehouses', to: `/warehouse/list${search}` }}
      result={result}
      badge={(d) => <WarehouseState state={d.warehouse.state} />}
      actions={
        <>
          <Button
            component={Link}
            to={queryListHref(range.state.dateRange, { warehouseUid })}
            variant="default"
          >
            Show its queries
          </Button>
          <RangePicker list={range} />
          <RefreshButton clock={range.clock} />
        </>
      }
      notFound={formatMessage('M066', { pageName: 'warehouse', id: warehouseUid })}
      kpis={usageKpis}
      kpiLabel="Warehouse usage"
      tabs={[{ value: 'usage', label: 'Usage', render: (d) => usage(d, range.state.dateRange) }]}
    />
  )
}
