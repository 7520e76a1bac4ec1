import { Alert, SimpleGrid, Stack, Title } from '@mantine/core'
import { isActionAllowed } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { KpiRow } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useEmrInsightsQuery } from './api.ts'
import { TOP_CLUSTER_COLUMNS, insightsKpis, insightsState, installDonuts } from './cluster-insights.ts'

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
  const list = useListState(insightsState)
  const request = { from: String(list.state.dateRange.start), to: String(list.state.dateRange.end) }
  const query = useEmrInsightsQuery(request)
  const data = query.data
  const exportAllowed = isActionAllowed(user.plan, 'chartExport')

  return (
    <ListPage
      title="Cluster Insights"
      caption="Top clusters by saving"
      list={list}
      result={query}
      request={request}
      pickerKind="cost"
      rows={(d) => d?.topClusters ?? []}
      summary={() =>
        'Savings are the cost-optimised sizing of each cluster over its life so far, never more than its cost.'
      }
      columns={TOP_CLUSTER_COLUMNS}
      rowKey={(r) => r.clusterId}
      browserTable={{ defaultView: { sort: { key: 'saving', direction: 'desc' } } }}
      emptyText="No cluster in this range has a saving"
      download={{ name: 'emr_cluster_insights' }}
    >
      <KpiRow kpis={insightsKpis(data)} />
      <PanelState what="Cluster insights" minHeight={260} {...queryPanel(query, false)}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {installDonuts(data, exportAllowed).map((spec) => (
            <ChartPanel key={spec.title} spec={spec} />
          ))}
        </SimpleGrid>
      </PanelState>
    </ListPage>
  )
}
