import { Badge, Text } from '@mantine/core'
import { formatDateTime, formatMetricValue, type DetectorState } from '@costlens/shared'

/*
 * How the anomaly screens show what a detector found: a grade's colour band (the chart's markers and
 * the table's badges agree), an hour in UTC, a value in the metric's unit.
 */

/** OpenSearch Dashboards shades anomalies by grade: high red, medium orange, low yellow. */
// `mantine` and `text` are the badge's fill and label: white on dark red, black on orange and yellow,
// each ≥ 4.5:1 (Mantine's autoContrast left white on orange, which axe flagged).
export const GRADE_BANDS = [
  { from: 0.7, label: 'High', color: '#e03131', mantine: 'red.9', text: 'white' },
  { from: 0.4, label: 'Medium', color: '#f76707', mantine: 'orange.6', text: 'black' },
  { from: 0, label: 'Low', color: '#f59f00', mantine: 'yellow.5', text: 'black' },
] as const

export function gradeBand(grade: number) {
  return GRADE_BANDS.find((b) => grade >= b.from) ?? GRADE_BANDS[GRADE_BANDS.length - 1]!
}

/** An hour as the table and tooltips show it: always UTC, named so. */
export const utcHour = (ms: number) => `${formatDateTime(ms, 'utc').slice(0, 16)} UTC`

export const metricValue = (unit: string, decimals: number, value: number) =>
  formatMetricValue({ unit, decimals }, value)

export function GradeBadge({ grade }: { grade: number }) {
  const band = gradeBand(grade)
  return (
    <Badge
      color={band.mantine}
      variant="filled"
      c={band.text}
      tt="none"
      aria-label={`Grade ${grade.toFixed(2)} (${band.label})`}
    >
      {grade.toFixed(2)}
    </Badge>
  )
}

const STATE_COLOURS: Readonly<Record<DetectorState, string>> = {
  Running: 'green',
  Initialising: 'blue',
  Stopped: 'gray',
}

export function DetectorStateBadge({ state }: { state: DetectorState }) {
  return (
    <Badge color={STATE_COLOURS[state]} variant="dot" tt="none">
      {state}
    </Badge>
  )
}

export function Confidence({ value }: { value: number }) {
  return <Text size="sm">{Math.round(value * 100)}%</Text>
}
