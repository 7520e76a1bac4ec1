import { useId, useMemo, type ReactNode } from 'react'
import { Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import {
  formatAppType,
  formatCount,
  formatPercent,
  MESSAGES,
  percentOf,
  RESOURCE_GROUP_BYS,
  type JobBucket,
  type ResourceGroupBy,
  type TaggedStatsResponse,
} from '@costlens/shared'
import { DonutChart } from '../../components/charts/donut-chart.tsx'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import type { Maybe } from './api.ts'
import { countRows, type CountRow } from './cluster-kpis.ts'
import { Panel } from '../../components/panel-state/panel-state.tsx'
import { queryPanel, type PanelQuery } from '../../components/panel-state/panel-status.ts'

const CHART_HEIGHT = 250
const whole = formatCount

/** A few counts and their shares as a plain table: the chart's numbers, readable without the chart. */
export function CountTable({
  caption,
  keyTitle,
  unit,
  rows,
}: {
  caption: string
  keyTitle: string
  /** The counts' column title: Jobs or Events. */
  unit: string
  rows: readonly CountRow[]
}) {
  const total = rows.reduce((n, r) => n + r.count, 0)
  return (
    <Table aria-label={caption} striped fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{keyTitle}</Table.Th>
          <Table.Th ta="right">{unit}</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text c="dimmed" size="sm" ta="center">
                {MESSAGES.M052}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.key}</Table.Td>
              <Table.Td ta="right">{whole(r.count)}</Table.Td>
              <Table.Td ta="right">{percentOf(r.count, total)}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  )
}

/** A panel's call: its answer, its state and its refetch. */
export type PanelCall<T> = PanelQuery & { data?: T; refetch: () => unknown }

/**
 * A card: its chart, then the same numbers as a table, dimmed while a new answer loads; while it
 * has none, the one loading, empty or failed state of the kit in its place.
 */
export function ChartCard({
  title,
  query,
  isEmpty,
  children,
}: {
  title: string
  query: PanelQuery & { refetch: () => unknown }
  isEmpty: boolean
  children: ReactNode
}) {
  return (
    <Panel
      title={title}
      state={queryPanel(query, isEmpty)}
      refreshing={query.isFetching}
      minHeight={CHART_HEIGHT}
    >
      <Stack gap="xs">{children}</Stack>
    </Panel>
  )
}

export interface CountPanelProps {
  title: string
  keyTitle: string
  /** What the counts are: jobs, or inefficiency events (one job can have several). */
  unit: string
  query: PanelCall<readonly JobBucket[]>
  exportAllowed: boolean
  /** How a bucket's key reads (application types in the console's one casing); the key itself by default. */
  label?: (key: string) => string
}

/**
 * Jobs by status or type, or inefficiency events by name: a donut (the parts of one whole) and its
 * small table.
 */
export function CountPanel({ title, keyTitle, unit, query, exportAllowed, label }: CountPanelProps) {
  const rows = useMemo(
    () => countRows(query.data).map((r) => (label ? { ...r, key: label(r.key) } : r)),
    [query.data, label],
  )
  const slices = useMemo(() => rows.map((r) => ({ name: r.key, value: r.count })), [rows])
  return (
    <ChartCard title={title} query={query} isEmpty={rows.length === 0}>
      <DonutChart title={title} slices={slices} exportAllowed={exportAllowed} height={CHART_HEIGHT} />
      <CountTable caption={`${title} table`} keyTitle={keyTitle} unit={unit} rows={rows} />
    </ChartCard>
  )
}

export const BREAKDOWN_LABELS: Readonly<Record<ResourceGroupBy, string>> = {
  applicationType: 'Application type',
  user: 'User',
  queue: 'Queue',
}

/** How many group values the breakdown chart draws; the table below lists them all. */
const BREAKDOWN_BARS = 10

interface BreakdownRow extends Record<string, unknown> {
  key: string
  count: number
  share: number
  capacity?: number | null
  maxCapacity?: number | null
}

const percent = (v: unknown) => (typeof v === 'number' ? formatPercent(v, 1) : '--')

