import {
  CHARGEBACK_GROUP_KEYS,
  formatAppType,
  formatBytes,
  formatCount,
  formatDecimal,
  formatHours,
  formatNumber,
  GROUP_BY_OPTIONS,
  IMPALA_CHARGEBACK_CSV_COLUMNS,
  IMPALA_CHARGEBACK_SERIES,
  mbSecondsToGbHours,
  MEASURE_UNITS,
  TAG_GROUP_PREFIX,
  type ChargebackType,
  type GroupByOption,
} from '@costlens/shared'
import { isDatabricksType, isDcbGroupField } from './databricks-flavour.ts'

/**
 * The chargeback flavours this screen draws, declared as configuration (02 §2 Chargeback,
 * ARCHITECTURE style 5): the call each makes, the clusters its dropdown offers, the measures its
 * charts show and the columns (and CSV headers) of its table. EMR's rows are clusters with dollars,
 * so its flavour is declared in emr-flavour.ts; the Databricks types' (dcb) in databricks-flavour.ts.
 */

/** The usage fields of a chargeback row a measure or column reads. */
export type UsageField = 'count' | 'vs' | 'ms' | 'io'

/** One charted measure: its field, its name on the chart, and how its value reads. */
export interface Measure {
  field: UsageField
  label: string
  /** The charted number from the raw field: hours from seconds, GB·hours from MB-seconds, bytes as they are. */
  value: (raw: number) => number
  format: (value: number) => string
  /** The unit its chart axis is titled with, where the ticks are plain numbers ('vcore·hours'). */
  unit?: string
}

/** The table's computed columns (the group column comes first, named after the group-by). */
export type ColumnId =
  'count' | 'vsHours' | 'vsPct' | 'vsCost' | 'msHours' | 'msPct' | 'msCost' | 'io' | 'ioPct' | 'cost'

export interface Flavour {
  search: 'cb' | 'icb' | 'pcb' | 'bqcb'
  /** The cluster kind the dropdown lists; null when the call takes no cluster (BigQuery, B160). */
  clusterKind: 'Yarn' | 'Impala' | 'Presto' | null
  measures: readonly Measure[]
  /** The columns in order, each with its title, which is also its CSV header. */
  columns: readonly { id: ColumnId; title: string }[]
}

export type ServedChargebackType = 'Yarn' | 'Impala' | 'Presto' | 'BigQuery'

/** B140: hours from seconds to 2 decimals; thousands separated, as totals run to seven figures. */
export const formatHoursOf = formatHours
/**
 * Memory in GB·hours from YARN's MB-seconds, 2 decimals: raw MB-hours run to millions and mean
 * nothing at a glance (issue 16). Its price (B157) is per GB·hour accordingly.
 */
export const formatGbHoursOf = (mbSeconds: number) => formatDecimal(mbSecondsToGbHours(mbSeconds), 2)
const hours = (seconds: number) => seconds / 3600
const same = (n: number) => n

/** The measure's value on a chart: hours of CPU, GB·hours of memory, bytes and counts as they are. */
const MEASURE_VALUE: Readonly<Record<UsageField, (raw: number) => number>> = {
  count: same,
  io: same,
  vs: hours,
  ms: mbSecondsToGbHours,
}
const MEASURE_FORMAT: Readonly<Record<UsageField, (value: number) => string>> = {
  count: formatCount,
  io: formatBytes,
  vs: (h) => `${formatNumber(h)} ${MEASURE_UNITS.vcoreHours}`,
  ms: (gbh) => `${formatNumber(gbh)} ${MEASURE_UNITS.gbHours}`,
}

const MEASURE_UNIT: Readonly<Partial<Record<UsageField, string>>> = {
  vs: MEASURE_UNITS.vcoreHours,
  ms: MEASURE_UNITS.gbHours,
}

const m = (field: UsageField, label: string): Measure => ({
  field,
  label,
  value: MEASURE_VALUE[field],
  format: MEASURE_FORMAT[field],
  unit: MEASURE_UNIT[field],
})

/** B299: the Impala headers, in the spec's order. */
const [jobCount, cpuHours, cpuPct, cpuCost, memoryHours, memoryPct, memoryCost] =
  IMPALA_CHARGEBACK_CSV_COLUMNS

/** YARN and Impala: CPU hours, share and cost, then the same for memory (B299 order). */
const CPU_THEN_MEMORY: readonly { id: ColumnId; title: string }[] = [
  { id: 'vsHours', title: cpuHours },
  { id: 'vsPct', title: cpuPct },
  { id: 'vsCost', title: cpuCost },
  { id: 'msHours', title: memoryHours },
  { id: 'msPct', title: memoryPct },
  { id: 'msCost', title: memoryCost },
]

