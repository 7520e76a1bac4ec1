import { Paper, SimpleGrid, Text } from '@mantine/core'

/** One figure of a page's KPI row: its name and its value, formatted with its unit. */
export interface Kpi {
  label: string
  value: string
}

/** The KPI row of a list or detail page: each figure in its own tile, named for screen readers too. */
export function KpiRow({ kpis }: { kpis: readonly Kpi[] }) {
  if (kpis.length === 0) return null
  return (
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
        </Paper>
      ))}
    </SimpleGrid>
  )
}
