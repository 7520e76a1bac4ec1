import {
  DATABRICKS_SKUS,
  DATABRICKS_USAGE_SOURCES,
  DRILL_COMPUTE_TYPE_LABELS,
  DRILL_DEFAULT_LIMIT,
  DRILL_OTHER_KEY,
  DRILL_TAG_PREFIX,
  drillComputeTypeOf,
  parseDrillPath,
  type DatabricksDrillDown,
  type DatabricksDrillDownQuery,
  type DrillRow,
  type DrillSourceKind,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import {
  databricksWindowParts,
  keptDay,
  readWindowParts,
  rowsParams,
  sourceCodes,
  type DatabricksUsageSource,
} from './databricks-cost-pieces.ts'
import { trendDays } from './databricks-cost.ts'
import { databricksReadClock, dbusOf, usdOf } from './databricks-figures.ts'

/*
 * The Databricks cost drill-downs (issue 20, /cost_explorer/drill_downs): the usage of a range —
 * every source once, cut as every Databricks cost reader cuts it (databricks-cost-pieces.ts: whole
 * days from db_usage_days, the edges and the not-yet-final runs from the rows), so a level with no
 * path adds up to the cost trends' total for the same days — kept to the values the path chose and
 * grouped by one more dimension, beside the previous period of equal length. The usage is read as
 * coded groups (a few thousand a day at the large scale) and named afterwards, as the dcb does.
 */

const SOURCES = DATABRICKS_USAGE_SOURCES
const ALL_SOURCES = ['JOB_RUN', 'CLUSTER', 'PIPELINE', 'WAREHOUSE'] as const

/** A usage group: workspace, principal, sku, source type, source, tag set, then n, dbus e4, cost e4. */
type Coded = readonly [number, number, number, number, number, number, number, number, number]
const SUMS = 'sum(n), sum(dbus_e4), sum(dbu_cost_e4 + vm_cost_e4)'

/** What names the codes: workspaces, principals, the four kinds of source, tag sets, each source's SKU. */
function lookups(db: Db) {
  const all = <T>(sql: string) => db.prepare(sql).raw().all() as T[]
  const workspaces = new Map(
    all<[number, string]>('SELECT code, workspace_name FROM db_workspaces').map(([c, n]) => [c, n]),
  )
  const principals = new Map(all<[number, string]>('SELECT code, name FROM db_principals'))
  const source = (sql: string) =>
    new Map(
      all<[number, string, string, number]>(sql).map(([c, id, name, ws]) => [
        c,
        { id: String(id), name, workspace: ws },
      ]),
    )
  const sources: Record<
    (typeof SOURCES)[number],
    Map<number, { id: string; name: string; workspace: number }>
  > = {
    JOB_RUN: source('SELECT code, job_id, job_name, workspace FROM db_jobs'),
    CLUSTER: source('SELECT code, cluster_id, cluster_name, workspace FROM db_clusters'),
    PIPELINE: source('SELECT code, pipeline_id, name, workspace FROM db_pipelines'),
    WAREHOUSE: source('SELECT code, warehouse_id, name, workspace FROM db_warehouses'),
  }
  const tagSets = new Map<number, Map<string, string>>()
  for (const [set, key, value] of all<[number, string, string]>(
    'SELECT s.code, t.key, t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag',
  ))
    tagSets.set(set, (tagSets.get(set) ?? new Map()).set(key, value))
  return { workspaces, principals, sources, tagSets }
}
type Lookups = ReturnType<typeof lookups>

/**
 * The coded usage of a stored window, cut as every Databricks cost reader cuts it
 * (databricksWindowParts): whole days from the rollup, each summed once and kept; the edges and the
 * days still being billed as rows, or as rollup days less the rows that do not belong (negated sums).
 */
function codedUsage(db: Db, window: { from: number; to: number }, storedNow: number): Coded[] {
  const out: Coded[] = []
  const parts = databricksWindowParts(db, ALL_SOURCES, window, storedNow)
  const rows = (from: string, range: { from: number; to: number }, sign: 1 | -1) => {
    for (const r of cachedStatement(
      db,
      `SELECT workspace, principal, sku, source_type, source, tag_set, ${SUMS}
         FROM ${from} u GROUP BY 1, 2, 3, 4, 5, 6`,
    )
      .raw()
      .all(rowsParams(db, range, storedNow)) as Coded[])
      out.push(sign === 1 ? r : (r.map((v, i) => (i < 6 ? v : -v)) as unknown as Coded))
  }
  const day = (day: number, sources: readonly DatabricksUsageSource[]) => {
    for (const r of keptDay(db, `drill:${sourceCodes(sources)}`, day, () =>
      cachedStatement(
        db,
        `SELECT workspace, principal, sku, source_type, source, tag_set, ${SUMS} FROM db_usage_days
          WHERE day = ? AND source_type IN (${sourceCodes(sources)}) GROUP BY 1, 2, 3, 4, 5, 6`,
      )
        .raw()
        .all(day),
    ) as Coded[])
      out.push(r)
  }
  readWindowParts(parts, { rows, day })
  return out
}

const SOURCE_KIND: Readonly<Record<(typeof SOURCES)[number], DrillSourceKind>> = {
  JOB_RUN: 'job',
  CLUSTER: 'cluster',
  PIPELINE: 'pipeline',
  WAREHOUSE: 'warehouse',
}

interface Named {
  key: string
  label: string
  source?: DrillRow['source']
}

/**
 * A dimension as a function of a coded usage: the value it has there (its key) and how it reads.
 * Named once per code (a window holds tens of thousands of groups over a few hundred codes).
 */
function dimensionOf(dimension: string, l: Lookups): (u: Coded) => Named {
  const memo = new Map<number, Named>()
  const once = (code: (u: Coded) => number, name: (u: Coded) => Named) => (u: Coded) => {
    const c = code(u)
    let got = memo.get(c)
    if (!got) memo.set(c, (got = name(u)))
    return got
  }
  if (dimension.startsWith(DRILL_TAG_PREFIX)) {
    const tagKey = dimension.slice(DRILL_TAG_PREFIX.length)
    return once(
      (u) => u[5],
      (u) => {
        const value = l.tagSets.get(u[5])?.get(tagKey) ?? ''
        return { key: value, label: value === '' ? `(no ${tagKey})` : value }
      },
    )
  }
  switch (dimension) {
    case 'workspace':
      return once(
        (u) => u[0],
        (u) => {
          const name = l.workspaces.get(u[0]) ?? String(u[0])
          return { key: name, label: name }
        },
      )
    case 'user':
      return once(
        (u) => u[1],
        (u) => {
          const name = l.principals.get(u[1]) ?? String(u[1])
          return { key: name, label: name }
        },
      )
    case 'computeType':
      return once(
        (u) => u[2],
        (u) => {
          const family = drillComputeTypeOf(DATABRICKS_SKUS[u[2]] ?? 'JOBS_COMPUTE')
          return { key: family, label: DRILL_COMPUTE_TYPE_LABELS[family] }
        },
      )
    default: {
      // source: a job by its workspace's name and job id (job ids are unique within a workspace),
      // the others by their own ids.
      return once(
        (u) => u[3] * 4294967296 + u[4],
        (u) => {
          const type = SOURCES[u[3]] ?? 'JOB_RUN'
          const kind = SOURCE_KIND[type]
          const s = l.sources[type].get(u[4])
          const workspace = l.workspaces.get(s?.workspace ?? u[0]) ?? String(u[0])
          const id = s?.id ?? String(u[4])
          const key = kind === 'job' ? `job:${workspace}/${id}` : `${kind}:${id}`
          return { key, label: s?.name ?? key, source: { kind, id, workspace } }
        },
      )
    }
  }
}

interface Sums {
  n: number
  dbusE4: number
  costE4: number
  prevE4: number
}
const zero = (): Sums => ({ n: 0, dbusE4: 0, costE4: 0, prevE4: 0 })

/** A drill-down level: the range's usage the path chose, by the groupBy dimension, top `limit` and Other. */
export function databricksDrillDown(
  db: Db,
  q: DatabricksDrillDownQuery,
  now: number,
  options: { tagKeys: boolean } = { tagKeys: true },
): DatabricksDrillDown {
  const unit = q.unit ?? 'USD'
  const limit = q.limit ?? DRILL_DEFAULT_LIMIT
  const groupBy = q.groupBy ?? 'workspace'
  const { from, end } = trendDays(q)
  if (from > now) throw new HttpError(400, `querystring/gte: ${q.gte} is after today`)
  const steps = parseDrillPath(q.path)
  if (typeof steps === 'string') throw new HttpError(400, `querystring/path: ${steps}`)
  if (steps.some((s) => s.dimension === groupBy))
    throw new HttpError(400, `querystring/groupBy: ${groupBy} is already chosen in the path`)
  const to = Math.min(end, now)
  const previousFrom = from - (to - from)

  const l = lookups(db)
  const { shift, storedNow } = databricksReadClock(db, now)
  const current = codedUsage(db, { from: from - shift, to: to - shift }, storedNow)
  const previous = codedUsage(db, { from: previousFrom - shift, to: from - shift }, storedNow)

  const tests = steps.map((s) => ({ of: dimensionOf(s.dimension, l), value: s.value }))
  const chosen = (u: Coded) => tests.every((t) => t.of(u).key === t.value)
  const group = dimensionOf(groupBy, l)
  const dbu = unit === 'DBU'
  const value = (e4: number) => (dbu ? dbusOf(e4) : usdOf(e4))

  const byKey = new Map<string, { named: Named; sums: Sums }>()
  const level = zero()
  let totalE4 = 0
  const tagKeys = new Set<string>()
  for (const u of current) {
    totalE4 += dbu ? u[7] : u[8]
    if (options.tagKeys) for (const k of l.tagSets.get(u[5])?.keys() ?? []) tagKeys.add(k)
    if (!chosen(u)) continue
    const named = group(u)
    const entry = byKey.get(named.key) ?? { named, sums: zero() }
    for (const s of [entry.sums, level]) {
      s.n += u[6]
      s.dbusE4 += u[7]
      s.costE4 += u[8]
    }
    byKey.set(named.key, entry)
  }
  for (const u of previous) {
    if (!chosen(u)) continue
    const e4 = dbu ? u[7] : u[8]
    level.prevE4 += e4
    const entry = byKey.get(group(u).key)
    if (entry) entry.sums.prevE4 += e4
  }

  const valueE4 = (s: Sums) => (dbu ? s.dbusE4 : s.costE4)
  const levelE4 = valueE4(level)
  const rowOf = (key: string, named: Named, s: Sums): DrillRow => ({
    key,
    label: named.label,
    value: value(valueE4(s)),
    cost: usdOf(s.costE4),
    dbus: dbusOf(s.dbusE4),
    count: s.n,
    share: levelE4 > 0 ? Math.min(1, valueE4(s) / levelE4) : 0,
    previous: value(s.prevE4),
    change: s.prevE4 > 0 ? (valueE4(s) - s.prevE4) / s.prevE4 : null,
    ...(named.source && { source: named.source }),
  })
  const ordered = [...byKey.values()].sort(
    (a, b) => valueE4(b.sums) - valueE4(a.sums) || a.named.key.localeCompare(b.named.key),
  )
  const rows = ordered.slice(0, limit).map((e) => rowOf(e.named.key, e.named, e.sums))
  if (ordered.length > limit) {
    // Other: the rest of the level, its previous period whatever the rest held then (values gone since included).
    const other = zero()
    for (const e of ordered.slice(limit)) {
      other.n += e.sums.n
      other.dbusE4 += e.sums.dbusE4
      other.costE4 += e.sums.costE4
    }
    other.prevE4 = Math.max(0, level.prevE4 - ordered.slice(0, limit).reduce((s, e) => s + e.sums.prevE4, 0))
    const label = `Other (${ordered.length - limit})`
    rows.push(rowOf(DRILL_OTHER_KEY, { key: DRILL_OTHER_KEY, label }, other))
  }

  const pathNames = steps.map((s) => {
    const of = dimensionOf(s.dimension, l)
    const seen = current.find((u) => of(u).key === s.value) ?? previous.find((u) => of(u).key === s.value)
    return { dimension: s.dimension, value: s.value, label: seen ? of(seen).label : s.value }
  })
  return {
    unit,
    groupBy,
    from,
    to,
    previousFrom,
    previousTo: from,
    path: pathNames,
    level: {
      value: value(levelE4),
      cost: usdOf(level.costE4),
      dbus: dbusOf(level.dbusE4),
      count: level.n,
      previous: value(level.prevE4),
    },
    total: value(totalE4),
    rows,
    values: ordered.length,
    tagKeys: [...tagKeys].sort().slice(0, 200),
  }
}
