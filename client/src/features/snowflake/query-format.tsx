import {
  formatCost,
  formatCredits,
  formatDateTime,
  formatUsd,
  MESSAGES,
  SNOWFLAKE_INSIGHTS,
  SNOWFLAKE_QUERY_STATUS,
  type StatusStyle,
} from '@costlens/shared'
import { StatusBadge } from '../../components/status/status-badge.tsx'

// Thousands grouped on screen, so $ 3,713.0763 reads at a glance; files get plain numbers (plain4).

/** 03 §9: Snowflake cost in USD to 4 decimals, with the console's '$ ' prefix (M106). */
export const usd = formatUsd

/** 03 §9: Snowflake usage in credits to 4 decimals. */
export const credits = formatCredits

/** A cost or credits figure for an exported file: 4 decimals, no grouping (B135). */
export const plain4 = (value: number) => formatCost(value)

/** An ISO instant in the default display form (B071), or '--' while there is none (a running query). */
export const isoTime = (iso: string | null) => (iso ? formatDateTime(Date.parse(iso)) : MESSAGES.M104)

/** An insight key's title (SNOWFLAKE_INSIGHTS); an unknown key is shown as itself. */
export const insightTitle = (key: string) => SNOWFLAKE_INSIGHTS[key as keyof typeof SNOWFLAKE_INSIGHTS] ?? key

/** B232: a query status's word; an unknown code is shown as itself. */
export const statusLabel = (code: string) => SNOWFLAKE_QUERY_STATUS[code]?.label ?? code

/** B232: a query status's style, the row border and the badge colour. */
export const statusStyle = (code: string): StatusStyle => SNOWFLAKE_QUERY_STATUS[code]?.style ?? 'unknown'

/** B232: a query status as the shared badge, in the Snowflake words and styles. */
export function QueryStatusBadge({ code }: { code: string }) {
  return <StatusBadge code={code} label={statusLabel(code)} style={statusStyle(code)} />
}
