import {
  DATABRICKS_COMPUTE_KINDS,
  DATABRICKS_TREND_MAX_FILTERS,
  DATABRICKS_USAGE_SOURCES,
  TAG_GROUP_PREFIX,
  type DcbGroupKey,
  type DcbKind,
  type DcbParams,
  type DcbQuery,
  type DcbResourceStat,
  type DcbResourceStatQuery,
  type DcbResourceType,
  type DcbResponse,
  type DcbRow,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { listParam } from './app-lists.ts'
import { chargebackWindow } from './chargeback.ts'
import { databricksUsageSql, type DatabricksUsageSource } from './databricks-cost-pieces.ts'
import { databricksReadClock, usdOf, dbusOf } from './databricks-figures.ts'

/*
 * The Databricks chargeback (dcb, 02 §7; E047, E048, E050). The chargeback types of a DB install
 * (B146) are JobRun — kind db, cbType DBX_JOB_RUN: the job runs that started in the window, each
 * with its final cost (billing lag), the runs list's figures to the cent — and Cluster — kind
 * spark, cbType DBX_CLUSTER: the all-purpose clusters' sessions that started in it, their
 * interactive and idle use (a run on such a cluster is a job run: nothing counts twice). Whole
 * days from db_usage_days, the edges from the rows (databricks-cost-pieces.ts).
 */

const SOURCE_OF_KIND: Readonly<Record<DcbKind, DatabricksUsageSource>> = { db: 'JOB_RUN', spark: 'CLUSTER' }
const CB_TYPE_OF_KIND: Readonly<Record<DcbKind, DcbResourceType>> = {
  db: 'DBX_JOB_RUN',
  spark: 'DBX_CLUSTER',
}
const CLUSTER_SOURCE = DATABRICKS_USAGE_SOURCES.indexOf('CLUSTER')

type Dimension = 'user' | 'workspace' | 'cluster' | 'clusterType'
const DIMENSION: Readonly<Record<DcbGroupKey, Dimension>> = {
  userName: 'user',
  realuser: 'user',
  user: 'user',
  queue: 'workspace',
  workspace: 'workspace',
  clusterUid: 'cluster',
  cluster: 'cluster',
  clusterType: 'clusterType',
}

/** The compute kinds as the Cluster Type group reads them. */
const COMPUTE_LABEL: Readonly<Record<(typeof DATABRICKS_COMPUTE_KINDS)[number], string>> = {
  JOB: 'Job compute',
  ALL_PURPOSE: 'All-purpose compute',
  SERVERLESS: 'Serverless compute',
}
const computeCase = (column: string, labels: boolean) =>
  `CASE ${column} ${DATABRICKS_COMPUTE_KINDS.map((k, i) => `WHEN ${i} THEN '${labels ? COMPUTE_LABEL[k] : k}'`).join(' ')} END`

/**
 * A group key as SQL over a usage row `u` and the joins `w` (workspace), `pr` (principal), `j`
 * (the run's job) and `c` (the all-purpose cluster: the session's, or the job's). A job cluster is
 * new for every run, so the Cluster group puts a job's runs on job compute together, as
 * 'job_name[job-<workspace id>-<job id>]' (02 §3: a cluster grouping is labelled 'name[uid]').
 */
function groupSql(key: string, i: number): { value: string; label: string; param?: [string, string] } {
  if (key.startsWith(TAG_GROUP_PREFIX)) {
    const value = `coalesce((SELECT tg.value FROM db_tag_sets ts JOIN db_tags tg ON tg.code = ts.tag
                              WHERE ts.code = u.tag_set AND tg.key = @tagKey${i} ORDER BY tg.value LIMIT 1), '')`
    return { value, label: value, param: [`tagKey${i}`, key.slice(TAG_GROUP_PREFIX.length)] }
  }
  switch (DIMENSION[key as DcbGroupKey]) {
    case 'user':
      return { value: 'pr.name', label: 'pr.name' }
    case 'workspace':
      return { value: 'w.workspace_name', label: 'w.workspace_name' }
    case 'cluster': {
      const uid = `coalesce(c.cluster_id, 'job-' || w.workspace_id || '-' || j.job_id)`
      return { value: uid, label: `coalesce(c.cluster_name, j.job_name) || '[' || ${uid} || ']'` }
    }
    case 'clusterType': {
      const kind = `CASE WHEN u.source_type = ${CLUSTER_SOURCE} THEN 1 ELSE j.compute_kind END`
      return { value: computeCase(kind, false), label: computeCase(kind, true) }
    }
  }
}

const JOINS = `JOIN db_workspaces w ON w.code = u.workspace
  JOIN db_principals pr ON pr.code = u.principal
  LEFT JOIN db_jobs j ON u.source_type <> ${CLUSTER_SOURCE} AND j.code = u.source
  LEFT JOIN db_clusters c ON c.code = CASE WHEN u.source_type = ${CLUSTER_SOURCE} THEN u.source ELSE j.cluster END`

/** A comma list of at most 5 values; 400 beyond. */
function boundedList(text: string | undefined, field: string): string[] {
  const values = [...new Set(listParam(text) ?? [])]
  if (values.length > DATABRICKS_TREND_MAX_FILTERS)
    throw new HttpError(
      400,
      `querystring/${field}: at most ${DATABRICKS_TREND_MAX_FILTERS} values (${values.length} given)`,
    )
  return values
}

/** The filters as WHERE clauses over `u` and their parameters. */
function filterSql(q: DcbQuery): { clauses: string[]; params: Record<string, string> } {
  const clauses: string[] = []
  const params: Record<string, string> = {}
  const inList = (prefix: string, values: readonly string[]) => {
    values.forEach((v, i) => (params[`${prefix}${i}`] = v))
    return values.map((_, i) => `@${prefix}${i}`).join(', ')
  }
  const workspaces = boundedList(q.queue, 'queue')
  if (workspaces.length)
    clauses.push(
      `u.workspace IN (SELECT code FROM db_workspaces WHERE workspace_name IN (${inList('fq', workspaces)}))`,
    )
  const users = boundedList(q.realuser, 'realuser')
  if (users.length)
    clauses.push(`u.principal IN (SELECT code FROM db_principals WHERE name IN (${inList('fu', users)}))`)
  const byKey = new Map<string, string[]>()
  for (const pair of boundedList(q.tags, 'tags')) {
    const at = pair.indexOf(':')
    if (at <= 0) throw new HttpError(400, `querystring/tags: "${pair}" is not key:value`)
    byKey.set(pair.slice(0, at), [...(byKey.get(pair.slice(0, at)) ?? []), pair.slice(at + 1)])
  }
  // Values of one key: any of them; several keys: all of them.
  ;[...byKey].forEach(([key, values], k) => {
    params[`ftk${k}`] = key
    clauses.push(
      `EXISTS (SELECT 1 FROM db_tag_sets ts JOIN db_tags tg ON tg.code = ts.tag WHERE ts.code = u.tag_set
                 AND tg.key = @ftk${k} AND tg.value IN (${inList(`ftv${k}_`, values)}))`,
    )
  })
  return { clauses, params }
}

interface Sums {
  count: number
  dbusE4: number
  costE4: number
}
const usageOf = (s: Sums) => ({ count: s.count, ms: s.dbusE4 / 100, vs: s.costE4 / 10_000 })

/** E047, E048: the kind's usage of the window grouped by one or two keys, most cost first. */
export function databricksChargeback(db: Db, params: DcbParams, q: DcbQuery, now: number): DcbResponse {
  const kind = q.kind ?? 'db'
  const keys = [params.group1, ...(params.group2 ? [params.group2] : [])]
  const identity = (k: string) => (k.startsWith(TAG_GROUP_PREFIX) ? k : DIMENSION[k as DcbGroupKey])
  if (keys.length === 2 && identity(keys[0]!) === identity(keys[1]!))
    throw new HttpError(
      400,
      `params: group1 and group2 must differ (${params.group1} and ${params.group2} are one group)`,
    )
  const window = chargebackWindow(q, now)
  const { shift, storedNow } = databricksReadClock(db, now)
  const usage = databricksUsageSql(
    db,
    [SOURCE_OF_KIND[kind]],
    { from: window.from - shift, to: window.to - shift },
    storedNow,
  )
  const groups = keys.map(groupSql)
  const filters = filterSql(q)
  const g2 = groups[1] ?? { value: "''", label: "''" }
  const rows = db
    .prepare(
      `SELECT ${groups[0]!.value} AS v1, ${groups[0]!.label} AS l1, ${g2.value} AS v2, ${g2.label} AS l2,
              sum(u.n), sum(u.dbus_e4), sum(u.dbu_cost_e4 + u.vm_cost_e4)
         FROM ${usage.sql} u ${JOINS}
        ${filters.clauses.length ? `WHERE ${filters.clauses.join(' AND ')}` : ''}
        GROUP BY v1, v2`,
    )
    .raw()
    .all({
      ...usage.params,
      ...filters.params,
      ...Object.fromEntries(groups.flatMap((g) => (g.param ? [g.param] : []))),
    }) as [string, string, string, string, number, number, number][]

  const byV1 = new Map<
    string,
    { label: string; sums: Sums; inner: { v2: string; v2Label: string; sums: Sums }[] }
  >()
  const total: Sums = { count: 0, dbusE4: 0, costE4: 0 }
  for (const [v1, l1, v2, l2, count, dbusE4, costE4] of rows) {
    const outer = byV1.get(v1) ?? { label: l1, sums: { count: 0, dbusE4: 0, costE4: 0 }, inner: [] }
    for (const s of [outer.sums, total]) {
      s.count += count
      s.dbusE4 += dbusE4
      s.costE4 += costE4
    }
    outer.inner.push({ v2, v2Label: l2, sums: { count, dbusE4, costE4 } })
    byV1.set(v1, outer)
  }
  const order = (a: { k: string; sums: Sums }, b: { k: string; sums: Sums }) =>
    b.sums.costE4 - a.sums.costE4 || b.sums.dbusE4 - a.sums.dbusE4 || a.k.localeCompare(b.k)
  const cb: DcbRow[] = [...byV1]
    .map(([v1, o]) => ({ k: v1, ...o }))
    .sort(order)
    .map((o) => ({
      v1: o.k,
      v1Label: o.label,
      ...usageOf(o.sums),
      ...(keys.length === 2 && {
        cb: o.inner
          .map((i) => ({ k: i.v2, ...i }))
          .sort(order)
          .map((i) => ({ v2: i.v2, v2Label: i.v2Label, ...usageOf(i.sums) })),
      }),
    }))
  return {
    cb,
    cbInfo: {
      kind,
      cbType: CB_TYPE_OF_KIND[kind],
      from: window.from,
      to: window.to,
      groupBy: keys,
      total: usageOf(total),
    },
  }
}

/** E050: the totals of the job runs (DBX_JOB_RUN) or cluster sessions (DBX_CLUSTER) of a window. */
export function databricksResourceStat(db: Db, q: DcbResourceStatQuery, now: number): DcbResourceStat {
  const window = chargebackWindow(q, now)
  const { shift, storedNow } = databricksReadClock(db, now)
  const source = q.cbType === 'DBX_CLUSTER' ? 'CLUSTER' : 'JOB_RUN'
  const usage = databricksUsageSql(
    db,
    [source],
    { from: window.from - shift, to: window.to - shift },
    storedNow,
  )
  const [count, resources, duration, dbusE4, dbuCostE4, vmCostE4] = db
    .prepare(
      `SELECT coalesce(sum(u.n), 0), count(DISTINCT u.source), coalesce(sum(u.duration), 0), coalesce(sum(u.dbus_e4), 0),
              coalesce(sum(u.dbu_cost_e4), 0), coalesce(sum(u.vm_cost_e4), 0)
         FROM ${usage.sql} u`,
    )
    .raw()
    .get(usage.params) as number[]
  return {
    cbType: q.cbType,
    from: window.from,
    to: window.to,
    count: count!,
    resources: resources!,
    durationMs: duration!,
    dbus: dbusOf(dbusE4!),
    dbuCost: usdOf(dbuCostE4!),
    vmCost: usdOf(vmCostE4!),
    cost: usdOf(dbuCostE4! + vmCostE4!),
  }
}
