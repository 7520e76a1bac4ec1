import { useMemo, useState } from 'react'
import {
  DATABRICKS_INSIGHT_KEYS,
  UPGRADE_TEXT,
  borderClass,
  isActionAllowed,
  type DatabricksClusterRecord,
  type DatabricksClusterSearchResponse as Data,
} from '@costlens/shared'
import { useAppSelector } from '../../app/hooks.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useSavedList } from '../../kit/use-saved-list.ts'
import { useDatabricksClusterSearchQuery, useDatabricksInefficientClustersQuery } from './api.ts'
import { clusterColumns } from './cluster-columns.tsx'
import { CLUSTER_TYPE_LABELS, INSIGHT_TITLES, dbus, usd } from './cluster-format.ts'
import {
  CLUSTER_TABS,
  CLUSTER_TAB_LABELS,
  clusterListState,
  clusterSearchBody,
  type ClusterListView,
} from './cluster-list-state.ts'
import { ClusterSessionsDrawer } from './cluster-sessions-drawer.tsx'

type Meta = Data['metadata']
const bounds = (range: { min: number; max: number } | undefined) =>
  range && range.max > Math.max(0, range.min) ? range : undefined

/**
 * 02 §2 filters: workspace, user, cluster type, duration and cost sliders, insights on the
 * inefficient tab (the tab picks the statuses). Tags are accepted by the server (appTags) but not
 * offered yet: the Databricks tags call (E038) is not built.
 */
function filterSpecs(tab: ClusterListView['tab']): FilterSpec<ClusterListView['filters'], Meta>[] {
  const running = tab === 'running'
  return [
    {
      kind: 'multi',
      field: 'queues',
      label: 'Workspace',
      options: (m) => (m?.queues ?? []).map((o) => ({ value: o.name, count: o.count })),
    },
    {
      kind: 'multi',
      field: 'users',
      label: 'User',
      options: (m) => (m?.users ?? []).map((o) => ({ value: o.name, count: o.count })),
      searchable: true,
    },
    {
      kind: 'multi',
      field: 'clusterTypes',
      label: 'Cluster type',
      options: (m) =>
        (m?.clusterTypes ?? []).map((o) => ({
          value: o.name,
          label: CLUSTER_TYPE_LABELS[o.name],
          count: o.count,
        })),
    },
    {
      kind: 'multi',
      field: 'insights',
      label: 'Insights',
      options: (m) =>
        DATABRICKS_INSIGHT_KEYS.map((key) => ({
          value: key,
          label: INSIGHT_TITLES[key],
          count: m?.appEvents.find((e) => e.name === key)?.count ?? 0,
        })),
      allWhenEmpty: true,
      hidden: tab !== 'inefficient',
    },
    {
      kind: 'range',
      field: 'duration',
      label: 'Duration',
      variant: 'duration',
      bounds: (m) => bounds(m?.duration),
      wholeIsNoFilter: true,
      keepOutside: true,
      hidden: running,
    },
    {
      kind: 'range',
      field: 'cost',
      label: 'Cost (USD)',
      variant: 'cost',
      bounds: (m) => bounds(m?.cost),
      wholeIsNoFilter: true,
      keepOutside: true,
      hidden: running,
    },
  ]
}

const kpis = (data: Data | undefined): Kpi[] => {
  const t = data?.metadata.totals
  return [
    { label: 'Clusters', value: data ? data.metadata.totalRecords.toLocaleString('en-US') : '--' },
    { label: 'DBUs', value: t ? dbus(t.dbus) : '--' },
    { label: 'Cost (USD)', value: t ? usd(t.total_cost) : '--' },
    { label: 'Idle cost (USD)', value: t ? usd(t.idleCost) : '--' },
  ]
}

/**
 * /compute/dbclusters (R184; 02 §2, §4): every cluster that ran in the window — each all-purpose
 * session and each run's job cluster — over unified search (appTypes spark), the inefficient tab
 * over its events-style call (not for freemium, B191), filters bound to the answer's counts, the
 * totals of every match, state in the address and saved per tab (B184). A row's name opens an
 * all-purpose cluster's sessions or a job cluster's run.
 */
export default function ClusterListPage() {
  const user = useAppSelector((s) => s.session.user)!
  const list = useListState(clusterListState)
  useSavedList('databricks-clusters', list, 'tab')
  const { tab } = list.state
  const inefficient = tab === 'inefficient'
  const body = useMemo(() => clusterSearchBody(list.state), [list.state])
  const unified = useDatabricksClusterSearchQuery(body, { skip: inefficient })
  const events = useDatabricksInefficientClustersQuery(body, { skip: !inefficient })
  const result = inefficient ? events : unified
  const [open, setOpen] = useState<DatabricksClusterRecord | null>(null)
  const columns = useMemo(() => clusterColumns(setOpen), [])
  const locked = !isActionAllowed(user.plan, 'inefficientTab')
  return (
    <>
      <ListPage
        title="Clusters"
        caption={`${CLUSTER_TAB_LABELS[tab]} Databricks clusters`}
        what="The clusters"
        list={list}
        pickerKind="default"
        rangeNote={tab === 'running' ? 'Running now: the date range does not apply' : undefined}
        result={result}
        request={body}
        rows={(data) => data?.results ?? []}
        total={(data) => data?.metadata.totalRecords ?? 0}
        metadata={(data) => data?.metadata}
        tabs={{
          field: 'tab',
          label: 'Cluster lists',
          options: CLUSTER_TABS.map((value) => ({
            value,
            label: CLUSTER_TAB_LABELS[value],
            locked: value === 'inefficient' && locked ? UPGRADE_TEXT : undefined,
          })),
        }}
        filters={{ specs: filterSpecs(tab), layout: 'side', width: 250 }}
        kpis={kpis}
        kpiLabel="Totals of the matching clusters"
        columns={columns}
        rowKey={(r) => r.id}
        rowStatus={(r) => borderClass(r.status)}
        emptyText="No clusters match these filters"
      />
      <ClusterSessionsDrawer row={open} window={list.state.dateRange} onClose={() => setOpen(null)} />
    </>
  )
}
