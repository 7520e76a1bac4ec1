import { SimpleGrid } from '@mantine/core'
import { formatNumber } from '@costlens/shared'
import { BreakdownBarChart } from '../../components/charts/breakdown-bar-chart.tsx'
import { DonutChart } from '../../components/charts/donut-chart.tsx'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import type { CategorySeries } from '../../components/charts/chart-types.ts'
import type { Measure } from './chargeback-flavours.ts'
import type { Level } from './chargeback-state.ts'

/** Parts a chart shows by name; the rest are summed as one, so a long tail stays readable. */
export const CHART_PARTS = 9
/** Bars a bar chart shows, largest first. */
export const CHART_BARS = 15
export const OTHER = 'Other'

export interface Part {
  name: string
  value: number
}

/** The largest `n` parts by value, then one 'Other' part for the rest (when there is a rest). */
export function topParts(parts: readonly Part[], n: number = CHART_PARTS): Part[] {
  const sorted = [...parts].sort((a, b) => b.value - a.value)
  const rest = sorted.slice(n).reduce((sum, p) => sum + p.value, 0)
  return rest > 0 ? [...sorted.slice(0, n), { name: OTHER, value: rest }] : sorted.slice(0, n)
}

export interface ChargebackChartsProps {
  level: Level
  measures: readonly Measure[]
  /** The current group-by's label ('User'); the next one's when the rows hold a level below. */
  groupLabel: string
  innerLabel?: string
  exportAllowed: boolean
}

/**
 * The charts of the current level (02 §2 Chargeback; 03 §2 chart widgets): a donut per measure
 * (count, CPU hours, memory hours; BigQuery billed bytes), CPU hours per value, split by the next
 * group-by when there is one, and each value's share of every measure.
 */
export function ChargebackCharts({
  level,
  measures,
  groupLabel,
  innerLabel,
  exportAllowed,
}: ChargebackChartsProps) {
  const cpu = measures.find((m) => m.field === 'vs')!
  const bars = [...level.rows].sort((a, b) => b.vs - a.vs).slice(0, CHART_BARS)
  const split = innerLabel !== undefined && bars.some((r) => r.inner.length > 0)
  const innerNames = split
    ? topParts(
        Object.entries(
          bars
            .flatMap((r) => r.inner)
            .reduce<Record<string, number>>((sums, r) => ({ ...sums, [r.v2]: (sums[r.v2] ?? 0) + r.vs }), {}),
        ).map(([name, value]) => ({ name, value })),
      ).map((p) => p.name)
    : []
  const cpuSeries: CategorySeries[] = split
    ? innerNames.map((name) => ({
        name,
        data: bars.map((r) =>
          cpu.value(
            r.inner
              .filter((i) => (name === OTHER ? !innerNames.includes(i.v2) : i.v2 === name))
              .reduce((sum, i) => sum + i.vs, 0),
          ),
        ),
      }))
    : [{ name: cpu.label, data: bars.map((r) => cpu.value(r.vs)) }]

  const shareParts = topParts(level.rows.map((r) => ({ name: r.label, value: r.vs }))).map((p) => p.name)
  const shareSeries: CategorySeries[] = shareParts.map((name) => ({
    name,
    data: measures.map((m) =>
      level.rows
        .filter((r) => (name === OTHER ? !shareParts.includes(r.label) : r.label === name))
        .reduce((sum, r) => sum + r[m.field], 0),
    ),
  }))

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: measures.length }} spacing="sm">
        {measures.map((m) => (
          <DonutChart
            key={m.field}
            title={`${m.label} by ${groupLabel}`}
            description={`How the ${m.label.toLowerCase()} of the level split between its ${groupLabel.toLowerCase()} values.`}
            slices={topParts(level.rows.map((r) => ({ name: r.label, value: m.value(r[m.field]) })))}
            valueFormat={m.format}
            exportAllowed={exportAllowed}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <StackedBarChart
          title={split ? `${cpu.label} by ${groupLabel} and ${innerLabel}` : `${cpu.label} by ${groupLabel}`}
          description={`The ${CHART_BARS} ${groupLabel.toLowerCase()} values that used the most CPU hours.`}
          categories={bars.map((r) => r.label)}
          series={cpuSeries}
          valueFormat={cpu.format}
          axisValueFormat={cpu.unit ? formatNumber : undefined}
          yAxisTitle={cpu.unit ?? cpu.label}
          exportAllowed={exportAllowed}
        />
        <BreakdownBarChart
          title={`Share of each measure by ${groupLabel}`}
          description={`Each ${groupLabel.toLowerCase()} value's percentage of every measure.`}
          categories={measures.map((m) => m.label)}
          series={shareSeries}
          exportAllowed={exportAllowed}
        />
      </SimpleGrid>
    </>
  )
}
