import type {
  AppEventsQuery,
  AppEventsResponse,
  AppSortField,
  AppsSearchQuery,
  AppsSearchResponse,
  DocumentedInefficientAppsQuery,
  DocumentedInefficientAppsResponse,
  GlobalSearchQuery,
  GlobalSearchResponse,
  InefficientAppsNewuxQuery,
  InefficientAppsNewuxResponse,
  InefficientAppsQuery,
  KeyCount,
  NoOfEventsResponse,
  StatsTagsQuery,
  StatsTagsResponse,
  UnifiedSearchBody,
  UsersQueuesQuery,
  UsersQueuesResponse,
} from '@costlens/shared'
import {
  ALL_CLUSTERS,
  APP_TYPE_BY_CODE,
  INEFFICIENT_EVENT_TYPES,
  appTypeCodes,
  type AppType,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import {
  appsOfRowids,
  appsPage,
  appsTimeShift,
  checkPaging,
  clusterUidsOf,
  countApps,
  distinctAppValues,
  eventCounts,
  instant,
  queryWindow,
  searchOrder,
  searchWhere,
  sortParam,
  type Where,
} from './applications.ts'
import { clusterCodesIn, rollupNames } from './app-rollup-names.ts'
import { cachedStatement } from '../statement-cache.ts'
import { byName } from '../seed/name-codes.ts'
import { scopedClusters, type ClusterScope } from './scope.ts'
import { matchApps, searchIndexOf } from './app-search-index.ts'
import { matchedPage } from './global-search.ts'
import { distinctUsersAndQueues, jobCountIndex, startedByUserAndQueue } from './job-count-index.ts'

const DAY = 86_400_000
const INEFFICIENT = [...INEFFICIENT_EVENT_TYPES]

/** The default windows of the routes below, which the plan limits read too. */
export const INEFFICIENT_SPAN = 7 * DAY
export const APP_EVENTS_SPAN = 7 * DAY
export const STATS_TAGS_SPAN = 30 * DAY

/** A start_time/end_time window of a query string (epoch ms or ISO), `span` before the end by default. */
export function startEndWindow(q: { start_time?: string; end_time?: string }, span: number, now: number) {
  return queryWindow(q.start_time, q.end_time, { start: 'start_time', end: 'end_time' }, span, now)
}

/** A comma list of a query string, trimmed, without empty items; undefined when nothing is left. */
export function listParam(text: string | undefined): string[] | undefined {
  const items = text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return items?.length ? items : undefined
}

/** An entity type code (REAL-API-NOTES §7) as its kind; 400 for a code that is none. */
function kindOfCode(code: string, field: string): string {
  const kind = /^\d{1,4}$/.test(code) ? APP_TYPE_BY_CODE[Number(code)] : undefined
  if (!kind)
    throw new HttpError(
      400,
      `querystring/${field}: "${code}" is not an entity type; use one of ${Object.keys(APP_TYPE_BY_CODE).join(', ')}`,
    )
  return kind
}

/** entityType as a stringified list "[1, 0, 2]" or a comma list "1,0,2", as the kinds it means. */
function kindsOfEntityTypes(text: string | undefined): string[] | undefined {
  const codes = listParam(text?.trim().replace(/^\[/, '').replace(/\]$/, ''))
  return codes ? [...new Set(codes.map((c) => kindOfCode(c, 'entityType')))] : undefined
}

const apply = (where: Where, clause: string, params: Record<string, unknown>) => {
  where.clauses.push(clause)
  Object.assign(where.params, params)
}

/**
 * E010: the global search: apps whose id, name, user or queue holds the search string (as LIKE:
 * case-insensitive for ASCII, wildcards taken literally), sorted (default startTime descending,
 * B180), one page and the exact total. Matched in the search index (app-search-index.ts), the page
 * read from SQL (global-search.ts).
 */
export function globalSearch(
  db: Db,
  q: GlobalSearchQuery,
  now: number,
  scope: ClusterScope,
): GlobalSearchResponse {
  const page = { from: q.from ?? 0, size: q.size ?? 10 }
  checkPaging(page.from, page.size)
  const shift = appsTimeShift(db)
  const sort = sortParam(q.sort, '-startTime')
  const names = rollupNames(db)
  const order = searchOrder(sort, names, 'querystring')
  const clusters = [...scope.clusterUids]
  const where = searchWhere({ clusters }, now, shift, names)
  const index = searchIndexOf(db)
  const match = matchApps(
    index,
    q.searchString?.trim() ?? '',
    clusters.filter((c) => c !== ALL_CLUSTERS),
    now - shift,
  )
  const field = Object.keys(sort?.[0] ?? {})[0] as AppSortField
  const rowids = matchedPage(db, index, match, where, { field, order }, page)
  return { results: appsOfRowids(db, rowids, now, shift), total: match.count }
}

/** E023: the group-by dimensions as their code columns (the indexes hold those); only these reach the SQL. */
const GROUP_COLUMNS = { user: 'a.user_code', queue: 'a.queue_code', kind: 'a.kind_code' } as const

/** E023's window as asked: either end may be open (from the first app, up to now). */
export function appsSearchBounds(q: AppsSearchQuery): { start?: number; end?: number } {
  const endName = q.lte !== undefined ? 'lte' : 'end_time'
  const start = instant(q.gte, 'gte', 'querystring')
  const end = instant(q.lte ?? q.end_time, endName, 'querystring')
  if (start !== undefined && end !== undefined && start > end)
    throw new HttpError(400, `querystring/gte must not be after querystring/${endName}`)
  return { start, end }
}

/**
 * E023: apps of a start-time window (gte/lte, or end_time), cluster, kinds and one group value,
 * one page sorted `field`/`-field` (default -startTime), with each app's summary row.
 */
export function appsSearch(db: Db, q: AppsSearchQuery, now: number, scope: ClusterScope): AppsSearchResponse {
  const page = { from: q.from ?? 0, size: q.size ?? 10 }
  checkPaging(page.from, page.size)
  const { start, end } = appsSearchBounds(q)
  const shift = appsTimeShift(db)
  const names = rollupNames(db)
  const order = searchOrder(sortParam(q.sort, '-startTime'), names, 'querystring')
  const body: UnifiedSearchBody = {
    start_time: start,
    end_time: end,
    appTypes: listParam(q.appTypes),
    clusters: [...scopedClusters(scope, clusterUidsOf(db, q.clusterName))],
  }
  const where = searchWhere(body, now, shift, names)
  if (q.groupBy !== undefined)
    apply(where, `${GROUP_COLUMNS[q.groupBy]} = @groupValue`, {
      groupValue: names.code(q.groupBy, String(q.groupValue ?? '')),
    })
  const apps = appsPage(db, where, order, page, now, shift)
  return {
    apps,
    summary: apps.map((a) => ({
      unique_key: a.id,
      clusterType: a.clusterType,
      dbus: a.dbus,
      cost: a.cents / 100,
      duration: a.duration,
    })),
    total: countApps(db, where),
  }
}

/**
 * E024, B182: the inefficient apps of a window (default the last 7 days) per event name of type 2
 * or 6: how many apps of the kind and cluster carry each.
 */
export function inefficientApps(
  db: Db,
  q: InefficientAppsQuery,
  now: number,
  scope: ClusterScope,
): KeyCount[] {
  const window = startEndWindow(q, INEFFICIENT_SPAN, now)
  const entity = q.entity?.trim()
  const kind = entity ? (/^\d+$/.test(entity) ? kindOfCode(entity, 'entity') : entity) : undefined
  const where = searchWhere(
    {
      start_time: window.start,
      end_time: window.end,
      appTypes: kind ? [kind] : undefined,
      clusters: [
        ...scopedClusters(
          scope,
          q.wildcardCluster === ALL_CLUSTERS ? undefined : clusterUidsOf(db, q.clusterName),
        ),
      ],
      eventTypes: INEFFICIENT,
    },
    now,
    appsTimeShift(db),
    rollupNames(db),
  )
  return eventCounts(db, where, INEFFICIENT).map((e) => ({ key: e.name, doc_count: e.count }))
}

/** The kinds the documented inefficient-apps count answers for when no entity_type is asked. */
const DOCUMENTED_ENTITY_KINDS = ['mr', 'hive', 'spark', 'tez', 'impala'] as const

/**
 * The real product's documented GET /apps/events/inefficient_apps/ (REAL-API-NOTES §7): E024's
 * counts, one row per entity type and event name ({entity_type, event_name, count}), by count.
 */
export function documentedInefficientApps(
  db: Db,
  q: DocumentedInefficientAppsQuery,
  now: number,
  scope: ClusterScope,
): DocumentedInefficientAppsResponse {
  const kinds =
    q.entity_type === undefined ? DOCUMENTED_ENTITY_KINDS : [kindOfCode(String(q.entity_type), 'entity_type')]
  return kinds
    .flatMap((kind) =>
      inefficientApps(db, { start_time: q.start_time, end_time: q.end_time, entity: kind }, now, scope).map(
        (e) => ({ entity_type: appTypeCodes(kind as AppType)[0]!, event_name: e.key, count: e.doc_count }),
      ),
    )
    .sort((a, b) => b.count - a.count || a.event_name.localeCompare(b.event_name))
}

/** E025's window: start_time/end_time or gte/lte, default the last 7 days. */
export function inefficientNewuxWindow(q: InefficientAppsNewuxQuery, now: number) {
  const names = {
    start: q.start_time !== undefined || q.gte === undefined ? 'start_time' : 'gte',
    end: q.end_time !== undefined || q.lte === undefined ? 'end_time' : 'lte',
  }
  return queryWindow(q.start_time ?? q.gte, q.end_time ?? q.lte, names, INEFFICIENT_SPAN, now)
}

/**
 * E025, B182: one page of inefficient apps (events of type 2 or 6) with the total and the counts
 * per kind and per inefficient event name over every matching app.
 */
export function inefficientAppsNewux(
  db: Db,
  q: InefficientAppsNewuxQuery,
  now: number,
  scope: ClusterScope,
): InefficientAppsNewuxResponse {
  const page = { from: q.from ?? 0, size: q.size ?? 50 }
  checkPaging(page.from, page.size)
  const window = inefficientNewuxWindow(q, now)
  const shift = appsTimeShift(db)
  const names = rollupNames(db)
  const order = searchOrder(sortParam(q.sort, '-duration'), names, 'querystring')
  const where = searchWhere(
    {
      start_time: window.start,
      end_time: window.end,
      appTypes: kindsOfEntityTypes(q.entityType),
      clusters: [...scopedClusters(scope, clusterUidsOf(db, q.clusterName))],
      users: listParam(q.users),
      queues: listParam(q.queues),
      insights: listParam(q.eventName),
      eventTypes: INEFFICIENT,
    },
    now,
    shift,
    names,
  )
  const sql = `WHERE ${where.clauses.join(' AND ')}`
  // By kind code, which orders as the kind's name (app-rollup-names.ts).
  const perKind = (
    db
      .prepare(
        `SELECT a.kind_code AS code, count(*) AS n FROM applications a INDEXED BY ${where.index} ${sql}
         GROUP BY a.kind_code ORDER BY n DESC, a.kind_code`,
      )
      .all(where.params) as { code: number; n: number }[]
  ).map(({ code, n }) => ({ key: names.name('kind', code), n }))
  return {
    results: appsPage(db, where, order, page, now, shift),
    total: perKind.reduce((n, k) => n + k.n, 0),
    aggregations: {
      entity: perKind.map((k) => ({
        key: k.key,
        entityType: appTypeCodes(k.key as AppType)[0] ?? null,
        doc_count: k.n,
      })),
      eventName: eventCounts(db, where, INEFFICIENT).map((e) => ({ key: e.name, doc_count: e.count })),
    },
  }
}

/** E092: the number of events of each asked app; 0 for an app without any (or unknown). */
export function eventCountsByApp(db: Db, ids: readonly string[], scope: ClusterScope): NoOfEventsResponse {
  // An app of a cluster outside the user's scope counts as unknown: 0.
  const rows = db
    .prepare(
      `SELECT j.value AS id,
              (SELECT count(*) FROM app_event_links e JOIN applications a ON a.rowid = e.app
                WHERE a.id = j.value AND a.cluster_uid IN (SELECT value FROM json_each(@clusters))) AS n
         FROM json_each(@ids) j`,
    )
    .all({ ids: JSON.stringify(ids), clusters: JSON.stringify(scope.clusterUids) }) as {
    id: string
    n: number
  }[]
  return Object.fromEntries(rows.map((r) => [r.id, r.n]))
}

/** E039: each event name with the number of apps of the window (default 7 days) that carry it. */
export function appEventsList(
  db: Db,
  q: AppEventsQuery,
  now: number,
  scope: ClusterScope,
): AppEventsResponse {
  const window = startEndWindow(q, APP_EVENTS_SPAN, now)
  const clusters = [...scopedClusters(scope, listParam(q.clusters))]
  const where = searchWhere(
    { start_time: window.start, end_time: window.end, clusters },
    now,
    appsTimeShift(db),
    rollupNames(db),
  )
  return eventCounts(db, where).map((e) => ({ name: e.name, count: e.count, checked: true as const }))
}

/**
 * E036: the user and queue filter values of the window (default the last 30 days) with their app
 * counts, most apps first, and the application tags seen on them (RealUser never; none for the
 * free plan, 02 §6). The counts come from the in-process job-count index (job-count-index.ts
 * startedByUserAndQueue); statsCountsSql is the SQL reference the tests compare with.
 */
export function statsTags(
  db: Db,
  q: StatsTagsQuery,
  now: number,
  withTags: boolean,
  scope: ClusterScope,
): StatsTagsResponse {
  const window = startEndWindow(q, STATS_TAGS_SPAN, now)
  const shift = appsTimeShift(db)
  const counts = startedByUserAndQueue(
    jobCountIndex(db),
    scope.clusterUids,
    window.start - shift,
    window.end - shift,
  )
  const tags = withTags ? tagsSeenIn(db, window.start - shift, window.end - shift, scope) : []
  return { stats: { ...counts, tags } }
}

/** E036's counts in SQL over the start-time index: the reference statsTags must equal. */
export function statsCountsSql(
  db: Db,
  q: StatsTagsQuery,
  now: number,
  scope: ClusterScope,
): { user: KeyCount[]; queue: KeyCount[] } {
  const window = startEndWindow(q, STATS_TAGS_SPAN, now)
  const names = rollupNames(db)
  const where = searchWhere(
    { start_time: window.start, end_time: window.end, clusters: [...scope.clusterUids] },
    now,
    appsTimeShift(db),
    names,
  )
  const sql = `WHERE ${where.clauses.join(' AND ')}`
  // Counted by code (the index holds those), named and ordered here: most apps first, then by name.
  const countsBy = (field: 'user' | 'queue') =>
    (
      db
        .prepare(
          `SELECT a.${field}_code AS code, count(*) AS n FROM applications a INDEXED BY ${where.index} ${sql}
           GROUP BY a.${field}_code`,
        )
        .all(where.params) as { code: number; n: number }[]
    )
      .map(({ code, n }) => ({ key: names.name(field, code), doc_count: n }))
      .sort((a, b) => b.doc_count - a.doc_count || byName(a.key, b.key))
  return { user: countsBy('user'), queue: countsBy('queue') }
}

/** Up to this many apps in a window, its tags are read from its apps (TAGS_BY_APPS), else value by value. */
const FEW_APPS_FOR_TAGS = 5_000

/**
 * The application tags (RealUser never) of the apps that started in [start, end] (seeded time),
 * each key with its values, read the cheaper of two ways by how many apps the window holds in the
 * scope (counted up to FEW_APPS_FOR_TAGS + 1): a window of few apps reads each app's tags (a seek per app);
 * a window of many asks value by value whether an app of the window carries it, which stops at the
 * first such app (a few seeks per value when the values are common). Asked value by value, a window
 * of few apps read every app carrying a value before finding none (560 ms a call for the Kubernetes
 * scope, whose 250 Spark runs carry 2 of the 11 values; issue 23).
 */
export function tagsSeenIn(
  db: Db,
  start: number,
  end: number,
  scope: ClusterScope,
  /** Tests set it to try either way. */
  fewApps = FEW_APPS_FOR_TAGS,
): { key: string; values: string[] }[] {
  const params = { start, end, clusters: JSON.stringify(scope.clusterUids) }
  const few =
    (cachedStatement(db, FEW_APPS)
      .pluck()
      .get({ ...params, over: fewApps + 1 }) as number) <= fewApps
  const pairs = (
    few ? cachedStatement(db, TAGS_BY_APPS).all(params) : cachedStatement(db, TAGS_BY_VALUE).all(params)
  ) as { key: string; value: string }[]
  const tags = new Map<string, string[]>()
  for (const p of pairs) tags.set(p.key, [...(tags.get(p.key) ?? []), p.value])
  return [...tags].map(([key, values]) => ({ key, values }))
}

const IN_WINDOW = `a.cluster_code IN ${clusterCodesIn('SELECT value FROM json_each(@clusters)')}
     AND a.start_time >= @start AND a.start_time <= @end`

/** The window's apps in the scope, counted no further than @over. */
const FEW_APPS = `SELECT count(*) FROM (SELECT 1 FROM applications a INDEXED BY applications_chargeback
   WHERE ${IN_WINDOW} LIMIT @over)`

const TAGS_BY_VALUE = `SELECT k.key AS key, k.value AS value
    FROM app_tag_names k
   WHERE k.key <> 'RealUser'
     AND EXISTS (SELECT 1 FROM app_tag_links t JOIN applications a ON a.rowid = t.app
                  WHERE t.tag = k.code
                    AND a.start_time >= @start AND a.start_time <= @end
                    AND a.cluster_uid IN (SELECT value FROM json_each(@clusters)))
   ORDER BY k.key, k.value`

const TAGS_BY_APPS = `SELECT DISTINCT k.key AS key, k.value AS value
    FROM applications a INDEXED BY applications_chargeback
    JOIN app_tag_links t ON t.app = a.rowid
    JOIN app_tag_names k ON k.code = t.tag
   WHERE ${IN_WINDOW}
     AND k.key <> 'RealUser'
   ORDER BY k.key, k.value`

/**
 * E037: every user and queue that ran an application (on one cluster when asked), sorted; read from
 * the in-process job-count index (job-count-index.ts). The SQL (usersAndQueuesSql) stays as the
 * reference the tests compare with.
 */
export function usersAndQueues(db: Db, q: UsersQueuesQuery, scope: ClusterScope): UsersQueuesResponse {
  const clusters = scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined)
  return distinctUsersAndQueues(jobCountIndex(db), clusters)
}

/** E037 in SQL: a skip-scan of the user and queue indexes. */
export function usersAndQueuesSql(db: Db, q: UsersQueuesQuery, scope: ClusterScope): UsersQueuesResponse {
  const clusters = scopedClusters(scope, q.clusterUid ? [q.clusterUid] : undefined)
  return {
    users: distinctAppValues(db, 'user', clusters),
    queues: distinctAppValues(db, 'queue', clusters),
  }
}
