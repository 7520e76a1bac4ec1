import { useMemo } from 'react'
import { Group, Paper, SimpleGrid, Title } from '@mantine/core'
import {
  formatAppType,
  formatMegabytes,
  formatNumber,
  RESOURCE_GROUP_BYS,
  type ResourceGroupBy,
  type ResourceInterval,
} from '@costlens/shared'
import { LineChart } from '../../components/charts/line-chart.tsx'
import type { TimeRange, TimeSeries, ValueFormat } from '../../components/charts/chart-types.ts'
import type { FilterOption } from '../../components/filters/multi-select-filter.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel, type PanelView } from '../../components/panel-state/panel-status.ts'
import { useResourceTaggedSeriesQuery } from './api.ts'
import { GroupValuesPicker, withChosen } from './group-values-picker.tsx'
import { GROUP_BY_LABELS } from './resources-state.ts'

/** Memory series count MB: the axis ticks on round binary sizes. */
const MB = 1024 * 1024
const whole: ValueFormat = (v) => formatNumber(v, 1)
const EMPTY: readonly TimeSeries[] = []

export interface GroupUsageProps {
  cluster: string
  range: TimeRange
  interval: ResourceInterval
  groupBy: ResourceGroupBy
  options: readonly FilterOption[]
  /** The values shown: the chosen ones, or the first 4 (B164). */
  values: readonly string[]
  optionsLoading: boolean
  exportAllowed: boolean
  onGroupBy: (groupBy: ResourceGroupBy) => void
  onValues: (values: string[]) => void
  /** The values' calls: failed, the value list says so with a retry. */
  optionsState?: PanelView
}

/**
 * 02 §2 'breakdowns per user, queue or application type': the group-by, its values (the first 4 by
 * default, B164; at most 10, B116, which is also what one tagged call takes) and the vcores and
 * memory each value held over time (E060, E061).
 */
/** A group's lines, application types named in the console's one casing ('SPARK' → 'Spark'). */
function typeNamed(
  series: readonly TimeSeries[] | undefined,
  groupBy: ResourceGroupBy,
): readonly TimeSeries[] {
  if (!series) return EMPTY
  return groupBy === 'applicationType' ? series.map((s) => ({ ...s, name: formatAppType(s.name) })) : series
}

export function GroupUsage(props: GroupUsageProps) {
  const { cluster, range, interval, groupBy, values } = props
  const args = { cluster, start: range.from, end: range.to, interval, groupBy, values }
  const skip = values.length === 0
  const cpu = useResourceTaggedSeriesQuery({ ...args, metric: 'cpu' }, { skip })
  const memory = useResourceTaggedSeriesQuery({ ...args, metric: 'memory' }, { skip })
  const label = GROUP_BY_LABELS[groupBy]
  const options = useMemo(() => {
    const all = withChosen(props.options, values)
    // Application types in the console's one casing ('SPARK' → 'Spark'); users and queues as they are.
    return groupBy === 'applicationType' ? all.map((o) => ({ ...o, label: formatAppType(o.value) })) : all
  }, [props.options, values, groupBy])
  const emptyText = skip ? `Choose at least one ${label.toLowerCase()}` : undefined
  const cpuSeries = useMemo(() => typeNamed(cpu.data?.series, groupBy), [cpu.data, groupBy])
  const memorySeries = useMemo(() => typeNamed(memory.data?.series, groupBy), [memory.data, groupBy])

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="group-usage-title">
      <Title order={2} size="h5" id="group-usage-title" mb="xs">
        Usage by {label.toLowerCase()}
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <GroupValuesPicker
          groupBys={RESOURCE_GROUP_BYS}
          labels={GROUP_BY_LABELS}
          groupBy={groupBy}
          onGroupBy={props.onGroupBy}
          options={options}
          values={values}
          onValues={props.onValues}
          optionsState={props.optionsState}
          optionsLoading={props.optionsLoading}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" style={{ flex: 1, minWidth: 0 }}>
          <PanelState what={`VCores by ${label.toLowerCase()}`} minHeight={300} {...queryPanel(cpu, false)}>
            <LineChart
              title={`VCores by ${label.toLowerCase()}`}
              description={`Vcores allocated to the apps of each chosen ${label.toLowerCase()}, average per point.`}
              series={cpuSeries}
              range={range}
              chartKind="cluster"
              valueFormat={whole}
              emptyText={emptyText}
              exportAllowed={props.exportAllowed}
            />
          </PanelState>
          <PanelState
            what={`Memory by ${label.toLowerCase()}`}
            minHeight={300}
            {...queryPanel(memory, false)}
          >
            <LineChart
              title={`Memory by ${label.toLowerCase()}`}
              description={`Memory allocated to the apps of each chosen ${label.toLowerCase()}, average per point.`}
              series={memorySeries}
              range={range}
              chartKind="cluster"
              valueFormat={formatMegabytes}
              binaryUnit={MB}
              emptyText={emptyText}
              exportAllowed={props.exportAllowed}
            />
          </PanelState>
        </SimpleGrid>
      </Group>
    </Paper>
  )
}
