import { useMemo } from 'react'
import { Group, Paper, SimpleGrid, Title } from '@mantine/core'
import {
  formatDurationMs,
  IMPALA_GROUP_BYS,
  IMPALA_USAGE_METRICS,
  type ImpalaGroupBy,
  type ImpalaQueryopQuery,
  type ImpalaStatsResponse,
  type ImpalaUsageInterval,
  type ImpalaUsageMetric,
} from '@costlens/shared'
import { LineChart } from '../../components/charts/line-chart.tsx'
import type { TimeRange } from '../../components/charts/chart-types.ts'
import type { FilterOption } from '../../components/filters/multi-select-filter.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel, type PanelView } from '../../components/panel-state/panel-status.ts'
import { unitFormat } from '../../kit/unit-series.ts'
import { GroupValuesPicker, withChosen } from './group-values-picker.tsx'
import { useImpalaQueryopQuery } from './impala-api.ts'

export const IMPALA_GROUP_LABELS: Readonly<Record<ImpalaGroupBy, string>> = { user: 'User', queue: 'Queue' }

/** Each chart: what it counts, in its unit (contracts/impala-usage.ts decision 2). */
const CHARTS: Readonly<Record<ImpalaUsageMetric, { title: string; what: string; integer?: true }>> = {
  queries: { title: 'Queries', what: 'Queries started, per point', integer: true },
  cpu: { title: 'CPU hours', what: 'CPU hours of the queries started in each point' },
  memory: { title: 'Memory (GB hours)', what: 'GB hours of the queries started in each point' },
  duration: { title: 'Average duration', what: 'Average run time of the queries started in each point' },
}
const valueFormat = (metric: ImpalaUsageMetric, unit: string) =>
  metric === 'duration' ? formatDurationMs : unitFormat(unit)

/** The group values a group-by offers: the window's, most queries first (E075). */
export function impalaGroupOptions(
  stats: ImpalaStatsResponse | undefined,
  groupBy: ImpalaGroupBy,
): FilterOption[] {
  return (
    (groupBy === 'user' ? stats?.users : stats?.queues)?.map((r) => ({ value: r.key, count: r.doc_count })) ??
    []
  )
}

interface ChartProps {
  args: Omit<ImpalaQueryopQuery, 'metric'>
  metric: ImpalaUsageMetric
  label: string
  range: TimeRange
  skip: boolean
  exportAllowed: boolean
}

function UsageChart({ args, metric, label, range, skip, exportAllowed }: ChartProps) {
  const result = useImpalaQueryopQuery({ ...args, metric }, { skip })
  const chart = CHARTS[metric]
  const title = `${chart.title} by ${label.toLowerCase()}`
  const series = useMemo(
    () => (result.data?.series ?? []).map((s) => ({ name: s.key, data: s.data })),
    [result.data],
  )
  return (
    <PanelState what={title} minHeight={280} {...queryPanel(result, false)}>
      <LineChart
        title={title}
        description={`${chart.what}, for each chosen ${label.toLowerCase()}.`}
        series={series}
        range={range}
        valueFormat={valueFormat(metric, result.data?.unit ?? '')}
        integerValues={chart.integer}
        emptyText={skip ? `Choose at least one ${label.toLowerCase()}` : undefined}
        exportAllowed={exportAllowed}
        height={260}
      />
    </PanelState>
  )
}

export interface ImpalaGroupUsageProps {
  cluster: string
  window: { start: number; end: number }
  interval: ImpalaUsageInterval
  groupBy: ImpalaGroupBy
  options: readonly FilterOption[]
  /** The chosen values, or the first 4 (B216). */
  values: readonly string[]
  optionsState: PanelView
  exportAllowed: boolean
  onGroupBy: (groupBy: ImpalaGroupBy) => void
  onValues: (values: string[]) => void
}

/**
 * 02 §2 'Impala usage resource charts group by selected values (first 4 by default)': the group-by
 * (user or queue), its values as the resources page offers them, and one chart per measure.
 */
export function ImpalaGroupUsage(props: ImpalaGroupUsageProps) {
  const { window, groupBy, values } = props
  const label = IMPALA_GROUP_LABELS[groupBy]
  const range = { from: window.start, to: window.end }
  const args = {
    clusterUid: props.cluster,
    start_time: String(window.start),
    end_time: String(window.end),
    interval: props.interval,
    groupBy,
    values: values.join(','),
  }
  const options = withChosen(props.options, values)
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="impala-usage-title">
      <Title order={2} size="h5" id="impala-usage-title" mb="xs">
        Impala usage by {label.toLowerCase()}
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <GroupValuesPicker
          groupBys={IMPALA_GROUP_BYS}
          labels={IMPALA_GROUP_LABELS}
          groupBy={groupBy}
          onGroupBy={props.onGroupBy}
          options={options}
          values={values}
          onValues={props.onValues}
          optionsState={props.optionsState}
          optionsLoading={props.optionsState.status === 'loading'}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" style={{ flex: 1, minWidth: 0 }}>
          {IMPALA_USAGE_METRICS.map((metric) => (
            <UsageChart
              key={metric}
              args={args}
              metric={metric}
              label={label}
              range={range}
              skip={values.length === 0}
              exportAllowed={props.exportAllowed}
            />
          ))}
        </SimpleGrid>
      </Group>
    </Paper>
  )
}
