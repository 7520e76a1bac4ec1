import {
  DCB_GROUP_KEYS,
  chargebackPercent,
  formatCount,
  formatDollars,
  formatNumber,
  type ChargebackType,
  type DcbKind,
  type DcbQuery,
  type DcbResponse,
} from '@costlens/shared'
import type { Measure } from './chargeback-flavours.ts'
import type { ChargebackView, Level, Usage } from './chargeback-state.ts'

/*
 * The Databricks chargeback flavour (02 §2 Chargeback, §3 Chargeback row, §9; issue 20): the
 * types of a DB install are Cluster — the all-purpose clusters' sessions, kind spark — and JobRun
 * — the job runs, kind db (B146). Its rows carry ms = DBUs × 100 and vs = total cost × 100, so
 * dbus = ms/100 and cost = vs/100 (USD: DBUs at list price plus the cloud VMs).
 */

export type DatabricksChargebackType = Extract<ChargebackType, 'Cluster' | 'JobRun'>

export function isDatabricksType(type: ChargebackType): type is DatabricksChargebackType {
  return type === 'Cluster' || type === 'JobRun'
}

/** 02 §7: the dcb kind of each type (the resource stat's DBX_CLUSTER / DBX_JOB_RUN). */
export const DCB_KIND: Readonly<Record<DatabricksChargebackType, DcbKind>> = {
  Cluster: 'spark',
  JobRun: 'db',
}

/** What one counted thing is: a cluster session or a job run. */
export const COUNTED: Readonly<Record<DatabricksChargebackType, string>> = {
  Cluster: 'Sessions',
  JobRun: 'Runs',
}

/** The group-by fields dcb groups by (B153's Databricks fields are all of them). */
export const isDcbGroupField = (field: string) => (DCB_GROUP_KEYS as readonly string[]).includes(field)

/** 02 §9: dbus and cost are the raw value divided by 100. */
export const dbusOf = (ms: number) => ms / 100
export const costOf = (vs: number) => vs / 100

export const formatDbus = (dbus: number) => `${formatNumber(dbus)} DBU`

/** The charted measures: count, cost (the bars) and DBUs. */
export function databricksMeasures(type: DatabricksChargebackType): Measure[] {
  return [
    { field: 'count', label: COUNTED[type], value: (n) => n, format: formatCount },
    { field: 'vs', label: 'Cost', value: costOf, format: formatDollars, unit: 'USD' },
    { field: 'ms', label: 'DBUs', value: dbusOf, format: formatDbus, unit: 'DBU' },
  ]
}

/** The search of a Databricks type: its kind, the chosen group-bys, the window and tag filters. */
export function databricksChargebackArgs(
  view: ChargebackView,
): { groups: string[]; params: DcbQuery } | null {
  if (!isDatabricksType(view.type) || view.groupBys.length === 0) return null
  const tags = Object.entries(view.tags).flatMap(([k, values]) => values.map((v) => `${k}:${v}`))
  return {
    groups: [...view.groupBys],
    params: {
      kind: DCB_KIND[view.type],
      // Epoch seconds: the window's own instants, not whole days.
      from: String(Math.floor(view.dateRange.start / 1000)),
      to: String(Math.ceil(view.dateRange.end / 1000)),
      ...(tags.length && { tags: tags.join(',') }),
    },
  }
}

const usage = (u: { count: number; ms: number; vs: number }): Usage => ({
  count: u.count,
  ms: u.ms,
  vs: u.vs,
  io: 0,
  cents: u.vs,
})
const EMPTY: Usage = { count: 0, ms: 0, vs: 0, io: 0, cents: 0 }

/**
 * The rows the current level shows (as levelOf for the application flavours): the response's rows
 * and total at the top; drilled into a value, its nested rows, whose shares are of that value.
 */
export function databricksLevel(data: DcbResponse | undefined, view: ChargebackView): Level {
  const rows = data?.cb ?? []
  const drilled = view.path[0]
  if (!drilled)
    return {
      rows: rows.map((r) => ({
        ...usage(r),
        value: r.v1,
        label: r.v1Label || '(none)',
        inner: (r.cb ?? []).map((i) => ({ ...usage(i), v2: i.v2Label || '(none)' })),
      })),
      total: data ? usage(data.cbInfo.total) : EMPTY,
    }
  const parent = rows.find((r) => r.v1 === drilled.value)
  if (!parent) return { rows: [], total: EMPTY }
  return {
    rows: (parent.cb ?? []).map((i) => ({
      ...usage(i),
      value: i.v2,
      label: i.v2Label || '(none)',
      inner: [],
    })),
    total: usage(parent),
  }
}

/**
 * The UTC days whose tags the Tag Key group-bys and the tag filter offer: the chargeback range's,
 * its last 90 at most (the cost trends' limit).
 */
export function tagDays(range: { start: number; end: number }): { gte: string; lte: string } {
  const DAY = 86_400_000
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const last = Math.floor((range.end - 1) / DAY) * DAY
  return { gte: day(Math.max(Math.floor(range.start / DAY) * DAY, last - 89 * DAY)), lte: day(last) }
}

/** A share of the level's total to 2 decimals (B156: an empty total counts as 1). */
export const shareOf = (value: number, total: number) => chargebackPercent(value, total)
