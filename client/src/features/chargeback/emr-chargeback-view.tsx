import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { IconRefresh } from '@tabler/icons-react'
import { ALL_CLUSTERS, NO_MATCH_TEXT, formatDollars, frozenRange, isActionAllowed } from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import { DateRangePicker } from '../../components/date-range/date-range-picker.tsx'
import { ALL_CLUSTERS_LABEL } from '../../components/filters/cluster-search-select.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { KpiRow } from '../../kit/kpi-row.tsx'
import { useEmrChargebackClustersQuery, useEmrChargebackQuery } from './api.ts'
import { CHARGEBACK_PICKER, type ChargebackEvent, type ChargebackView } from './chargeback-state.ts'
import {
  EMR_CHARGEBACK_COLUMNS,
  EMR_GROUP_BY,
  emrChargebackKpis,
  emrClusterOptions,
  emrCostSlices,
  type EmrChargebackRow,
} from './emr-flavour.ts'

interface EmrChargebackViewProps {
  view: ChargebackView
  /** The picker's button text for the view's range. */
  rangeLabel: string
  change: (event: ChargebackEvent) => void
  refresh: () => void
}

/**
 * The EMR chargeback type (02 §2 EMR flavour): the clusters created in the range with their EC2,
 * EMR and EBS costs (E044 search/awscb/cluster). One group-by only, the cluster (B151), so there is
 * no drill path; each cluster links to its details instead. Like the other flavours it looks at
 * all clusters or one (B152, C22: no multi-cluster selection), kept in the address as clusterUid;
 * the wildcard is not sent (02 §7).
 */
export function EmrChargebackView({ view, rangeLabel, change, refresh }: EmrChargebackViewProps) {
  const user = useAppSelector((s) => s.session.user)!
  const freemium = user.plan === 'freemium'
  const inRange = {
    group1: EMR_GROUP_BY.field,
    from: String(view.dateRange.start),
    to: String(view.dateRange.end),
  }
  const one = view.clusterUid !== ALL_CLUSTERS
  const query = useEmrChargebackQuery(one ? { ...inRange, clusterUid: view.clusterUid } : inRange)
  // The filter's choices are the range's clusters: the answer itself over all clusters, or the
  // same call without the cluster while one is shown.
  const all = useEmrChargebackClustersQuery(one ? inRange : skipToken)
  const rows = query.data?.cb ?? []
  const choices = emrClusterOptions(
    (one ? all.data?.cb : query.data?.cb) ?? [],
    view.clusterUid,
    ALL_CLUSTERS_LABEL,
  )
  const caption = `Chargeback by ${EMR_GROUP_BY.label.toLowerCase()}`
  const emptyText = one
    ? `Cluster ${view.clusterUid} was not created in this range`
    : 'No EMR cluster was created in this range'

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" component="section" aria-label="Chargeback filters">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Cluster"
            w={340}
            searchable
            data={choices}
            value={view.clusterUid}
            // A few thousand clusters at most in a range: the list shows the first that match.
            limit={100}
            nothingFoundMessage={NO_MATCH_TEXT}
            allowDeselect={false}
            onChange={(clusterUid) => clusterUid && change({ type: 'cluster', clusterUid })}
          />
          <DateRangePicker
            kind={CHARGEBACK_PICKER}
            value={{ ...view.dateRange, label: rangeLabel, value: view.rangeLabel as never }}
            onChange={(s) => change({ type: 'range', dateRange: s, label: s.value })}
            freemium={freemium}
            frozen={frozenRange(user)}
          />
          <Text size="sm">
            Grouped by <b>{EMR_GROUP_BY.label}</b> (EMR allows one group-by)
          </Text>
          <Button
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => (view.rangeLabel === 'custom' ? void query.refetch() : refresh())}
          >
            Refresh
          </Button>
        </Group>
      </Paper>

      <KpiRow kpis={emrChargebackKpis(query.data?.cbInfo)} />

      <PanelState what={caption} minHeight={300} {...queryPanel(query, false)}>
        <ChartPanel
          spec={{
            kind: 'donut',
            title: 'Cost by cluster (USD)',
            description:
              'The total cost (EC2, EMR and EBS) of the clusters created in the range, largest first.',
            slices: emrCostSlices(rows),
            valueFormat: formatDollars,
            exportAllowed: isActionAllowed(user.plan, 'chartExport'),
            emptyText,
          }}
        />
      </PanelState>

      <DataTable<EmrChargebackRow>
        caption={caption}
        columns={EMR_CHARGEBACK_COLUMNS}
        rows={rows}
        rowKey={(r) => r.cluster_id}
        loading={query.isFetching}
        failure={
          query.isError ? { what: caption, error: query.error, onRetry: () => void query.refetch() } : null
        }
        defaultView={{ sort: { key: 'total', direction: 'desc' } }}
        emptyText={emptyText}
        download={{ name: 'chargeback_emr_cluster', locked: !isActionAllowed(user.plan, 'download') }}
      />
    </Stack>
  )
}
