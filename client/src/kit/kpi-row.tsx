import { Paper, SimpleGrid, Text } from '@mantine/core'

/** One figure of a page's KPI row: its name and its value, formatted with its unit. */
export interface Kpi {
  label: string
  value: string
  /** A line under the value: a comparison, a count of a part ('3 started'). */
  note?: string
}

/**
 * The KPI row of a list or detail page: each figure in its own tile, named for screen readers too;
 * with a `label`, the row is a region of that name (e.g. 'Warehouse totals').
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
        <Paper key={kpi.label} withBorder p="xs" role="listitem">
          <Text size="xs" c="dimmed">
            {kpi.label}
          </Text>
          <Text fw={600} size="lg">
            {kpi.value}
          </Text>
          {kpi.note && (
            <Text size="xs" c="dimmed">
              {kpi.note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  )
  return label ? <section aria-label={label}>{row}</section> : row
}
