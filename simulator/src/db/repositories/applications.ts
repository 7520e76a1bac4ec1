import type { AppFigure, AppRecord, AppSortField, UnifiedSearchBody } from '@costlens/shared'
import {
  ALL_CLUSTERS,
  DATE_PARAM_EXPECTED,
  INEFFICIENT_EVENT_TYPES,
  MAX_RECORDS,
  parseDateParam,
  type DateParamKind,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { EVENT_COUNT_OF_MASK, EVENT_SUMS, INEFFICIENT_BITS } from '../seed/app-rollups.ts'
import { APP_EVENT_TYPES, eventMask, eventTypeMask, type AppRow as StoredApp } from '../seed/applications.ts'
import { byName } from '../seed/name-codes.ts'
import { diagnosticsOf, signatureClause, signatureOf } from './app-row-as-shown.ts'
import { tasksAsShown } from '../seed/app-tasks.ts'
import { clausesOn, figureSql } from './app-figures.ts'
import { rollupNames, type RollupNames } from './app-rollup-names.ts'

/**
 * How far the application times have moved since seeding: the stored times stay as seeded (a
 * million rows are not rewritten at each start) and this shift is applied where they are read.
 */
export function appsTimeShift(db: Db): number {
  const read = (key: string) =>
    cachedStatement(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined
  const anchor = Number(read('anchor') ?? 0)
  const appsAnchor = Number(read('apps_anchor') ?? anchor)
  return anchor - appsAnchor
}

/** A read clock of stored series: the shift to add to stored times, and now in stored time. */
export interface StoredClock {
  shift: number
  storedNow: number
}

/**
 * The read clock of series stored on a grid of `unitMs` (HBase's 5-minute buckets, Kafka's hours):
 * the applications' shift rounded to whole units, so stored points stay on their grid when shown.
 */
export function gridClock(db: Db, now: number, unitMs: number): StoredClock {
  const shift = Math.round(appsTimeShift(db) / unitMs) * unitMs
  return { shift, storedNow: now - shift }
}

/**
 * API sort fields to columns: only these can reach ORDER BY. Kind, user and queue are their codes
 * (the indexes hold those, not the texts), which order as their names do (app-rollup-names.ts)
 * unless a move gave a queue its code out of order: searchOrder then sorts by the text.
 */
export const SORT_COLUMNS: Record<AppSortField, string> = {
  startTime: 'a.start_time',
  finishedTime: 'a.finished_time',
  duration: 'a.duration',
  cents: 'a.cents',
  cost: 'a.cents',
  user: 'a.user_code',
  queue: 'a.queue_code',
  name: 'a.name',
  kind: 'a.kind_code',
  status: 'a.status',
  numEvents: 'a.num_events',
  totalDfsBytesRead: 'a.dfs_read',
  totalDfsBytesWritten: 'a.dfs_written',
}

/**
 * The column that orders apps by kind, user or queue: its code column while the codes order as the
 * names (app-rollup-names.ts), else the text, read from the rows (a move gave a queue a code out of
 * order). Undefined for any other field. Every list of apps sorted by one of these orders through here.
 */
export function namedSortColumn(codes: RollupNames, field: string): string | undefined {
  if (field !== 'kind' && field !== 'user' && field !== 'queue') return undefined
  return codes.inNameOrder(field) ? `a.${field}_code` : `a.${field}`
}

export interface Where {
  clauses: string[]
  params: Record<string, unknown>
  /** The covering index the totals must read (see schema.sql). */
  index: AppIndex
  /** The time window in seeded time (end inclusive), unless only running apps are asked. */
  window?: { start?: number; end: number }
}

/** The application indexes a query may name in INDEXED BY (schema.sql). */
export type AppIndex =
  | 'applications_start'
  | 'applications_inefficient_start'
  | 'applications_finished'
  | 'applications_running'
  | 'applications_user'
  | 'applications_queue'
  | 'applications_duration'
  | 'applications_cents'
  | `applications_inefficient_${'duration' | 'cents'}`

/**
 * A date parameter as epoch ms (shared parseDateParam, the one reading of every kind); `location`
 * names where it came from in the 400 (body, querystring). Its bounds were checked before the
 * handler ran (plugins/date-params.ts); a malformed value here is a 400 all the same.
 */
export function instant(
  value: number | string | undefined,
  field: string,
  location = 'body',
  kind: DateParamKind = 'epoch-ms-or-iso',
): number | undefined {
  if (value === undefined) return undefined
  const ms = parseDateParam(value, kind)
  if (Number.isNaN(ms))
    throw new HttpError(400, `${location}/${field} must be ${DATE_PARAM_EXPECTED[kind]}, got "${value}"`)
  return ms
}

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally (use ESCAPE '\\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** B097: no page past the 10,000th record. */
export function checkPaging(from: number, size: number): void {
  if (from + size > MAX_RECORDS)
    throw new HttpError(
      400,
      `Results are limited to ${MAX_RECORDS} records: from + size must be at most ${MAX_RECORDS}`,
    )
}

/**
 * A time window of a query string in epoch ms: each end parsed (400 naming the parameter), the end
 * defaulting to now and the start to `defaultSpan` before the end, the start never after the end.
 */
export function queryWindow(
  start: string | undefined,
  end: string | undefined,
  names: { start: string; end: string },
  defaultSpan: number,
  now: number,
): { start: number; end: number } {
  const to = instant(end, names.end, 'querystring') ?? now
  const from = instant(start, names.start, 'querystring') ?? to - defaultSpan
  if (from > to)
    throw new HttpError(400, `querystring/${names.start} must not be after querystring/${names.end}`)
  return { start: from, end: to }
}

/** `IN (@p0, @p1, …)` with its parameters, so values never enter the SQL text. */
export function inList(where: Where, column: string, prefix: string, values: readonly (string | number)[]) {
  const names = values.map((v, i) => {
    where.params[`${prefix}${i}`] = v
    return `@${prefix}${i}`
  })
  where.clauses.push(`${column} IN (${names.join(', ')})`)
}

/**
 * The filters an app and an app_rollups row answer alike (both read as `a`): status, kind, cluster,
 * cluster type (as the clusters of that platform, which the indexes and rollups hold) and the
 * unravel flag. An app_rollups row holds its kind and cluster as codes: `rollupNames` given, the
 * filters name those (app-rollup-names.ts).
 */
export function addDimensionFilters(
  where: Where,
  body: UnifiedSearchBody,
  rollupNames?: RollupNames,
  codedTable: 'app_rollups' | 'applications' = 'app_rollups',
): void {
  if (body.appStatus?.length) inList(where, 'a.status', 'st', body.appStatus)
  const coded = (field: 'kind' | 'cluster', names: readonly string[]) =>
    rollupNames ? names.map((n) => rollupNames.code(field, n)) : names
  // The applications' code columns (schema.sql kind_code, cluster_code) hold the same codes.
  const [kind, cluster] = !rollupNames
    ? ['a.kind', 'a.cluster_uid']
    : codedTable === 'app_rollups'
      ? ['a.kind', 'a.cluster']
      : ['a.kind_code', 'a.cluster_code']
  if (body.appTypes?.length) inList(where, kind, 'kd', coded('kind', body.appTypes))
  const clusters = (body.clusters ?? []).filter((c) => c !== '*')
  if (clusters.length && body.wildcardCluster !== '*')
    inList(where, cluster, 'cl', coded('cluster', clusters))
  if (body.clusterTypes?.length) {
    const platforms: Where = { clauses: [], params: where.params, index: where.index }
    inList(platforms, 'platform', 'ct', body.clusterTypes)
    where.clauses.push(
      rollupNames
        ? `${cluster} IN (SELECT n.code FROM app_rollup_names n JOIN clusters c ON c.unravel_id = n.name
                          WHERE n.field = 'cluster' AND c.${platforms.clauses[0]})`
        : `a.cluster_uid IN (SELECT unravel_id FROM clusters WHERE ${platforms.clauses[0]})`,
    )
  }
  if (body.executed_by_unravel !== undefined) {
    where.clauses.push('a.executed_by_unravel = @unravel')
    where.params.unravel = body.executed_by_unravel ? 1 : 0
  }
}

/**
 * Apps carrying, for each tag key, one of its values: the app's own pairs (schema.sql app_tag_links,
 * keyed by the app's rowid) among the codes of those pairs.
 */
export function addTagFilters(where: Where, tags: Iterable<readonly [string, readonly string[]]>): void {
  let t = 0
  for (const [key, values] of tags) {
    where.params[`tk${t}`] = key
    const valueList: Where = { clauses: [], params: where.params, index: where.index }
    inList(valueList, 'n.value', `tv${t}_`, values)
    where.clauses.push(
      `EXISTS (SELECT 1 FROM app_tag_links g WHERE g.app = a.rowid
                  AND g.tag IN (SELECT n.code FROM app_tag_names n WHERE n.key = @tk${t} AND ${valueList.clauses[0]}))`,
    )
    t++
  }
}

export { INEFFICIENT_ONLY } from './app-figures.ts'

/**
 * Whether a search's event filters match inefficient apps only (B182: an app is inefficient when it
 * carries an event of type 2 or 6): event types among those, or only inefficient event names.
 */
export function onlyInefficientApps(body: UnifiedSearchBody): boolean {
  const inefficientTypes: readonly number[] = INEFFICIENT_EVENT_TYPES
  if (body.eventTypes?.length && body.eventTypes.every((t) => inefficientTypes.includes(t))) return true
  const names = body.insights?.length ? eventMask(body.insights) : 0
  return names !== 0 && (names & ~INEFFICIENT_BITS) === 0
}

/**
 * The WHERE clause of a unified search, from the figure its list shows (shared app-figures): the
 * running list (status R only) counts the apps running now, not limited to the window (a running app
 * started before it is still running in it, B173); otherwise the window applies to the start time,
 * or to the finish time with queryOnFinishedTime.
 */
export function searchWhere(
  body: UnifiedSearchBody,
  now: number,
  shift = 0,
  /**
   * The names' codes: kind, cluster, user and queue filter the code columns, which every index of
   * the window holds instead of the texts (schema.sql).
   */
  codes: RollupNames,
): Where {
  const start = instant(body.start_time, 'start_time')
  const end = instant(body.end_time, 'end_time')
  if (start !== undefined && end !== undefined && start > end)
    throw new HttpError(400, 'body/start_time must not be after body/end_time')
  const runningOnly = body.appStatus?.length === 1 && body.appStatus[0] === 'R'
  // The list's figure (shared app-figures): running now, finished in range, inefficient or started
  // in range. The window is asked in today's time; the rows keep their seeding time (appsTimeShift).
  const figure: AppFigure = runningOnly
    ? 'runningNow'
    : body.queryOnFinishedTime
      ? 'finishedInRange'
      : onlyInefficientApps(body)
        ? 'inefficientInRange'
        : 'startedInRange'
  const asked = { start, end: end ?? now }
  // The finished list's statuses come in the body (the client sends the figure's own, S F K).
  const sql = figureSql(figure, runningOnly ? { end: now } : asked, now, shift, { statuses: false })
  const where: Where = { clauses: sql.clauses, params: sql.params, index: sql.index }
  // The running list reads the partial index of running apps (its rows in start order, for the
  // page); the literal status = 'R' proves its condition.
  if (runningOnly) where.index = 'applications_running'
  if (!runningOnly)
    where.window = { end: asked.end - shift, ...(start === undefined ? {} : { start: start - shift }) }
  addDimensionFilters(where, runningOnly ? { ...body, appStatus: undefined } : body, codes, 'applications')
  for (const [field, values, prefix] of [
    ['user', body.users, 'us'],
    ['queue', body.queues, 'qu'],
  ] as const) {
    if (!values?.length) continue
    inList(
      where,
      `a.${field}_code`,
      prefix,
      values.map((v) => codes.code(field, v)),
    )
  }
  if (body.jobIds?.length) inList(where, 'a.id', 'ji', body.jobIds)
  if (body.signature) {
    where.clauses.push(signatureClause(body.signature, codes))
    where.params.signature = body.signature
  }
  if (body.globalsearchpattern) {
    where.clauses.push("(a.id LIKE @pattern ESCAPE '\\' OR a.name LIKE @pattern ESCAPE '\\')")
    where.params.pattern = likePattern(body.globalsearchpattern)
  }
  const range = (column: string, name: string, r: { min?: number; max?: number } | undefined, scale = 1) => {
    if (r?.min !== undefined && r.max !== undefined && r.min > r.max)
      throw new HttpError(400, `body/${name}/min must not be above body/${name}/max`)
    if (r?.min !== undefined) {
      where.clauses.push(`${column} >= @${name}Min`)
      where.params[`${name}Min`] = Math.floor(r.min * scale)
    }
    if (r?.max !== undefined) {
      where.clauses.push(`${column} <= @${name}Max`)
      where.params[`${name}Max`] = Math.ceil(r.max * scale)
    }
  }
  range('a.duration', 'durations', body.durations)
  range(EVENT_COUNT_OF_MASK, 'numEvents', body.numEvents)
  // The filter is in dollars (the slider's unit); the column is cents (B183).
  range('a.cents', 'cost', body.cost, 100)
  // Events are bits of event_mask, so these filters stay inside the window index.
  if (body.eventTypes?.length) {
    where.clauses.push('(a.event_mask & @typeMask) != 0')
    where.params.typeMask = eventTypeMask(body.eventTypes)
  }
  if (body.insights?.length) {
    where.clauses.push('(a.event_mask & @insightMask) != 0')
    where.params.insightMask = eventMask(body.insights)
  }
  addTagFilters(
    where,
    Object.entries(body.appTags ?? {}).filter(([, values]) => values.length > 0),
  )
  return where
}

/** The ORDER BY of a search: one known field and its order, id last so pages never overlap. */
export function searchOrder(sort: UnifiedSearchBody['sort'], codes: RollupNames, location = 'body'): string {
  const entry = sort?.[0]
  const [field, spec] = entry
    ? (Object.entries(entry)[0] ?? ['startTime', { order: 'desc' }])
    : ['startTime', { order: 'desc' }]
  const coded = SORT_COLUMNS[field as AppSortField]
  if (!coded)
    throw new HttpError(
      400,
      `${location}/sort: "${field}" is not a sort field; use one of ${Object.keys(SORT_COLUMNS).join(', ')}`,
    )
  const direction = spec.order === 'asc' ? 'ASC' : 'DESC'
  const column = namedSortColumn(codes, field) ?? coded
  // Ties go by start time, then rowid (so pages never overlap): every index that leads with a sort
  // column has the start time next and the rowid last, so a page is read in index order.
  const ties = column === 'a.start_time' ? '' : `a.start_time ${direction}, `
  return `${column} ${direction}, ${ties}a.rowid ${direction}`
}

/** A query string's sort, `field` or `-field` (descending, B100), as a unified search sort. */
export function sortParam(sort: string | undefined, fallback: string): UnifiedSearchBody['sort'] {
  const text = sort?.trim() || fallback
  const desc = text.startsWith('-')
  return [{ [desc ? text.slice(1) : text]: { order: desc ? 'desc' : 'asc' } }]
}

/**
 * The cluster ids a clusterName parameter means: a cluster's id, name or display name. '*' (or
 * nothing) is every cluster: undefined. An unknown name keeps itself, so it matches no app.
 */
export function clusterUidsOf(db: Db, name: string | undefined): string[] | undefined {
  if (!name || name === ALL_CLUSTERS) return undefined
  const uids = cachedStatement(
    db,
    'SELECT unravel_id FROM clusters WHERE unravel_id = @name OR cluster_name = @name OR display_name = @name',
  )
    .pluck()
    .all({ name }) as string[]
  return uids.length ? uids : [name]
}

/**
 * The codes of every user or every queue that ran an app (on some clusters), by hopping from one
 * code to the next in its index (one seek per value, a few dozen in all) instead of reading a
 * million entries.
 */
export function distinctAppCodes(db: Db, field: 'user' | 'queue', clusters?: readonly string[]): number[] {
  const index = field === 'user' ? 'applications_user' : 'applications_queue'
  const column = `${field}_code`
  const names = rollupNames(db)
  const onClusters =
    clusters === undefined ? '' : 'AND cluster_code IN (SELECT value FROM json_each(@clusters))'
  return cachedStatement(
    db,
    `WITH RECURSIVE v(value) AS (
         SELECT (SELECT min(${column}) FROM applications INDEXED BY ${index} WHERE 1 ${onClusters})
         UNION ALL
         SELECT (SELECT min(${column}) FROM applications INDEXED BY ${index} WHERE ${column} > v.value ${onClusters})
           FROM v WHERE v.value IS NOT NULL)
       SELECT value FROM v WHERE value IS NOT NULL`,
  )
    .pluck()
    .all(
      clusters === undefined
        ? {}
        : { clusters: JSON.stringify(clusters.map((c) => names.code('cluster', c))) },
    ) as number[]
}

/** The names of every user or every queue that ran an app (on some clusters), sorted. */
export function distinctAppValues(db: Db, field: 'user' | 'queue', clusters?: readonly string[]): string[] {
  const names = rollupNames(db)
  return distinctAppCodes(db, field, clusters)
    .map((code) => names.name(field, code))
    .sort(byName)
}

/**
 * A Where as the WHERE of a query through its own index: its clauses as that index answers them
 * (clausesOn: a finish window where the index holds no finish time).
 */
export function whereSql(where: Where): string {
  const clauses = clausesOn(where.index, where.clauses)
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
}

/** The number of applications a WHERE matches, read from its covering index. */
export function countApps(db: Db, where: Where): number {
  const sql = whereSql(where)
  return cachedStatement(db, `SELECT count(*) FROM applications a INDEXED BY ${where.index} ${sql}`)
    .pluck()
    .get(where.params) as number
}

/**
 * One page of application records in two steps: its row ids in order from the window index
 * (filters and the usual sort columns are in it), then only those rows from the table.
 */
export function appsPage(
  db: Db,
  where: Where,
  order: string,
  page: { from: number; size: number },
  now: number,
  shift: number,
): AppRecord[] {
  const sql = whereSql(where)
  const rowids = cachedStatement(
    db,
    `SELECT a.rowid FROM applications a INDEXED BY ${where.index} ${sql} ORDER BY ${order} LIMIT @size OFFSET @from`,
  )
    .pluck()
    .all({ ...where.params, size: page.size, from: page.from }) as number[]
  return appsOfRowids(db, rowids, now, shift)
}

/** The application records of `rowids`, in that order (one read of those rows). */
export function appsOfRowids(db: Db, rowids: readonly number[], now: number, shift: number): AppRecord[] {
  // Read as arrays: better-sqlite3 builds an object of some forty keys per row at twice the cost.
  const statement = cachedStatement(
    db,
    `SELECT a.rowid AS rid, a.*, c.display_name FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
     WHERE a.rowid IN (SELECT value FROM json_each(@ids))`,
  ).raw()
  const columns = Object.fromEntries(statement.columns().map((c, i) => [c.name, i])) as PageColumns
  const byRowid = new Map(
    (statement.all({ ids: JSON.stringify(rowids) }) as unknown[][]).map((r) => [r[columns.rid], r]),
  )
  return rowids
    .map((id) => byRowid.get(id))
    .filter((r): r is unknown[] => r !== undefined)
    .map((r) => toRecord(r, columns, now, shift))
}

/** A stored application as read for a page: the seeded columns and its cluster's display name. */
type AppRow = Omit<StoredApp, 'status'> & { status: AppRecord['status']; display_name: string }

/** Where each column of AppRow (and the row id) is in a page's raw rows. */
type PageColumns = Record<keyof AppRow | 'rid', number>

/** The event names of a mask, in catalogue order. */
const eventNames = (mask: number) => APP_EVENT_TYPES.filter((_e, bit) => mask & (1 << bit)).map((e) => e.name)

/**
 * How many of the matched apps carry each event name (of the given event types, or all), counted
 * from the window index alone; names no app carries are left out, the most frequent first.
 */
export function eventCounts(
  db: Db,
  where: Where,
  types?: readonly number[],
): { name: string; type: number; count: number }[] {
  const sql = whereSql(where)
  const sums = cachedStatement(
    db,
    `SELECT ${EVENT_SUMS} FROM applications a INDEXED BY ${where.index} ${sql}`,
  ).get(where.params) as Record<string, number | null>
  return countedEvents(types, (bit) => sums[`e${bit}`] ?? 0)
}

export function countedEvents(types: readonly number[] | undefined, countOf: (bit: number) => number) {
  return APP_EVENT_TYPES.map((e, bit) => ({ name: e.name, type: e.type, count: countOf(bit) }))
    .filter((e) => e.count > 0 && (!types || types.includes(e.type)))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
}

/** A row as the API's application record (02 §3). */
function toRecord(values: readonly unknown[], columns: PageColumns, now: number, shift: number): AppRecord {
  const row = <K extends keyof AppRow>(key: K) => values[columns[key]] as AppRow[K]
  const finished = row('finished_time')
  // NULL is '0/0/0' (seed/app-tasks.ts), which these zeros are.
  const [sm = 0, km = 0, fm = 0] = (row('map_tasks') ?? '').split('/').map(Number)
  const [sr = 0, kr = 0, fr = 0] = (row('reduce_tasks') ?? '').split('/').map(Number)
  return {
    id: row('id'),
    kind: row('kind'),
    status: row('status'),
    user: row('user'),
    realUser: row('user'),
    name: row('name'),
    appName: row('name'),
    queue: row('queue'),
    clusterId: row('display_name'),
    clusterUid: row('cluster_uid'),
    clusterType: row('cluster_type'),
    parentId: row('parent_id'),
    startTime: row('start_time') + shift,
    finishedTime: finished === null ? null : finished + shift,
    // A running app's duration grows with the clock (B175: now minus its start).
    duration: row('status') === 'R' ? Math.max(0, now - (row('start_time') + shift)) : row('duration'),
    cents: row('cents'),
    totalDfsBytesRead: row('dfs_read'),
    totalDfsBytesWritten: row('dfs_written'),
    numEvents: row('num_events'),
    insights: eventNames(row('event_mask')),
    sm,
    km,
    fm,
    sr,
    kr,
    fr,
    numStages: row('num_stages'),
    numCompletedStages: row('num_completed_stages'),
    numSkippedStages: row('num_skipped_stages'),
    numJobs: row('num_jobs'),
    appAttempts: row('app_attempts'),
    taskCount: row('task_count'),
    setupDuration: row('setup_duration'),
    cleanupDuration: row('cleanup_duration'),
    memorySeconds: row('memory_seconds'),
    vcoreSeconds: row('vcore_seconds'),
    trackingUrl: `/app/${encodeURIComponent(row('kind'))}/${encodeURIComponent(row('id'))}`,
    sensorEnabled: row('sensor_enabled') === 1,
    largeRDD: row('large_rdd') === 1,
    inputTables: row('input_tables'),
    outputTables: row('output_tables'),
    diagnostics: diagnosticsOf(row('diagnostics'), values[columns.rid] as number, () => ({
      id: row('id'),
      kind: row('kind'),
      status: row('status'),
      cluster_uid: row('cluster_uid'),
      cluster_type: row('cluster_type'),
      user: row('user'),
      num_stages: row('num_stages'),
      num_completed_stages: row('num_completed_stages'),
      num_skipped_stages: row('num_skipped_stages'),
      app_attempts: row('app_attempts'),
      map_tasks: tasksAsShown(row('map_tasks')),
      input_tables: row('input_tables'),
      output_tables: row('output_tables'),
    })),
    signature: signatureOf(row('signature'), row('name'), row('kind'), values[columns.rid] as number),
    dbuCost: null,
    dbus: null,
    runId: null,
    jobId: null,
    runName: null,
    wsId: null,
    wsInstance: null,
  }
}