function breakdownColumns(groupBy: ResourceGroupBy): DataColumn<BreakdownRow>[] {
  const columns: DataColumn<BreakdownRow>[] = [
    { key: 'key', title: BREAKDOWN_LABELS[groupBy], searchable: true, width: 200 },
    { key: 'count', title: 'Jobs', align: 'right', width: 100, render: (r) => whole(r.count) },
    {
      key: 'share',
      title: 'Share',
      align: 'right',
      width: 100,
      render: (r) => formatPercent(r.share, 1),
    },
  ]
  if (groupBy === 'queue')
    columns.push(
      { key: 'capacity', title: 'Capacity', align: 'right', width: 110, render: (r) => percent(r.capacity) },
      {
        key: 'maxCapacity',
        title: 'Max capacity',
        align: 'right',
        width: 130,
        render: (r) => percent(r.maxCapacity),
      },
    )
  return columns
}

export interface BreakdownPanelProps {
  query: PanelCall<Maybe<TaggedStatsResponse>>
  groupBy: ResourceGroupBy
  onGroupBy: (groupBy: ResourceGroupBy) => void
  /** 'running now' or 'finished in the range': what the counts are of. */
  setLabel: string
  exportAllowed: boolean
  downloadLocked: boolean
}

/**
 * 02 §2 breakdowns per application type, user or queue (tagged/stats, E062): the heaviest values
 * as bars and every value in a searchable table (queues with their capacities).
 */
export function BreakdownPanel(props: BreakdownPanelProps) {
  const { query, groupBy, onGroupBy, setLabel, exportAllowed, downloadLocked } = props
  const stats = query.data
  const rows = useMemo<BreakdownRow[]>(() => {
    const items = (stats?.[groupBy] ?? []) as {
      key: string
      doc_count: number
      capacity?: number | null
      maxCapacity?: number | null
    }[]
    const total = items.reduce((n, i) => n + i.doc_count, 0)
    return items.map((i) => ({
      key: groupBy === 'applicationType' ? formatAppType(i.key) : i.key,
      count: i.doc_count,
      share: total ? (100 * i.doc_count) / total : 0,
      ...(groupBy === 'queue' ? { capacity: i.capacity ?? null, maxCapacity: i.maxCapacity ?? null } : {}),
    }))
  }, [stats, groupBy])
  const bars = useMemo(() => rows.filter((r) => r.count > 0).slice(0, BREAKDOWN_BARS), [rows])
  const categories = useMemo(() => bars.map((r) => r.key), [bars])
  const series = useMemo(() => [{ name: 'Jobs', data: bars.map((r) => r.count) }], [bars])
  const columns = useMemo(() => breakdownColumns(groupBy), [groupBy])
  const label = BREAKDOWN_LABELS[groupBy]
  const labelId = useId()
  return (
    <ChartCard title={`Jobs ${setLabel} by ${label.toLowerCase()}`} query={query} isEmpty={rows.length === 0}>
      <Group gap="xs">
        <Text size="sm" fw={600} id={labelId}>
          Breakdown by
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={groupBy}
          onChange={(value) => onGroupBy(value)}
          data={RESOURCE_GROUP_BYS.map((g) => ({ value: g, label: BREAKDOWN_LABELS[g] }))}
          size="xs"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <StackedBarChart
          title={`Jobs ${setLabel} by ${label.toLowerCase()}`}
          description={`The ${BREAKDOWN_BARS} ${label.toLowerCase()} values with the most jobs ${setLabel}.`}
          categories={categories}
          series={series}
          exportAllowed={exportAllowed}
          height={CHART_HEIGHT + 40}
        />
        <DataTable<BreakdownRow>
          key={groupBy}
          caption={`Jobs ${setLabel} per ${label.toLowerCase()}`}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          defaultView={{ pageSize: 5, sort: { key: 'count', direction: 'desc' } }}
          pageSizes={[5, 10, 25]}
          download={{ name: `jobs_by_${groupBy}`, locked: downloadLocked }}
        />
      </SimpleGrid>
    </ChartCard>
  )
}
