import { useMemo, useState } from 'react'
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import {
  KUBERNETES_APP_GROUP_BYS,
  KUBERNETES_APP_SORTS,
  KUBERNETES_WORKLOAD_KINDS,
  RIGHT_SIZING_HEADROOM,
  formatCount,
  formatPercent,
  formatUsd,
  type KubernetesAppMetrics,
  type KubernetesAppMetricsQuery,
  type KubernetesAppRow as Row,
  type RightSizingAction,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costWindowParams } from '../../kit/cost-page.tsx'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import type { Kpi } from '../../kit/kpi-row.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { useListState } from '../../kit/use-list-state.ts'
import { AppDailyDrawer } from './app-daily-drawer.tsx'
import { useKubernetesAppMetricsQuery } from './api.ts'
import { groupName } from './groups.ts'

const GROUP_TABS = [
  { value: 'workload', label: 'Workloads' },
  { value: 'namespace', label: 'Namespaces' },
  { value: 'label:app', label: 'App labels' },
] as const satisfies readonly { value: (typeof KUBERNETES_APP_GROUP_BYS)[number]; label: string }[]

/**
 * /kubernetes/osd_app_metrics state, all in the address: the window (7 UTC days by default, as the
 * usage trends'), what a row is (`groupBy`), namespace, kinds and name filters, the sort (`s`, by
 * cost first) and the page. A new grouping starts the filters over.
 */
export const appMetricsState = defineListState({
  range: field.addressRange({ preset: '7_d' }),
  fields: {
    groupBy: field.tabs('groupBy', KUBERNETES_APP_GROUP_BYS),
    sort: field.sort('s', { key: 'cost', direction: 'desc' }, KUBERNETES_APP_SORTS),
    page: field.page(),
    pageSize: field.pageSize(25),
  },
  filters: {
    search: field.text('search'),
    namespace: field.text('namespace'),
    kinds: field.many('kinds', KUBERNETES_WORKLOAD_KINDS),
  },
  resetFiltersOn: ['groupBy'],
})
type View = ReturnType<typeof appMetricsState.defaults>

/** The call's query: the window, the filters given, the sort and the page. */
export function appMetricsQuery(view: View): KubernetesAppMetricsQuery {
  const f = view.filters
  return {
    ...costWindowParams(view.dateRange),
    groupBy: view.groupBy,
    ...(f.search && { search: f.search }),
    ...(f.namespace && { namespace: f.namespace }),
    ...(f.kinds.length > 0 && { kinds: f.kinds.join(',') }),
    sort: view.sort.key as KubernetesAppMetricsQuery['sort'],
    order: view.sort.direction,
    page: view.page,
    pageSize: view.pageSize,
  }
}

const filterSpecs: FilterSpec<View['filters'], KubernetesAppMetrics>[] = [
  { kind: 'text', field: 'search', label: 'Name', placeholder: 'Part of a name' },
  {
    kind: 'select',
    field: 'namespace',
    label: 'Namespace',
    placeholder: 'All namespaces',
    options: (m) => (m?.metadata.namespaces ?? []).map((value) => ({ value })),
  },
  {
    kind: 'multi',
    field: 'kinds',
    label: 'Workload kind',
    options: () => KUBERNETES_WORKLOAD_KINDS.map((value) => ({ value })),
    allWhenEmpty: true,
  },
]

const usd = (v: number) => formatUsd(Math.round(v * 100) / 100)
const milli = (v: number) => `${formatCount(v)} m`
const mib = (v: number) => `${formatCount(v)} MiB`
const ACTION_STYLE: Record<RightSizingAction, { color: string; word: string }> = {
  lower: { color: 'teal', word: 'Lower' },
  raise: { color: 'orange', word: 'Raise' },
  keep: { color: 'gray', word: 'Keep' },
}

/** One resource's advice: the action as a badge with its word, and the request to set (the column beside shows today's). */
function Advice({
  what,
  action,
  from,
  to,
}: {
  what: string
  action: RightSizingAction
  from: string
  to: string
}) {
  const style = ACTION_STYLE[action]
  return (
    <Group gap={6} wrap="nowrap">
      <Badge size="sm" variant="dot" color={style.color} w={72} style={{ flexShrink: 0 }}>
        {style.word}
      </Badge>
      <Text size="xs">
        {what} {action === 'keep' ? from : `→ ${to}`}
      </Text>
    </Group>
  )
}

/** A row's advice in words, for files and the search. */
export const adviceText = (r: Row) =>
  `CPU ${r.cpu.action} ${Math.round(r.cpu.requestM)}→${r.cpu.recommendedM} m; memory ${r.memory.action} ` +
  `${Math.round(r.memory.requestMib)}→${r.memory.recommendedMib} MiB`

