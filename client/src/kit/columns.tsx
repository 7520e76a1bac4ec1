import { Badge, Text } from '@mantine/core'
import {
  DOLLAR_PREFIX,
  formatCost,
  formatCredits,
  formatDecimal,
  formatDollars,
  formatDurationMs,
  formatPercent,
  type StatusStyle,
} from '@costlens/shared'
import { StatusBadge } from '../components/status/status-badge.tsx'
import type { DataColumn } from '../components/table/table-types.ts'
import { timeColumn } from '../components/table/time-column.ts'
import type { Kpi } from './kpi-row.tsx'
import { ReturnLink } from './return-link.tsx'

/**
 * Column builders for the generic table, one per kind of cell the console shows, so a screen's
 * columns are one line each and every screen shows money, times and durations alike (with their
 * unit in the heading). `key` is the row field the column reads, sorts and exports.
 */
type Key<R> = keyof R & string

const field = <R,>(row: R, key: Key<R>) => row[key] as unknown

/** An upper-case code in words: TERMINATED_WITH_ERRORS → Terminated with errors. */
export const statusWords = (code: string) => {
  const words = code.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Tags in one line, as tables and field grids show them: 'team=data, env=prod'. */
export const tagsText = (tags: Readonly<Record<string, string>> = {}) =>
  Object.entries(tags)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')

/** A status code as a badge with its word (never colour alone), in the style `style` gives it. */
export const statusBadge = (code: string, style: (code: string) => StatusStyle) => (
  <StatusBadge code={code} label={statusWords(code)} style={style(code)} />
)

export const columns = {
  /** Plain text, cut with an ellipsis when too long (full text on hover). */
  text: <R,>(key: Key<R>, title: string, width = 160): DataColumn<R> => ({
    key,
    title,
    width,
    ellipsis: true,
  }),
  /** A whole number, right-aligned. */
  count: <R,>(key: Key<R>, title: string, width = 90): DataColumn<R> => ({
    key,
    title,
    width,
    align: 'right',
  }),
  /**
   * USD with 2 decimals ('$ 12.35', B136), or 4 (Snowflake cost, 03 §9: '$ 1,234.5678') or more for
   * small unit prices; thousands grouped on screen. The export keeps the plain number, or at 4
   * decimals the plain 4-decimal text (B135).
   */
  usd: <R,>(key: Key<R>, title: string, width = 120, decimals = 2): DataColumn<R> => ({
    key,
    title: `${title} (USD)`,
    width,
    align: 'right',
    render: (r) => {
      const value = Number(field(r, key))
      return decimals === 2 ? formatDollars(value) : `${DOLLAR_PREFIX}${formatDecimal(value, decimals)}`
    },
    exportValue: decimals === 4 ? (r) => formatCost(Number(field(r, key))) : undefined,
  }),
  /**
   * A number in its unit, right-aligned: `show` writes it on screen ('$ 0.0625', '1.21 GB'); a file
   * gets `exported` of it, or the plain number.
   */
  figure: <R,>(
    key: Key<R>,
    title: string,
    width: number,
    show: (value: number) => string,
    exported?: (value: number) => string | number,
  ): DataColumn<R> => ({
    key,
    title,
    width,
    align: 'right',
    render: (r) => show(Number(field(r, key))),
    exportValue: (r) => (exported ?? Number)(Number(field(r, key))),
  }),
  /** Snowflake credits to 4 decimals (03 §9), thousands grouped; the export the plain 4-decimal text. */
  credits: <R,>(key: Key<R>, title = 'Credits', width = 120): DataColumn<R> => ({
    key,
    title,
    width,
    align: 'right',
    render: (r) => formatCredits(Number(field(r, key))),
    exportValue: (r) => formatCost(Number(field(r, key))),
  }),
  /** A share already in percent, to 2 decimals ('12.34%'). */
  percent: <R,>(key: Key<R>, title: string, width = 100): DataColumn<R> => ({
    key,
    title,
    width,
    align: 'right',
    render: (r) => formatPercent(Number(field(r, key))),
  }),
  /** An instant (epoch ms) in the display zone, which its heading names: 'Start Time (UTC)'. */
  time: <R,>(key: Key<R>, title: string, width = 170): DataColumn<R> =>
    timeColumn<R>(
      key,
      title,
      (r) => {
        const ms = field(r, key)
        return ms === null || ms === undefined ? null : Number(ms)
      },
      width,
    ),
  /** A duration in ms, as 1h 2m 3s. */
  duration: <R,>(key: Key<R>, title: string, width = 110): DataColumn<R> => ({
    key,
    title,
    width,
    align: 'right',
    render: (r) => formatDurationMs(Number(field(r, key))),
  }),
  /** The row's id as a link to its details page, in monospace; the page's breadcrumb comes back here. */
  link: <R,>(key: Key<R>, title: string, href: (row: R) => string, width = 170): DataColumn<R> => ({
    key,
    title,
    width,
    render: (r) => (
      <ReturnLink to={href(r)} mono>
        {String(field(r, key))}
      </ReturnLink>
    ),
  }),
  /** A status as a badge with its word (never colour alone) in its style. */
  status: <R,>(
    key: Key<R>,
    title: string,
    style: (code: string) => StatusStyle,
    width = 180,
  ): DataColumn<R> => ({
    key,
    title,
    width,
    render: (r) => statusBadge(String(field(r, key)), style),
  }),
  /** A yes/no field in words: `yes` ('Installed') when set, else 'No'; sorts and exports as the word. */
  yesNo: <R,>(key: Key<R>, title: string, yes = 'Yes', width = 100): DataColumn<R> => ({
    key,
    title,
    width,
    value: (r) => (field(r, key) ? yes : 'No'),
  }),
  /** A key → value map as 'k=v, …', not sortable. */
  tags: <R,>(key: Key<R>, title: string, width = 220): DataColumn<R> => {
    const text = (r: R) => tagsText(field(r, key) as Record<string, string> | undefined)
    return {
      key,
      title,
      width,
      sortable: false,
      value: text,
      render: (r) => (
        <Text size="xs" truncate>
          {text(r)}
        </Text>
      ),
    }
  },
  /**
   * How many insights a row carries (`row.insights.count`): an orange badge when there are some,
   * '0' otherwise; sorts and exports as the number.
   */
  insightCount: <R extends { insights: { count: number } }>(width = 85): DataColumn<R> => ({
    key: 'insights' as Key<R>,
    title: 'Insights',
    width,
    align: 'right',
    value: (r) => r.insights.count,
    render: (r) =>
      r.insights.count > 0 ? (
        <Badge variant="light" color="orange" size="sm" aria-label={`${r.insights.count} insights`}>
          {r.insights.count}
        </Badge>
      ) : (
        '0'
      ),
  }),
}

/** A KPI row of counts, '--' while the answer has not come. */
export function countKpis(counts: Readonly<Record<string, number | undefined>>): Kpi[] {
  return Object.entries(counts).map(([label, n]) => ({
    label,
    value: n === undefined ? '--' : n.toLocaleString('en-US'),
  }))
}
