import { Box, Paper, Text } from '@mantine/core'
import type { Kpi } from './cluster-kpis.ts'

/**
 * A row of KPI figures as a description list: each label is the term and its value the definition,
 * so a screen reader reads "Nodes: 12" rather than two unrelated numbers. The tiles share the row
 * however many show (B185 hides some), wrapping below 150 px each.
 */
export function KpiRow({ label, kpis, loading }: { label: string; kpis: readonly Kpi[]; loading?: boolean }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      aria-busy={loading ?? false}
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {kpis.map((kpi) => (
        <Paper key={kpi.key} withBorder p="sm" radius="md" data-kpi={kpi.key}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {kpi.label}
          </Text>
          <Text component="dd" m={0} fz={24} fw={700} lh={1.3}>
            {kpi.value}
          </Text>
          {kpi.hint && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {kpi.hint}
            </Text>
          )}
        </Paper>
      ))}
    </Box>
  )
}
