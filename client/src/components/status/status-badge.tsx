import { Badge } from '@mantine/core'
import { APP_STATUS_LABELS, borderClass, type AppStatusCode, type StatusStyle } from '@costlens/shared'

/** The badge colour of each status style (B174). */
export const STATUS_COLOURS: Readonly<Record<StatusStyle, string>> = {
  success: 'green',
  error: 'red',
  killed: 'orange',
  running: 'blue',
  pending: 'yellow',
  waiting: 'yellow',
  unknown: 'gray',
}

export interface StatusBadgeProps {
  code: string
  /** The word shown; by default the application status word of the code. */
  label?: string
  /** The style shown; by default the application style of the code (B174). */
  style?: StatusStyle
}

/**
 * A run's status as a badge with its word (never colour alone), in the style of its row border
 * (B174). Platforms whose codes mean other things (a Snowflake 'P' is Blocked, an error) pass their
 * own word and style. An unknown code is shown as itself rather than hidden.
 */
export function StatusBadge({ code, label, style }: StatusBadgeProps) {
  return (
    // The dot variant: the word stays in body text colour (AA on any row), the hue is the dot's.
    <Badge variant="dot" color={STATUS_COLOURS[style ?? borderClass(code)]} size="sm">
      {label ?? APP_STATUS_LABELS[code as AppStatusCode] ?? code}
    </Badge>
  )
}
