import type {
  ChargebackGroupKey,
  ChargebackParams,
  ChargebackQuery,
  ChargebackResponse,
  ChargebackRow,
  ChargebackSearch,
  ChargebackTagsResponse,
  ChargebackType,
} from '@costlens/shared'
import { ALL_CLUSTERS, TAG_GROUP_PREFIX, type ClusterType } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { DAY, QUARTER_DAY } from '../seed/app-rollups.ts'
import { platformScope, type ChargebackSlice } from '../seed/chargeback-rollups.ts'
import { addTagFilters, appsTimeShift, inList, instant, type Where } from './applications.ts'
import { rollupNames, clusterCodesIn } from './app-rollup-names.ts'
import { listParam, tagsSeenIn } from './app-lists.ts'
import { scopedClusters, scopeOfPlatform, type ClusterScope } from './scope.ts'
import { coverWindow } from './unified-search.ts'
import { figureSql } from './app-figures.ts'
import { bigQueryChargebackUsage, bigQueryLabelsSeenIn } from './bq-usage.ts'

/** The flavours served from applications: the chargeback type each is, its clusters and kinds. */
export const CHARGEBACK_FLAVOURS = {
  cb: { type: 'Yarn', clusterKind: 'Yarn', kinds: ['mr', 'hive', 'spark', 'tez'] },
  icb: { type: 'Impala', clusterKind: 'Impala', kinds: ['impala'] },
  pcb: { type: 'Presto', clusterKind: 'Presto', kinds: ['presto'] },
  bqcb: { type: 'BigQuery', clusterKind: 'bigquery', kinds: ['bigquery'] },
} as const satisfies Partial<
  Record<ChargebackSearch, { type: ChargebackType; clusterKind: string; kinds: readonly string[] }>
>
export type AppChargebackSearch = keyof typeof CHARGEBACK_FLAVOURS

/** A group key as the column it groups on (appType and realuser are the spec's names, B153). */
const GROUP_COLUMN: Record<ChargebackGroupKey, 'kind' | 'user' | 'queue'> = {
  appt: 'kind',
  appType: 'kind',
  user: 'user',
  realuser: 'user',
  queue: 'queue',
}
const DIM_LETTER = { kind: 'k', user: 'u', queue: 'q' } as const

/**
 * How a search groups on one of its keys: an application column (which the rollups hold), or a
 * tag's value (B153, BigQuery: `tag:<key>`), which only the apps hold: a left join, so the jobs
 * without that tag make one '' group and the groups still add up to the total.
 */
type Grouping = { column: 'kind' | 'user' | 'queue'; tagKey?: never } | { column?: never; tagKey: string }

function groupingOf(key: string, search: AppChargebackSearch): Grouping {
  if (!key.startsWith(TAG_GROUP_PREFIX)) return { column: GROUP_COLUMN[key as ChargebackGroupKey] }
  if (search !== 'bqcb')
    throw new HttpError(400, `params: ${key}: only the BigQuery chargeback (bqcb) groups by a tag`)
  return { tagKey: key.slice(TAG_GROUP_PREFIX.length) }
}

/**
 * REAL-API-NOTES §5: from/to are YYYY-MM-DD or epoch seconds; epoch ms and ISO dates are read too
 * (a number below 10^11 is seconds: 10^11 s is the year 5138). A `to` given as a date means the end
 * of that day, so from=2026-11-01&to=2026-11-07 is seven whole days.
 */
export function chargebackInstant(value: string, field: 'from' | 'to' | 'gte' | 'lte'): number {
  const ms = instant(value, field, 'querystring', 'epoch-s-or-iso')!
  return (field === 'to' || field === 'lte') && /^\d{4}-\d{2}-\d{2}$/.test(value) ? ms + DAY : ms
}

/**
 * The window [from, to) a chargeback sums, default the last 7 days. gte/lte are the names the real
 * product's reference gives search/cb/appt's dates (REAL-API-NOTES §5, [SW]): read the same way.
 */