function appColumns(groupBy: View['groupBy'], onOpen: (row: Row) => void): DataColumn<Row>[] {
  const label = GROUP_TABS.find((t) => t.value === groupBy)!.label.replace(/s$/, '')
  return [
    {
      key: 'name',
      title: label,
      width: 180,
      sticky: true,
      priority: 1,
      value: groupName,
      render: (r) => (
        <UnstyledButton
          onClick={() => onOpen(r)}
          aria-label={`Requests and usage per day of ${groupName(r)}`}
        >
          <Text size="sm" c="blue.8" td="underline" truncate maw={170}>
            {groupName(r)}
          </Text>
        </UnstyledButton>
      ),
    },
    // Two clusters share namespace names (kube-system) and workloads share names across namespaces
    // (checkout-api in checkout and checkout-staging): where a row lives is shown with it.
    ...(groupBy === 'workload'
      ? [
          {
            key: 'namespace',
            title: 'Namespace / kind',
            width: 150,
            priority: 1,
            sortable: false,
            value: (r: Row) => `${r.namespace} ${r.kind} ${r.cluster}`,
            render: (r: Row) => (
              <Stack gap={0}>
                <Text size="sm" truncate maw={140}>
                  {r.namespace}
                </Text>
                <Text size="xs" c="dimmed" truncate maw={140}>
                  {r.kind} · {r.cluster}
                </Text>
              </Stack>
            ),
          },
        ]
      : groupBy === 'namespace'
        ? [{ key: 'cluster', title: 'Cluster', width: 140, priority: 1, sortable: false }]
        : []),
    {
      key: 'cost',
      title: 'Cost (USD)',
      width: 100,
      align: 'right',
      priority: 1,
      value: (r) => r.costUsd,
      render: (r) => usd(r.costUsd),
    },
    {
      key: 'cpu',
      title: 'CPU (m) req. / avg / p95',
      width: 175,
      align: 'right',
      priority: 1,
      sortable: false,
      value: (r) => r.cpu.requestM,
      render: (r) =>
        `${formatCount(r.cpu.requestM)} / ${formatCount(r.cpu.usageM)} / ${formatCount(r.cpu.peakM)}`,
    },
    {
      key: 'memory',
      title: 'Memory (MiB) req. / avg / p95',
      width: 215,
      align: 'right',
      priority: 1,
      sortable: false,
      value: (r) => r.memory.requestMib,
      render: (r) =>
        `${formatCount(r.memory.requestMib)} / ${formatCount(r.memory.usageMib)} / ${formatCount(r.memory.peakMib)}`,
    },
    {
      key: 'efficiency',
      title: 'Efficiency',
      width: 100,
      align: 'right',
      priority: 2,
      value: (r) => r.efficiency,
      render: (r) => formatPercent(100 * r.efficiency, 1),
    },
    {
      key: 'advice',
      title: 'Recommended request (per pod)',
      width: 215,
      priority: 1,
      sortable: false,
      value: adviceText,
      render: (r) => (
        <Stack gap={2}>
          <Advice
            what="CPU"
            action={r.cpu.action}
            from={milli(r.cpu.requestM)}
            to={milli(r.cpu.recommendedM)}
          />
          <Advice
            what="Mem"
            action={r.memory.action}
            from={mib(r.memory.requestMib)}
            to={mib(r.memory.recommendedMib)}
          />
        </Stack>
      ),
    },
    {
      key: 'saving',
      title: 'Saving (USD)',
      width: 100,
      align: 'right',
      priority: 1,
      value: (r) => r.savingUsd,
      render: (r) => usd(r.savingUsd),
    },
  ]
}

function kpis(d: KubernetesAppMetrics | undefined): Kpi[] {
  if (!d) return []
  const t = d.totals
  return [
    { label: 'Cost (USD)', value: usd(t.costUsd), note: `${formatCount(d.total)} matching` },
    {
      label: 'Potential saving (USD)',
      value: usd(t.savingUsd),
      note: t.costUsd > 0 ? `${formatPercent((100 * t.savingUsd) / t.costUsd, 1)} of the cost` : undefined,
    },
    { label: 'Over-requested', value: formatCount(t.overRequested), note: 'a request to lower' },
    { label: 'Under-requested', value: formatCount(t.underRequested), note: 'peak above the request: raise' },
  ]
}

/**
 * /kubernetes/osd_app_metrics (R218): each workload's (or namespace's, or app label's) requests
 * against its usage over the window, per pod, with OpenCost's cost and a right-sizing
 * recommendation — the peak × 1.2, rounded up to 10 m and 64 MiB; lower (with the saving, never
 * above the cost), raise (the peak went over the request) or keep. Sorted, filtered and paged by
 * the server; a name opens its requests and usage per day.
 */
export default function KubernetesAppMetricsPage() {
  const list = useListState(appMetricsState)
  const request = useMemo(() => appMetricsQuery(list.state), [list.state])
  const result = useKubernetesAppMetricsQuery(request)
  const [open, setOpen] = useState<Row | null>(null)
  const columns = useMemo(() => appColumns(list.state.groupBy, setOpen), [list.state.groupBy])
  return (
    <>
      <ListPage
        title="App Metrics"
        description={`Requests against usage per pod, and what to request: the 95th-percentile peak × ${RIGHT_SIZING_HEADROOM}, rounded up to 10 m and 64 MiB.`}
        caption="Applications by request and usage"
        what="The app metrics"
        list={list}
        pickerKind="kubernetes"
        result={result}
        request={request}
        rows={(data) => data?.rows ?? []}
        total={(data) => data?.total ?? 0}
        metadata={(data) => data}
        tabs={{ field: 'groupBy', label: 'Applications by', options: GROUP_TABS }}
        filters={{ specs: filterSpecs, layout: 'side', width: 210 }}
        kpis={kpis}
        kpiLabel="Totals of the matching applications"
        columns={columns}
        rowKey={(r) => r.key}
        emptyText="No application ran in this window"
        download={{ name: 'kubernetes_app_metrics', formats: ['csv'] }}
      />
      <AppDailyDrawer
        row={open}
        groupBy={list.state.groupBy}
        window={costWindowParams(list.state.dateRange)}
        range={list.state.dateRange}
        onClose={() => setOpen(null)}
      />
    </>
  )
}
