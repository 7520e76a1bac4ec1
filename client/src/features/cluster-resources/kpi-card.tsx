import { Paper, Text } from '@mantine/core'

/** One figure of a screen's summary row: what it is, the number, and what it is out of. */
export function KpiCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  )
}

/** The last value of a series, or null when it has none. */
export function lastValue(points: readonly (readonly [number, number | null])[] | undefined): number | null {
  for (let i = (points?.length ?? 0) - 1; i >= 0; i--) {
    const v = points![i]![1]
    if (v !== null) return v
  }
  return null
}
