import { Badge } from '@mantine/core'
import type { RunStatus, SourceStatus } from '@costlens/shared'

/** A span of minutes as people read a lag: '45 min', '3 h 5 min', '2 d 4 h'. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—'
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** How often a source runs: 'Hourly', 'Daily', 'Every 15 min'. */
export function formatSchedule(minutes: number): string {
  if (minutes === 60) return 'Hourly'
  if (minutes === 1440) return 'Daily'
  return `Every ${formatMinutes(minutes)}`
}

const STATUS_COLOURS: Readonly<Record<SourceStatus, string>> = {
  healthy: 'green',
  delayed: 'orange',
  failing: 'red',
}

const STATUS_WORDS: Readonly<Record<SourceStatus, string>> = {
  healthy: 'Healthy',
  delayed: 'Delayed',
  failing: 'Failing',
}

/** A source's health: its colour and, always, its word. */
export function SourceStatusBadge({ status }: { status: SourceStatus }) {
  return (
    // The dot variant keeps the word in body text colour (AA contrast on any row); the dot is the colour.
    <Badge color={STATUS_COLOURS[status]} variant="dot" size="md" tt="none">
      {STATUS_WORDS[status]}
    </Badge>
  )
}

export const sourceStatusWord = (status: SourceStatus) => STATUS_WORDS[status]

/** A run's outcome: its colour and its word. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge color={status === 'failed' ? 'red' : 'green'} variant="dot" tt="none">
      {status === 'failed' ? 'Failed' : 'Succeeded'}
    </Badge>
  )
}
