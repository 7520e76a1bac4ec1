import { Paper, Text } from '@mantine/core'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import type { PanelView } from '../../components/panel-state/panel-status.ts'

/**
 * One figure of a screen's summary row: what it is, the number, and what it is out of. With its
 * call's `state`, a figure still loading is a spinner and a failed one its error with a retry,
 * never a 0 or '--' that would read as a value.
 */
export function KpiCard({
  label,
  value,
  detail,
  state,
}: {
  label: string
  value: string
  detail?: string
  state?: PanelView
}) {
  const ready = !state || state.status === 'ready' || state.status === 'empty'
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {ready ? (
        <Text size="xl" fw={700}>
          {value}
        </Text>
      ) : (
        <PanelState what={label} compact {...state} />
      )}
      {ready && detail && (
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
