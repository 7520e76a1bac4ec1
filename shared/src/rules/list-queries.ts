import type { DateRange } from './date-presets.ts'
import {
  listCostFilter,
  listDurationFilter,
  nonNegativeRange,
  rangeFilterOrNone,
  tagFilterParams,
  withQueryIdOverride,
  type Range,
} from './filters.ts'
import { MAX_RECORDS } from './paging.ts'

/**
 * What the list screens ask the backend for (02 §9, 03 §4, §7): fetch sizes, and the Snowflake
 * query list and BigQuery job list requests built from their screen state, with every filter rule
 * (full ranges dropped, untouched sliders left out, queryId alone) applied in one place.
 */

/**
 * B101: fetch sizes. Stream and table queries ask for the most a list may hold (the 10,000-record
 * cap, B097); the resource table and the running-job modal show only the last 100 applications.
 */
export const LIST_QUERY_SIZES = {
  stream: MAX_RECORDS,
  table: MAX_RECORDS,
  resourceTable: 100,
  runningJobModal: 100,
} as const
export type ListQueryKind = keyof typeof LIST_QUERY_SIZES

/** B101 */
export function listQuerySize(kind: ListQueryKind): number {
  return LIST_QUERY_SIZES[kind]
}

/** B101: the last applications, newest first: what the resource table and running-job modal show. */
export function lastApplications<T extends { startTime: number }>(
  apps: readonly T[],
  size: number = LIST_QUERY_SIZES.resourceTable,
): T[] {
  return [...apps].sort((a, b) => b.startTime - a.startTime).slice(0, size)
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

// A multi-select with nothing chosen, or with every option chosen, filters nothing (the B068 idea
// for ranges), so neither is sent; a strict subset is.
const chosen = (values: readonly string[], options?: readonly string[]): string[] | undefined => {
  if (values.length === 0) return undefined
  if (options && options.length > 0 && options.every((o) => values.includes(o))) return undefined
  return [...values]
}

// ---------------------------------------------------------------- Snowflake query list

/**
 * B233: the Snowflake list types. 03 names only 'inefficient (the default) plus other list types';
 * costlens offers the same three as the BigQuery job list, so both warehouses read alike.
 */
export const SNOWFLAKE_LIST_TYPES = ['inefficient', 'all', 'running'] as const
export type SnowflakeListType = (typeof SNOWFLAKE_LIST_TYPES)[number]

/** B233: the list type of an address: inefficient when absent ('/query/list') or unknown. */
export function snowflakeListType(tab: string | null | undefined): SnowflakeListType {
  return SNOWFLAKE_LIST_TYPES.find((t) => t === tab) ?? 'inefficient'
}

/** The Snowflake list's filters (03 §2). A null range is a slider the user has not touched. */
export interface SnowflakeListFilters {
  insights: readonly string[]
  accounts: readonly string[]
  clientConnectors: readonly string[]
  userName: readonly string[]
  warehouseUid: readonly string[]
  status: readonly string[]
  signature: string
  cost: Range | null
  duration: Range | null
}

export const SNOWFLAKE_EMPTY_FILTERS: SnowflakeListFilters = {
  insights: [],
  accounts: [],
  clientConnectors: [],
  userName: [],
  warehouseUid: [],
  status: [],
  signature: '',
  cost: null,
  duration: null,
}

/**
 * B233: a list type change clears the insights filter (insights belong to the inefficient tab);
 * the other filters stay, as 03 §4 resets them all only on a date change.
 */
export function snowflakeFiltersAfterListTypeChange(filters: SnowflakeListFilters): SnowflakeListFilters {
  return { ...filters, insights: [] }
}

/** B240: the metadata call's parameters, and the time part of the list body. */
export interface SnowflakeMetadataParams {
  startTime: string
  endTime: string
  showInefficientOnly: boolean
}

/** B240: times as ISO strings; showInefficientOnly exactly on the inefficient tab (its notes infer so). */
export function snowflakeMetadataParams(
  listType: SnowflakeListType,
  range: DateRange,
): SnowflakeMetadataParams {
  return {
    startTime: iso(range.start),
    endTime: iso(range.end),
    showInefficientOnly: listType === 'inefficient',
  }
}

/** The metadata ranges a Snowflake list compares its sliders with (E159 cost and duration). */
export interface SnowflakeListMetadata {
  cost: Range
  duration: Range
}

/** E158: the Snowflake query list body; every filter is optional, or the id alone. */
export interface SnowflakeQueryListBody extends SnowflakeMetadataParams {
  insights?: string[]
  accounts?: string[]
  clientConnectors?: string[]
  userName?: string[]
  warehouseUid?: string[]
  status?: string[]
  signature?: string
  minCost?: number
  maxCost?: number
  minDuration?: number
  maxDuration?: number
}

// With no metadata yet no slider can span 'the full range', so every touched one is sent.
const UNBOUNDED: Range = [0, Number.POSITIVE_INFINITY]

/**
 * B240, B238, B233, B236, B125, B127: the Snowflake query list request.
 * - a queryId overrides everything: the body is `{ id }` alone (B238);
 * - startTime and endTime as ISO strings, showInefficientOnly on the inefficient tab (B240);
 * - insights only on the inefficient tab, where they mean something (B233);
 * - cost and duration only once touched and not spanning the full metadata range, whose negative
 *   minimum reads as 0 (B236); cost rounded outwards at the metadata's decimals (B125, B126).
 */
export function snowflakeQueryListBody(input: {
  listType: SnowflakeListType
  range: DateRange
  filters: SnowflakeListFilters
  metadata?: SnowflakeListMetadata | null
  queryId?: string | null
}): SnowflakeQueryListBody | { id: string } {
  const { listType, range, filters, metadata } = input
  const body: SnowflakeQueryListBody = { ...snowflakeMetadataParams(listType, range) }
  if (listType === 'inefficient') body.insights = chosen(filters.insights)
  body.accounts = chosen(filters.accounts)
  body.clientConnectors = chosen(filters.clientConnectors)
  body.userName = chosen(filters.userName)
  body.warehouseUid = chosen(filters.warehouseUid)
  body.status = chosen(filters.status)
  if (filters.signature.trim()) body.signature = filters.signature.trim()
  if (filters.cost) Object.assign(body, listCostFilter(true, filters.cost, metadata?.cost ?? UNBOUNDED))
  if (filters.duration)
    Object.assign(body, listDurationFilter(true, filters.duration, metadata?.duration ?? UNBOUNDED))
  return withQueryIdOverride(dropUndefined(body), input.queryId?.trim())
}

function dropUndefined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T
}

