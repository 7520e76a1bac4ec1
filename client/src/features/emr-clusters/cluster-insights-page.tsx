import { useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { PICKERS, formatCount, formatDollars, isActionAllowed } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { rangeText } from '../../components/date-range/custom-range.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { DataTable } from '../../components/table/data-table.tsx'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { KpiRow } from '../../kit/kpi-row.tsx'
import { usePageClock } from '../../kit/page-clock.ts'
import { useEmrInsightsQuery } from './api.ts'
import {
  INSIGHTS_PICKER,
  TOP_CLUSTER_COLUMNS,
  insightsKpis,
  insightsRange,
  insightsSearch,
  installSlices,
  type TopCluster,
} from './cluster-insights.ts'

/**
 * /clusters/emrclusterinsights (R059): over the EMR clusters alive in the range, those with and
 * without the product (counts and cost), the sizing savings available (each bounded by its
 * cluster's cost) and the clusters with the largest saving, each linking to its details. The range
 * lives in the address (the last 30 days by default). R012, the same path for the on-premises
 * types, shares the catalogue entry: those users are told the page is EMR's.
 */
export default function ClusterInsightsPage() {
  useDocumentTitle('Cluster Insights')
  const user = useAppSelector((s) => s.session.user)!
  if (user.clusterType !== 'EMR')
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          Cluster Insights
        </Title>
        <Alert color="gray" title={`Cluster insights for ${user.clusterType} clusters are not built yet`}>
          This page shows EMR clusters only. No data is shown here on purpose.
        </Alert>
      </Stack>
    )
  return <EmrInsights />
}

function EmrInsights() {
  const user = useAppSelector((s) => s.session.user)!
  const location = useLocation()
  const navigate = useNavigate()
  const clock = usePageClock()
  const range = useMemo(() => insightsRange(location.search, clock.now), [location.search, clock.now])
  const query = useEmrInsightsQuery({
    from: String(range.dateRange.start),
    to: String(range.dateRange.end),
  })
  const data = query.data
  const exportAllowed = isActionAllowed(user.plan, 'chartExport')
  const label =
    PICKERS[INSIGHTS_PICKER].presets.find((p) => p.value === range.rangeLabel)?.label ??
    rangeText(range.dateRange)

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Title order={1} size="h3">
          Cluster Insights
        </Title>
        <Group gap="sm" align="flex-end">
          <DateRangePicker
            kind={INSIGHTS_PICKER}
            value={{ ...range.dateRange, label, value: range.rangeLabel as never }}
            // A new range replaces the address: Back leaves the page rather than replaying picks.
            onChange={(s) =>
              navigate({ search: insightsSearch({ dateRange: s, rangeLabel: s.value }) }, { replace: true })
            }
            freemium={user.plan === 'freemium'}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => (range.rangeLabel === 'custom' ? void query.refetch() : clock.tick())}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <KpiRow kpis={insightsKpis(data)} />

      <PanelState what="Cluster insights" minHeight={260} {...queryPanel(query, false)}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <ChartPanel
            spec={{
              kind: 'donut',
              title: 'Clusters with and without Unravel',
              description: 'How many of the clusters alive in the range run with the product installed.',
              slices: installSlices(data, 'clusters'),
              valueFormat: formatCount,
              exportAllowed,
              emptyText: 'No EMR cluster was alive in this range',
            }}
          />
          <ChartPanel
            spec={{
              kind: 'donut',
              title: 'Cost with and without Unravel (USD)',
              description: 'The cost over their lives so far of the clusters with and without the product.',
              slices: installSlices(data, 'cost'),
              valueFormat: formatDollars,
              exportAllowed,
              emptyText: 'No EMR cluster was alive in this range',
            }}
          />
        </SimpleGrid>
      </PanelState>

      <Text size="sm" c="dimmed">
        Savings are the cost-optimised sizing of each cluster over its life so far, never more than its cost.
      </Text>
      <DataTable<TopCluster>
        caption="Top clusters by saving"
        columns={TOP_CLUSTER_COLUMNS}
        rows={data?.topClusters ?? []}
        rowKey={(r) => r.clusterId}
        loading={query.isFetching}
        failure={
          query.isError
            ? { what: 'Top clusters by saving', error: query.error, onRetry: () => void query.refetch() }
            : null
        }
        defaultView={{ sort: { key: 'saving', direction: 'desc' } }}
        emptyText="No cluster in this range has a saving"
        download={{ name: 'emr_cluster_insights', locked: !isActionAllowed(user.plan, 'download') }}
      />
    </Stack>
  )
}
