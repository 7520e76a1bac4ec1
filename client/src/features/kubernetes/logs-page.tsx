import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Badge, Text } from '@mantine/core'
import {
  KUBERNETES_LOGS_MAX_RESULTS,
  KUBERNETES_LOGS_MAX_SCAN,
  KUBERNETES_LOGS_MAX_TEXT,
  KUBERNETES_LOG_LEVELS,
  formatCount,
  formatDateTime,
  type KubernetesLogLevel,
  type KubernetesLogLine as Line,
  type KubernetesLogs,
  type KubernetesLogsQuery,
} from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { timeColumn } from '../../components/table/time-column.ts'
import * as field from '../../kit/fields.ts'
import type { FilterSpec } from '../../kit/filter-panel.tsx'
import { ListPage } from '../../kit/list-page.tsx'
import { defineListState } from '../../kit/list-state.ts'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useListState } from '../../kit/use-list-state.ts'
import { useKubernetesLogsQuery } from './api.ts'

const PAGE_SIZES = [50, 100, 200]

/**
 * /kubernetes/osd_logs state, all in the address: the window (the last 24 hours by default; hours to
 * 30 days), namespace, pod, container, levels and text, the page and its size. Newest first always.
 */
export const logsState = defineListState({
  range: field.addressRange({ preset: '1_d' }),
  fields: {
    page: field.page('page', { maxRecords: KUBERNETES_LOGS_MAX_RESULTS }),
    pageSize: field.pageSize(50, 'pageSize', PAGE_SIZES),
  },
  filters: {
    text: field.text('text'),
    namespace: field.text('namespace'),
    pod: field.text('pod'),
    container: field.text('container'),
    levels: field.many('levels', KUBERNETES_LOG_LEVELS),
  },
})
type View = ReturnType<typeof logsState.defaults>

/** The call's query: the window, the filters given and the page. */
export function logsQuery(view: View): KubernetesLogsQuery {
  const f = view.filters
  return {
    startTime: new Date(view.dateRange.start).toISOString(),
    endTime: new Date(view.dateRange.end).toISOString(),
    ...(f.text && { text: f.text.slice(0, KUBERNETES_LOGS_MAX_TEXT) }),
    ...(f.namespace && { namespace: f.namespace }),
    ...(f.pod && { pod: f.pod }),
    ...(f.container && { container: f.container }),
    ...(f.levels.length > 0 && { levels: f.levels.join(',') }),
    page: view.page,
    pageSize: view.pageSize,
  }
}

const filterSpecs: FilterSpec<View['filters'], KubernetesLogs>[] = [
  {
    kind: 'text',
    field: 'text',
    label: 'Message contains',
    placeholder: 'e.g. status=503 (Enter)',
    commitOn: 'enter',
  },
  {
    kind: 'checkboxes',
    field: 'levels',
    label: 'Level',
    // None ticked: every level.
    options: () => KUBERNETES_LOG_LEVELS.map((value) => ({ value })),
  },
  {
    kind: 'select',
    field: 'namespace',
    label: 'Namespace',
    placeholder: 'All namespaces',
    options: (m) => (m?.metadata.namespaces ?? []).map((value) => ({ value })),
  },
  { kind: 'text', field: 'pod', label: 'Pod', placeholder: 'Exact pod name (Enter)', commitOn: 'enter' },
  {
    kind: 'select',
    field: 'container',
    label: 'Container',
    placeholder: 'All containers',
    options: (m) => (m?.metadata.containers ?? []).map((value) => ({ value })),
  },
]

/** How many lines match, and how far back the search read when the window held too many to read all. */
function summaryOf(data: KubernetesLogs): string {
  const matched = data.more
    ? `More than ${formatCount(data.total)} lines match: the first ${formatCount(data.total)} are paged.`
    : `${formatCount(data.total)} lines match.`
  return data.searchedFrom
    ? `${matched} Searched the newest ${formatCount(KUBERNETES_LOGS_MAX_SCAN)} lines, back to ${formatDateTime(Date.parse(data.searchedFrom))}: narrow the window to search earlier.`
    : matched
}

const LEVEL_COLOURS: Record<KubernetesLogLevel, string> = {
  DEBUG: 'gray',
  INFO: 'blue',
  WARN: 'yellow',
  ERROR: 'red',
}

/** The same list narrowed to one pod, the other filters and the window kept. */
const podHref = (params: URLSearchParams, pod: string) => {
  const next = new URLSearchParams(params)
  next.set('pod', pod)
  next.delete('page')
  return `/kubernetes/osd_logs?${next}`
}

function logColumns(params: URLSearchParams): DataColumn<Line>[] {
  return [
    { ...timeColumn<Line>('time', 'Time', (l) => Date.parse(l.time), 170), sortable: false, priority: 1 },
    {
      key: 'level',
      title: 'Level',
      width: 96,
      priority: 1,
      sortable: false,
      render: (l) => (
        <Badge size="sm" variant="dot" color={LEVEL_COLOURS[l.level]}>
          {l.level}
        </Badge>
      ),
    },
    { key: 'namespace', title: 'Namespace', width: 130, priority: 1, sortable: false, ellipsis: true },
    {
      key: 'pod',
      title: 'Pod',
      width: 230,
      priority: 1,
      sortable: false,
      render: (l) => (
        // The pod's own lines: the same window and filters, narrowed to it.
        <ReturnLink to={podHref(params, l.pod)} mono>
          {l.pod}
        </ReturnLink>
      ),
    },
    { key: 'container', title: 'Container', width: 150, priority: 3, sortable: false, ellipsis: true },
    {
      key: 'message',
      title: 'Message',
      width: 460,
      priority: 1,
      sortable: false,
      render: (l) => (
        <Text
          component="code"
          size="xs"
          ff="monospace"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {l.message}
        </Text>
      ),
    },
  ]
}

/**
 * /kubernetes/osd_logs (R219): the K8S clusters' container log lines, newest first, searched by
 * namespace, pod, container, level and text over a window of hours to 30 days, paged by the server
 * within the first 10,000 matches (as Discover pages); a pod opens its own lines.
 */
export default function KubernetesLogsPage() {
  const list = useListState(logsState)
  const request = useMemo(() => logsQuery(list.state), [list.state])
  const result = useKubernetesLogsQuery(request)
  const [params] = useSearchParams()
  const columns = useMemo(() => logColumns(params), [params])
  return (
    <ListPage
      title="Logs"
      description="Container log lines of the Kubernetes clusters, newest first."
      caption="Log lines"
      what="The log lines"
      list={list}
      pickerKind="bigQueryJobs"
      result={result}
      request={request}
      rows={(data) => data?.lines ?? []}
      total={(data) => data?.total ?? 0}
      metadata={(data) => data}
      filters={{ specs: filterSpecs, layout: 'side', width: 240 }}
      summary={(data) => data && summaryOf(data)}
      columns={columns}
      rowKey={(l) => l.id}
      emptyText="No log line matches in this window"
      pageSizes={PAGE_SIZES}
      download={{ name: 'kubernetes_logs', formats: ['csv'] }}
    />
  )
}