export const FLAVOURS: Readonly<Record<ServedChargebackType, Flavour>> = {
  Yarn: {
    search: 'cb',
    clusterKind: 'Yarn',
    measures: [m('count', 'Apps'), m('vs', 'CPU hours'), m('ms', 'Memory hours')],
    columns: [{ id: 'count', title: 'App count' }, ...CPU_THEN_MEMORY, { id: 'cost', title: 'Cost' }],
  },
  Impala: {
    search: 'icb',
    clusterKind: 'Impala',
    // B299: jobs, CPU hours, memory hours.
    measures: IMPALA_CHARGEBACK_SERIES.map((s) => m(s.field, s.label)),
    columns: [{ id: 'count', title: jobCount }, ...CPU_THEN_MEMORY],
  },
  // 02 §2 Presto flavour: count, vs and vsPct, ms and msPct, vsCost, msCost, in the spec's order.
  Presto: {
    search: 'pcb',
    clusterKind: 'Presto',
    measures: [m('count', 'Queries'), m('vs', 'CPU hours'), m('ms', 'Memory hours')],
    columns: [
      { id: 'count', title: 'Query count' },
      { id: 'vsHours', title: cpuHours },
      { id: 'vsPct', title: cpuPct },
      { id: 'msHours', title: memoryHours },
      { id: 'msPct', title: memoryPct },
      { id: 'vsCost', title: cpuCost },
      { id: 'msCost', title: memoryCost },
    ],
  },
  // 02 §2 BigQuery flavour: job count, CPU hours and billed bytes, with their shares; cost in USD (B158).
  BigQuery: {
    search: 'bqcb',
    clusterKind: null,
    measures: [m('count', 'Jobs'), m('vs', 'CPU hours'), m('io', 'Billed bytes')],
    columns: [
      { id: 'count', title: jobCount },
      { id: 'vsHours', title: cpuHours },
      { id: 'vsPct', title: cpuPct },
      { id: 'io', title: 'Billed bytes' },
      { id: 'ioPct', title: 'Billed bytes %' },
      { id: 'cost', title: 'Cost (USD)' },
    ],
  },
}

export function isServed(type: ChargebackType): type is ServedChargebackType {
  return type in FLAVOURS
}

/**
 * B153: the group-bys of a flavour the API can group by. A flavour's 'Tag' option (BigQuery) is one
 * group-by per tag key of the window, `tag:<key>`, the form search/bqcb takes; with no keys known
 * (none seen, or the free plan, C20) it is not offered.
 */
export function servedGroupBys(
  type: ChargebackType,
  tagKeys: readonly string[] = [],
): readonly GroupByOption[] {
  const databricks = isDatabricksType(type)
  if (!isServed(type) && !databricks) return []
  return GROUP_BY_OPTIONS[type].flatMap((o) => {
    if (o.field === TAG_OPTION_FIELD) return tagKeys.map((key) => tagGroupBy(o.label, key))
    // The Databricks types group by dcb's keys (databricks-flavour.ts).
    if (databricks) return isDcbGroupField(o.field) ? [o] : []
    return (CHARGEBACK_GROUP_KEYS as readonly string[]).includes(o.field) ? [o] : []
  })
}

/** The field of the Tag option in GROUP_BY_OPTIONS, which stands for every tag key. */
const TAG_OPTION_FIELD = 'tags'

const tagGroupBy = (label: string, key: string): GroupByOption => ({
  label: `${label}: ${key}`,
  field: `${TAG_GROUP_PREFIX}${key}`,
})

/** Whether a flavour groups by tag keys (B153: BigQuery, the Databricks types' Tag Key). */
export function offersTagGroupBys(type: ChargebackType): boolean {
  return (
    (isServed(type) || isDatabricksType(type)) &&
    GROUP_BY_OPTIONS[type].some((o) => o.field === TAG_OPTION_FIELD)
  )
}

/** The label of a group-by field in a flavour ('appType' → 'Application type', 'tag:team' → 'Tag: team'). */
export function groupByLabel(type: ChargebackType, field: string): string {
  if (field.startsWith(TAG_GROUP_PREFIX)) {
    const option = GROUP_BY_OPTIONS[type].find((o) => o.field === TAG_OPTION_FIELD)
    return tagGroupBy(option?.label ?? 'Tag', field.slice(TAG_GROUP_PREFIX.length)).label
  }
  return GROUP_BY_OPTIONS[type].find((o) => o.field === field)?.label ?? field
}

/** The group-bys whose values are application types, shown in the console's one casing. */
const APP_TYPE_GROUP_BYS: ReadonlySet<string> = new Set(['appType', 'appt'])

/**
 * How a group's value reads in the table, the charts and the drill path: an application type in
 * the console's one casing ('spark' → 'Spark', 'mr' → 'MapReduce'), while the address, the drill
 * and the finished-apps filter keep the code; the jobs without the tag of a tag group-by form the
 * '' group.
 */
export function groupValueLabel(field: string | undefined, value: string): string {
  if (field !== undefined && APP_TYPE_GROUP_BYS.has(field)) return formatAppType(value)
  if (value !== '' || !field?.startsWith(TAG_GROUP_PREFIX)) return value
  return `(no ${field.slice(TAG_GROUP_PREFIX.length)} tag)`
}
