import { Select } from '@mantine/core'
import { stepFits } from './unit-series.ts'

/** One choice of an interval picker; a choice too fine for the window is disabled. */
export interface IntervalChoice<I extends string> {
  value: I
  label: string
  disabled: boolean
}

/**
 * A page's interval choices over a window: each interval (`stepOf` gives its length in ms),
 * disabled when its series would pass the APIs' 2,000 points.
 */
export function intervalChoices<I extends string>(
  intervals: readonly I[],
  stepOf: (interval: I) => number,
  start: number,
  end: number,
): IntervalChoice<I>[] {
  return intervals.map((i) => ({ value: i, label: i, disabled: !stepFits(stepOf(i), start, end) }))
}

/**
 * The interval picker of a metrics page (Kafka's 1h and 1m, the Elastic pages'): a choice too fine
 * for the range is disabled, as on the console's other chart pages, and `value` is the interval
 * the charts really ask for.
 */
export function IntervalSelect<I extends string>({
  value,
  choices,
  onChange,
}: {
  value: I
  choices: readonly IntervalChoice<I>[]
  onChange: (interval: I) => void
}) {
  return (
    <Select
      label="Interval"
      w={100}
      data={choices}
      value={value}
      allowDeselect={false}
      onChange={(i) => i && onChange(i as I)}
    />
  )
}