export function chargebackWindow(
  q: { from?: string; to?: string; gte?: string; lte?: string },
  now: number,
): { from: number; to: number } {
  const names = {
    from: q.from === undefined && q.gte !== undefined ? 'gte' : 'from',
    to: q.to === undefined && q.lte !== undefined ? 'lte' : 'to',
  } as const
  const toText = q.to ?? q.lte
  const fromText = q.from ?? q.gte
  const to = toText === undefined ? now : chargebackInstant(toText, names.to)
  const from = fromText === undefined ? to - 7 * DAY : chargebackInstant(fromText, names.from)
  if (from > to)
    throw new HttpError(400, `querystring/${names.from} must not be after querystring/${names.to}`)
  return { from, to }
}

/** `key:value` pairs of the tags filter, grouped by key; 400 for a pair without a colon. */
function tagFilter(text: string | undefined): Map<string, string[]> {
  const tags = new Map<string, string[]>()
  for (const pair of listParam(text) ?? []) {
    const at = pair.indexOf(':')
    if (at <= 0) throw new HttpError(400, `querystring/tags: "${pair}" is not key:value`)
    const key = pair.slice(0, at)
    tags.set(key, [...(tags.get(key) ?? []), pair.slice(at + 1)])
  }
  return tags
}

interface Usage {
  count: number
  vs: number
  ms: number
  io: number
  cents: number
}
type GroupedUsage = Usage & { v1: string; v2: string }

const USAGE_OF_ROLLUPS =
  'sum(a.n) AS count, sum(a.vs) AS vs, sum(a.ms) AS ms, sum(a.io) AS io, sum(a.cents) AS cents'
const USAGE_OF_APPS =
  'count(*) AS count, sum(a.vcore_seconds) AS vs, sum(a.memory_seconds) AS ms, sum(a.dfs_read + a.dfs_written) AS io, sum(a.cents) AS cents'

/**
 * E042, E043, E046 (02 §7, REAL-API-NOTES §5): usage of the flavour's apps that started in the
 * window, grouped by one or two keys, over the user's clusters of the flavour (or the one asked; a
 * '*' is all of them, B160). Whole days come from cb_rollups, the partial days at the edges and any
 * tags filter from the apps; both are the same apps the application list shows.
 */
