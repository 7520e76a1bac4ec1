import { Paper, SimpleGrid, Text } from '@mantine/core'

export interface Kpi {
  label: string
  value: string
  /** A line under the value: a comparison, a unit, a hint. */
  note?: string
  /** Colours the note; the note's words carry the meaning too. */
  noteColor?: string
}

/**
 * A cost change's note colour: more spent reads red, less teal. The darkest shades, so the small
 * note keeps 4.5:1 contrast on white (teal 8 and red 8 fall short or just pass).
 */
export function costChangeColor(changePercent: number | null | undefined): string | undefined {
  if (!changePercent) return undefined
  return changePercent > 0 ? 'red.9' : 'teal.9'
}

/** A row of headline figures: a named region holding a description list, so each figure is read with its label. */
export function KpiCards({ items, label }: { items: readonly Kpi[]; label: string }) {
  return (
    <section aria-label={label}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: items.length }} spacing="sm" m={0}>
        {items.map((kpi) => (
          <Paper key={kpi.label} withBorder p="sm">
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {kpi.label}
            </Text>
            <Text component="dd" size="xl" fw={700} m={0}>
              {kpi.value}
            </Text>
            {kpi.note && (
              <Text component="dd" size="xs" m={0} c={kpi.noteColor ?? 'dimmed'}>
                {kpi.note}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  )
}
