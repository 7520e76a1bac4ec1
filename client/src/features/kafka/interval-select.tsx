import { Select } from '@mantine/core'
import type { PageInterval } from './kafka-state.ts'
import { intervalChoices } from './kafka-window.ts'

/**
 * The Kafka pages' interval picker (1h, 1m): a choice too fine for the range is disabled, as on the
 * console's other chart pages, and `value` is the interval the charts really ask for.
 */
export function IntervalSelect({
  value,
  start,
  end,
  onChange,
}: {
  value: PageInterval
  start: number
  end: number
  onChange: (interval: PageInterval) => void
}) {
  return (
    <Select
      label="Interval"
      w={100}
      data={intervalChoices(start, end)}
      value={value}
      allowDeselect={false}
      onChange={(i) => i && onChange(i as PageInterval)}
    />
  )
}