export function chargeback(
  db: Db,
  search: AppChargebackSearch,
  params: ChargebackParams,
  q: ChargebackQuery,
  scope: { platform: string; now: number },
): ChargebackResponse {
  const flavour = CHARGEBACK_FLAVOURS[search]
  const groups = [params.group1, ...(params.group2 ? [params.group2] : [])].map((g) => groupingOf(g, search))
  const sameGroup = (a: Grouping, b: Grouping) => (a.column ?? a.tagKey) === (b.column ?? b.tagKey)
  if (groups.length === 2 && sameGroup(groups[0]!, groups[1]!))
    throw new HttpError(400, `params: group1 and group2 must differ (both are ${params.group1})`)
  const byTag = groups.some((g) => g.tagKey !== undefined)
  const window = chargebackWindow(q, scope.now)
  const shift = appsTimeShift(db)
  const where: Where = { clauses: [], params: {}, index: 'applications_start' }
  where.clauses.push(
    `a.cluster_code IN ${clusterCodesIn('SELECT unravel_id FROM clusters WHERE platform = @platform AND kind = @clusterKind')}`,
  )
  Object.assign(where.params, { platform: scope.platform, clusterKind: flavour.clusterKind })
  const clusterUid = q.clusterUid && q.clusterUid !== ALL_CLUSTERS ? q.clusterUid : undefined
  if (clusterUid) {
    // Another platform's cluster (or none at all) is not the user's: 403, as on every route.
    scopedClusters(scopeOfPlatform(db, scope.platform as ClusterType), [clusterUid])
    const known = db
      .prepare(
        'SELECT 1 FROM clusters WHERE unravel_id = @clusterUid AND platform = @platform AND kind = @clusterKind',
      )
      .get({ clusterUid, ...where.params })
    if (!known)
      throw new HttpError(
        400,
        `querystring/clusterUid: "${clusterUid}" is not one of your ${flavour.type} clusters`,
      )
    where.clauses.push(`a.cluster_code IN ${clusterCodesIn('@clusterUid')}`)
    where.params.clusterUid = clusterUid
  }
  const kinds = listParam(q.appt)
  const unknown = kinds?.filter((k) => !(flavour.kinds as readonly string[]).includes(k))
  if (unknown?.length)
    throw new HttpError(
      400,
      `querystring/appt: ${unknown.join(', ')} is not a ${flavour.type} application type; use ${flavour.kinds.join(', ')}`,
    )
  // Every kind of the flavour is no narrowing: the flavour's clusters run no other.
  const narrowed = kinds && !flavour.kinds.every((k) => kinds.includes(k)) ? kinds : undefined
  // The apps' index holds kinds, users and queues as codes (schema.sql applications_chargeback).
  const names = rollupNames(db)
  if (narrowed)
    inList(
      where,
      'a.kind_code',
      'kd',
      narrowed.map((k) => names.code('kind', k)),
    )
  const tags = tagFilter(q.tags)
  const column = (i: number) => {
    const g = groups[i]
    if (!g) return "''"
    return g.column ? `a.${g.column}` : `coalesce(t${i}.value, '')`
  }
  const grouped = `${column(0)} AS v1, ${column(1)} AS v2`
  const codedColumn = (i: number) => {
    const g = groups[i]
    return g?.column ? `a.${g.column}_code` : column(i)
  }
  const groupedCodes = `${codedColumn(0)} AS v1, ${codedColumn(1)} AS v2`
  /** A group of the apps' codes as its names, as the rollups' rows hold them. */
  const decoded = (row: Usage & { v1: string | number; v2: string | number }): GroupedUsage => {
    const [g1, g2] = groups
    return {
      ...row,
      v1: g1?.column ? names.name(g1.column, row.v1 as number) : String(row.v1),
      v2: g2?.column ? names.name(g2.column, row.v2 as number) : String(row.v2),
    }
  }
  const tagJoins = groups
    .map((g, i) =>
      g.tagKey === undefined
        ? ''
        : // The app's pair of that key (schema.sql app_tag_links), named by app_tag_names.
          ` LEFT JOIN app_tag_links l${i} ON l${i}.app = a.rowid
              AND l${i}.tag IN (SELECT code FROM app_tag_names WHERE key = @tagKey${i})
            LEFT JOIN app_tag_names t${i} ON t${i}.code = l${i}.tag`,
    )
    .join('')
  const tagKeys = Object.fromEntries(
    groups.flatMap((g, i) => (g.tagKey === undefined ? [] : [[`tagKey${i}`, g.tagKey]])),
  )
  const byGroups = 'GROUP BY v1, v2'
  const seeded = { from: window.from - shift, to: window.to - shift }

  // The apps started in [from, to) of the stored times: the All list's figure (shared app-figures),
  // the exclusive end of the chargeback window written as its last millisecond.
  const appsIn = (from: number, to: number) => {
    const started = figureSql('startedInRange', { start: from, end: to - 1 }, scope.now, 0)
    const apps: Where = {
      ...where,
      clauses: [...where.clauses, ...started.clauses],
      params: { ...where.params, ...tagKeys, ...started.params },
    }
    addTagFilters(apps, tags)
    return (
      db
        .prepare(
          `SELECT ${groupedCodes}, ${USAGE_OF_APPS} FROM applications a INDEXED BY applications_chargeback${tagJoins}
            WHERE ${apps.clauses.join(' AND ')} ${byGroups}`,
        )
        .all(apps.params) as (Usage & { v1: string | number; v2: string | number })[]
    ).map(decoded)
  }

  const parts: GroupedUsage[][] = []
  const needed = new Set<string>(groups.flatMap((g) => (g.column ? [DIM_LETTER[g.column]] : [])))
  if (narrowed) needed.add('k')
  // The slices from fewest rows to most: the first with every needed dimension, if any.
  const slice = (['kq', 'ku', 'uq'] as const satisfies readonly ChargebackSlice[]).find((s) =>
    [...needed].every((d) => s.includes(d)),
  )
  // BigQuery jobs are bq_jobs, not applications (issue 19): their days and edges in bq-usage.ts.
  if (search === 'bqcb')
    parts.push(
      bigQueryChargebackUsage(db, [params.group1, ...(params.group2 ? [params.group2] : [])], seeded, {
        project: clusterUid,
        tags,
      }),
    )
  // The rollups hold no tags: a tag filter or grouping reads the apps.
  else if (tags.size || byTag || !slice) parts.push(appsIn(seeded.from, seeded.to))
  else {
    // One cluster: its days. All of them: the platform's days and hours (see cb_rollups).
    const target = clusterUid ?? platformScope(scope.platform, flavour.clusterKind)
    const rollups: Where = { clauses: [], params: { dims: slice, target }, index: where.index }
    if (narrowed) inList(rollups, 'a.kind', 'kd', narrowed)
    const cover = coverWindow(seeded.from, seeded.to, clusterUid ? [DAY] : [DAY, QUARTER_DAY])
    for (const bucket of cover.buckets)
      parts.push(
        db
          .prepare(
            `SELECT ${grouped}, ${USAGE_OF_ROLLUPS} FROM cb_rollups a
              WHERE a.dims = @dims AND a.grain = ${bucket.grain} AND a.cluster_uid = @target
                AND a.bucket >= @from AND a.bucket < @to${rollups.clauses.map((c) => ` AND ${c}`).join('')}
              ${byGroups}`,
          )
          .all({ ...rollups.params, from: bucket.from, to: bucket.to }) as GroupedUsage[],
      )
    for (const edge of cover.raw) parts.push(appsIn(edge.from, edge.to))
  }
  return {
    cb: chargebackRows(parts.flat(), groups.length === 2),
    cbInfo: {
      from: window.from,
      to: window.to,
      groupBy: [params.group1, ...(params.group2 ? [params.group2] : [])],
      clusterUid: clusterUid ?? ALL_CLUSTERS,
      total: sumUsage(parts.flat()),
    },
  }
}