// ---------------------------------------------------------------- BigQuery job list

/** B244: the BigQuery job list types; 'all' is the first and the default. */
export const BIGQUERY_JOB_LIST_TYPES = ['all', 'running', 'inefficient'] as const
export type BigQueryJobListType = (typeof BIGQUERY_JOB_LIST_TYPES)[number]

/** B244: the list type of an address: all when absent or unknown. */
export function bigQueryJobListType(value: string | null | undefined): BigQueryJobListType {
  return BIGQUERY_JOB_LIST_TYPES.find((t) => t === value) ?? 'all'
}

/** The BigQuery job list's filters (03 §2). A null range is a slider the user has not touched. */
export interface BigQueryJobFilters {
  jobId: string
  projectId: readonly string[]
  jobType: readonly string[]
  userName: readonly string[]
  status: readonly string[]
  tags: Readonly<Record<string, readonly string[]>>
  insights: readonly string[]
  pricing: readonly string[]
  signature: string
  duration: Range | null
  slotMs: Range | null
  billedBytes: Range | null
}

/** What the filters take from the job-list metadata (E164): the option keys and the ranges. */
export interface BigQueryJobFilterOptions {
  insights: readonly string[]
  pricing: readonly string[]
  duration: Range
  slotMs: Range
  billedBytes: Range
}

/**
 * B244: the filters the list opens with, and returns to whenever its type or date range changes
 * (the old options came from another range's metadata): all cleared, except insights and pricing,
 * which start with every option selected.
 */
export function bigQueryJobFilterDefaults(
  metadata?: Pick<BigQueryJobFilterOptions, 'insights' | 'pricing'> | null,
): BigQueryJobFilters {
  return {
    jobId: '',
    projectId: [],
    jobType: [],
    userName: [],
    status: [],
    tags: {},
    insights: [...(metadata?.insights ?? [])],
    pricing: [...(metadata?.pricing ?? [])],
    signature: '',
    duration: null,
    slotMs: null,
    billedBytes: null,
  }
}

/** E163: the BigQuery job list's filters body. */
export interface BigQueryJobListBody {
  filterType: BigQueryJobListType
  id?: string
  projectId?: string[]
  type?: string[]
  tags?: { key: string; value: string }[]
  startTime?: string
  endTime?: string
  insights?: string[]
  pricing?: string[]
  userName?: string[]
  status?: string[]
  signature?: string
  minDuration?: number
  maxDuration?: number
  minSlotMs?: number
  maxSlotMs?: number
  minBilledBytes?: number
  maxBilledBytes?: number
}

const touchedRange = (value: Range | null, metadata: Range | undefined): Range | null =>
  value ? rangeFilterOrNone(value, metadata ? nonNegativeRange(metadata) : UNBOUNDED) : null

/**
 * B244, B068, B127: the BigQuery job list request.
 * - running lists ignore the date, user, status and range filters (a running job has no end yet);
 * - insights only on the inefficient list;
 * - insights and pricing with every option selected filter nothing and are left out;
 * - ranges only once touched and narrower than the metadata range (B068);
 * - tags as {key, value} pairs, only for keys with checked values (B127);
 * - times as ISO strings, as the Snowflake list sends them (B240), since 03 does not say.
 */
export function bigQueryJobListBody(input: {
  listType: BigQueryJobListType
  range: DateRange
  filters: BigQueryJobFilters
  metadata?: BigQueryJobFilterOptions | null
}): BigQueryJobListBody {
  const { listType, range, filters, metadata } = input
  const running = listType === 'running'
  const body: BigQueryJobListBody = { filterType: listType }
  if (filters.jobId.trim()) body.id = filters.jobId.trim()
  body.projectId = chosen(filters.projectId)
  body.type = chosen(filters.jobType)
  const tags = tagFilterParams(filters.tags)?.appTags
  if (tags)
    body.tags = Object.entries(tags).flatMap(([key, values]) => values.map((value) => ({ key, value })))
  if (listType === 'inefficient') body.insights = chosen(filters.insights, metadata?.insights)
  body.pricing = chosen(filters.pricing, metadata?.pricing)
  if (filters.signature.trim()) body.signature = filters.signature.trim()
  if (!running) {
    body.startTime = iso(range.start)
    body.endTime = iso(range.end)
    body.userName = chosen(filters.userName)
    body.status = chosen(filters.status)
    const duration = touchedRange(filters.duration, metadata?.duration)
    if (duration) [body.minDuration, body.maxDuration] = duration
    const slotMs = touchedRange(filters.slotMs, metadata?.slotMs)
    if (slotMs) [body.minSlotMs, body.maxSlotMs] = slotMs
    const bytes = touchedRange(filters.billedBytes, metadata?.billedBytes)
    if (bytes) [body.minBilledBytes, body.maxBilledBytes] = bytes
  }
  return dropUndefined(body)
}
