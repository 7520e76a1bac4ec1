import { Paper, SimpleGrid, Text } from '@mantine/core'
import { formatPercent } from '@costlens/shared'
import classes from './kpi-row.module.css'

/** One figure of a page's KPI row: its name and its value, formatted with its unit. */
export interface Kpi {
  label: string
  value: string
  /** A line under the value: a comparison, a count of a part ('3 started'). */
  note?: string
  /** The note says the figure got worse (red) or better (teal); the words say it too. */
  noteTone?: 'worse' | 'better'
}

/**
 * A cost against the period before, as a KPI's note: '▲ +23.46% vs $ 100.0000 before', more spent
 * reading worse; `none` when there was nothing before to compare with (the change is null).
 */
export function costChangeNote(
  changePercent: number | null | undefined,
  against: string,
  none: string,
): Pick<Kpi, 'note' | 'noteTone'> {
  if (changePercent === null || changePercent === undefined) return { note: none }
  const arrow = changePercent > 0 ? '▲ +' : changePercent < 0 ? '▼ ' : ''
  return {
    note: `${arrow}${formatPercent(changePercent)} ${against}`,
    noteTone: changePercent > 0 ? 'worse' : changePercent < 0 ? 'better' : undefined,
  }
}

/**
 * The KPI row of a list or detail page: each figure in its own tile, a term and its value (so a
 * screen reader reads each figure with its name); with a `label`, the row is a region of that name
 * (e.g. 'Warehouse totals').
 */
export function KpiRow({ kpis, label }: { kpis: readonly Kpi[]; label?: string }) {
  if (kpis.length === 0) return null
  const row = (
    <SimpleGrid
      cols={{ base: 2, sm: Math.min(kpis.length, 5) }}
      spacing="sm"
      role="list"
      aria-label="Key figures"
    >
      {kpis.map((kpi) => (
        <Paper key={kpi.label} withBorder p="xs" role="listitem" className={classes.tile}>
          <dl>
            <Text component="dt" size="xs" c="dimmed">
              {kpi.label}
            </Text>
            <Text component="dd" fw={600} size="lg">
              {kpi.value}
            </Text>
            {kpi.note && (
              <Text
                component="dd"
                size="xs"
                c={kpi.noteTone ? undefined : 'dimmed'}
                className={kpi.noteTone && classes[kpi.noteTone]}
              >
                {kpi.note}
              </Text>
            )}
          </dl>
        </Paper>
      ))}
    </SimpleGrid>
  )
  return label ? <section aria-label={label}>{row}</section> : row
}
