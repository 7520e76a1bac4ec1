import { Link, useLocation, useParams } from 'react-router-dom'
import { Anchor, Breadcrumbs, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  formatCount,
  formatMessage,
  formatPercent,
  queryStringFromState,
  type SnowflakeWarehouseDetails,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { LineChart } from '../../components/charts/line-chart.tsx'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import type { ChartBaseProps } from '../../components/charts/chart-types.ts'
import { useWarehouseDetailsQuery } from './api.ts'
import { KpiCards } from './kpi-cards.tsx'
import { PanelFailure } from '../../components/panel-state/panel-state.tsx'
import { ms } from './query-fields.ts'
import { credits, usd } from './query-format.tsx'
import { WarehouseState } from './warehouse-columns.tsx'
import { WindowPicker } from './window-picker.tsx'
import { useAddressWindow, windowParams } from './window-state.ts'

const PRESET = 'today'

/** The warehouse's series, each as a chart: its title, its series name and how its values read. */
const SERIES_CHARTS: readonly (Pick<ChartBaseProps, 'title' | 'valueFormat' | 'integerValues'> & {
  key: keyof SnowflakeWarehouseDetails['series']
  name: string
  /** Counts per interval read as bars; levels and sums over time as lines. */
  bars?: boolean
})[] = [
  { key: 'cost', title: 'Cost (USD)', name: 'Cost', valueFormat: usd },
  { key: 'credits', title: 'Credits', name: 'Credits', valueFormat: credits },
  { key: 'queryCount', title: 'Queries', name: 'Queries', bars: true, integerValues: true },
  { key: 'queuedOverloadTime', title: 'Queued overload time (ms)', name: 'Queued overload', valueFormat: ms },
  { key: 'runningClusters', title: 'Running clusters', name: 'Clusters', integerValues: true },
]

/**
 * /warehouse/{warehouseUid}/details (R143): the warehouse's settings, its usage in the window, and
 * its cost, credits, queries, queueing and running clusters over time, with a link to its queries.
 */
export default function WarehouseDetailsPage() {
  const { warehouseUid = '' } = useParams()
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const { window, toNow } = useAddressWindow(PRESET)
  const details = useWarehouseDetailsQuery({ warehouseUid, ...windowParams(window.dateRange) })
  const name = details.data?.warehouse.name ?? warehouseUid
  useDocumentTitle(`Warehouse ${name}`)

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={`/warehouse/list${location.search}`} size="sm">
          Warehouses
        </Anchor>
        <Text size="sm">{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h3">
            {name}
          </Title>
          {details.data && <WarehouseState state={details.data.warehouse.state} />}
        </Group>
        <WindowPicker
          window={window}
          preset={PRESET}
          freemium={user.plan === 'freemium'}
          onRefresh={() => {
            toNow()
            void details.refetch()
          }}
        />
      </Group>
      {details.isLoading ? (
        <Group gap="xs" py="xl" justify="center" role="status">
          <Loader size="sm" />
          <Text>Loading warehouse {warehouseUid}…</Text>
        </Group>
      ) : details.data ? (
        <WarehouseBody details={details.data} range={window.dateRange} />
      ) : (details.error as { status?: number } | undefined)?.status === 404 ? (
        <Text c="dimmed">{formatMessage('M066', { pageName: 'warehouse', id: warehouseUid })}</Text>
      ) : (
        <PanelFailure what="The warehouse" error={details.error} onRetry={() => void details.refetch()} />
      )}
    </Stack>
  )
}

function WarehouseBody({
  details,
  range,
}: {
  details: SnowflakeWarehouseDetails
  range: { start: number; end: number }
}) {
  const w = details.warehouse
  const chartRange = { from: range.start, to: range.end }
  // Its queries in the same window, on the whole list (a warehouse's queries are not all inefficient).
  const queriesHref = `/query/list${queryStringFromState({
    tab: 'all',
    warehouseUid: w.uid,
    startDate: new Date(range.start).toISOString(),
    endDate: new Date(range.end).toISOString(),
  })}`
  return (
    <Stack gap="md">
      <KpiCards
        label="Warehouse usage"
        items={[
          { label: 'Cost (USD)', value: usd(w.cost) },
          { label: 'Credits', value: credits(w.credits) },
          { label: 'Queries', value: formatCount(w.queryCount) },
          { label: 'Utilisation', value: `${formatPercent(w.utilisationPercent)}` },
          {
            label: 'Avg queued overload',
            value: ms(Math.round(w.avgQueuedOverloadTime)),
            note: `${formatCount(w.queuedQueryCount)} queries queued`,
          },
        ]}
      />
      <Paper withBorder p="sm">
        <Group gap="xl" wrap="wrap">
          <Setting label="Size" value={w.size} />
          <Setting label="Credits per hour" value={credits(w.creditsPerHour)} />
          <Setting label="Clusters" value={`${w.minClusterCount} – ${w.maxClusterCount}`} />
          <Setting label="Scaling policy" value={w.scalingPolicy} />
          <Setting
            label="Auto suspend"
            value={w.autoSuspendSeconds === 0 ? 'Never' : `${w.autoSuspendSeconds} s`}
          />
          <Setting label="Account" value={w.accountId} />
          <Anchor component={Link} to={queriesHref} size="sm" ml="auto">
            Show its queries
          </Anchor>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {SERIES_CHARTS.map(({ key, name, bars, ...chart }) => {
          const series = [{ name, data: details.series[key] }]
          return bars ? (
            <StackedBarChart key={key} {...chart} series={series} range={chartRange} />
          ) : (
            <LineChart key={key} {...chart} series={series} range={chartRange} />
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  )
}