function sumUsage(rows: readonly Usage[]): Usage {
  const total = { count: 0, vs: 0, ms: 0, io: 0, cents: 0 }
  for (const r of rows) {
    total.count += r.count
    total.vs += r.vs
    total.ms += r.ms
    total.io += r.io
    total.cents += r.cents
  }
  return total
}

/** Partial sums (rollup days, edge hours) as rows by v1, most vcore-seconds first, nested by v2. */
function chargebackRows(parts: readonly GroupedUsage[], nested: boolean): ChargebackRow[] {
  const byV1 = new Map<string, Map<string, GroupedUsage[]>>()
  for (const p of parts) {
    const inner = byV1.get(p.v1) ?? new Map<string, GroupedUsage[]>()
    inner.set(p.v2, [...(inner.get(p.v2) ?? []), p])
    byV1.set(p.v1, inner)
  }
  const order = (a: Usage & { key: string }, b: Usage & { key: string }) =>
    b.vs - a.vs || a.key.localeCompare(b.key)
  return [...byV1]
    .map(([v1, inner]) => {
      const cb = [...inner].map(([v2, rows]) => ({ key: v2, v2, ...sumUsage(rows) })).sort(order)
      const row = { key: v1, v1, v1Label: v1, ...sumUsage(cb) }
      return nested ? { ...row, cb: cb.map(({ key: _key, ...rest }) => rest) } : row
    })
    .sort(order)
    .map(({ key: _key, ...row }) => row)
}

/**
 * E151: the application tags (RealUser never) of the apps that started in the window, each key
 * with its values.
 */
export function chargebackTags(
  db: Db,
  q: ChargebackQuery,
  now: number,
  scope: ClusterScope,
): ChargebackTagsResponse {
  const window = chargebackWindow(q, now)
  const shift = appsTimeShift(db)
  // BigQuery users: the labels of the BigQuery jobs (bq-usage.ts), which bqcb groups by.
  if (scope.platform === 'BIGQUERYV2')
    return { tags: bigQueryLabelsSeenIn(db, window.from - shift, window.to - 1 - shift) }
  return { tags: tagsSeenIn(db, window.from - shift, window.to - 1 - shift, scope) }
}
