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
import {
  databricksWindowParts,
  keptDay,
  readWindowParts,
  rowsParams,
  sourceCodes,
  type DatabricksUsageSource,
} from './databricks-cost-pieces.ts'
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

/** A usage group by its codes: workspace, principal, source type, source, tag set, then its sums. */
type CodedUsage = [number, number, number, number, number, number, number, number, number]
const CODED = `workspace, principal, source_type, source, tag_set, sum(n), sum(duration), sum(dbus_e4),
               sum(dbu_cost_e4 + vm_cost_e4)`

/**
 * The coded usage of a stored window (databricksWindowParts): whole days kept once summed, the rows
 * of the edges and of the days still being billed as rollup days less the few runs that do not
 * belong (negated sums), or as their own rows when those are fewer.
 */
function codedUsage(
  db: Db,
  source: DatabricksUsageSource,
  window: { from: number; to: number },
  storedNow: number,
) {
  const out: CodedUsage[] = []
  const parts = databricksWindowParts(db, [source], window, storedNow)
  const rows = (from: string, range: { from: number; to: number }, sign: 1 | -1) => {
    for (const r of db
      .prepare(`SELECT ${CODED} FROM ${from} u GROUP BY 1, 2, 3, 4, 5`)
      .raw()
      .all(rowsParams(db, range, storedNow)) as CodedUsage[])
      out.push(sign === 1 ? r : (r.map((v, i) => (i < 5 ? v : -v)) as CodedUsage))
  }
  const day = (day: number, sources: readonly DatabricksUsageSource[]) => {
    for (const r of keptDay(db, `dcb:${sourceCodes(sources)}`, day, () =>
      db
        .prepare(
          `SELECT ${CODED} FROM db_usage_days WHERE day = ? AND source_type IN (${sourceCodes(sources)})
            GROUP BY 1, 2, 3, 4, 5`,
        )
        .raw()
        .all(day),
    ) as CodedUsage[])
      out.push(r)
  }
  readWindowParts(parts, { rows, day })
  return out
}

/** What the group keys and filters read of the codes: names, ids, a job's compute, a set's tags. */
function lookups(db: Db) {
  const all = <T>(sql: string) => db.prepare(sql).raw().all() as T[]
  const workspaces = new Map(
    all<[number, string, string]>('SELECT code, workspace_name, workspace_id FROM db_workspaces').map(
      ([c, name, id]) => [c, { name, id }],
    ),
  )
  const principals = new Map(all<[number, string]>('SELECT code, name FROM db_principals'))
  const clusters = new Map(
    all<[number, string, string]>('SELECT code, cluster_id, cluster_name FROM db_clusters').map(
      ([c, id, name]) => [c, { id, name }],
    ),
  )
  const jobs = new Map(
    all<[number, number, string, number | null, number]>(
      'SELECT code, job_id, job_name, cluster, compute_kind FROM db_jobs',
    ).map(([c, jobId, name, cluster, compute]) => [c, { jobId, name, cluster, compute }]),
  )
  const tagSets = new Map<number, Map<string, string>>()
  for (const [set, key, value] of all<[number, string, string]>(
    'SELECT s.code, t.key, t.value FROM db_tag_sets s JOIN db_tags t ON t.code = s.tag ORDER BY t.value DESC',
  ))
    tagSets.set(set, (tagSets.get(set) ?? new Map()).set(key, value))
  return { workspaces, principals, clusters, jobs, tagSets }
}
type Lookups = ReturnType<typeof lookups>

/**
 * A group key as a function of a coded usage: its value and label. A job cluster is new for every
 * run, so the Cluster group puts a job's runs on job compute together, as
 * 'job_name[job-<workspace id>-<job id>]' (02 §3: a cluster grouping is labelled 'name[uid]').
 */
function groupOf(key: string, l: Lookups): (u: CodedUsage) => [string, string] {
  // Named once per code (a 30-day window holds tens of thousands of groups, a few hundred codes).
  const named = new Map<number, [string, string]>()
  const { code, name } = groupNaming(key, l)
  return (u) => {
    const c = code(u)
    let got = named.get(c)
    if (!got) named.set(c, (got = name(u)))
    return got
  }
}

/** A group key's code of a usage (what its value depends on) and how that code is named. */
function groupNaming(
  key: string,
  l: Lookups,
): { code: (u: CodedUsage) => number; name: (u: CodedUsage) => [string, string] } {
  if (key.startsWith(TAG_GROUP_PREFIX)) {
    const tagKey = key.slice(TAG_GROUP_PREFIX.length)
    return {
      code: (u) => u[4],
      name: (u) => {
        const value = l.tagSets.get(u[4])?.get(tagKey) ?? ''
        return [value, value]
      },
    }
  }
  switch (DIMENSION[key as DcbGroupKey]) {
    case 'user':
      return {
        code: (u) => u[1],
        name: (u) => {
          const name = l.principals.get(u[1]) ?? String(u[1])
          return [name, name]
        },
      }
    case 'workspace':
      return {
        code: (u) => u[0],
        name: (u) => {
          const name = l.workspaces.get(u[0])?.name ?? String(u[0])
          return [name, name]
        },
      }
    case 'cluster':
      // A source is a job or a cluster: its type and code name it (a job's workspace is its own).
      return {
        code: (u) => u[2] * 2 ** 32 + u[3],
        name: (u) => {
          const job = u[2] === CLUSTER_SOURCE ? undefined : l.jobs.get(u[3])
          const cluster = l.clusters.get(u[2] === CLUSTER_SOURCE ? u[3] : (job?.cluster ?? -1))
          if (cluster) return [cluster.id, `${cluster.name}[${cluster.id}]`]
          const uid = `job-${l.workspaces.get(u[0])?.id ?? u[0]}-${job?.jobId ?? u[3]}`
          return [uid, `${job?.name ?? uid}[${uid}]`]
        },
      }
    case 'clusterType':
      return {
        code: (u) => u[2] * 2 ** 32 + u[3],
        name: (u) => {
          const compute =
            DATABRICKS_COMPUTE_KINDS[u[2] === CLUSTER_SOURCE ? 1 : (l.jobs.get(u[3])?.compute ?? 0)]!
          return [compute, COMPUTE_LABEL[compute]]
        },
      }
  }
}

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

/** The filters as a test of a coded usage: workspaces, users, tags (values of one key: any; keys: all). */
function filterOf(q: DcbQuery, l: Lookups): (u: CodedUsage) => boolean {
  const workspaces = new Set(boundedList(q.queue, 'queue'))
  const users = new Set(boundedList(q.realuser, 'realuser'))
  const byKey = new Map<string, Set<string>>()
  for (const pair of boundedList(q.tags, 'tags')) {
    const at = pair.indexOf(':')
    if (at <= 0) throw new HttpError(400, `querystring/tags: "${pair}" is not key:value`)
    byKey.set(pair.slice(0, at), (byKey.get(pair.slice(0, at)) ?? new Set()).add(pair.slice(at + 1)))
  }
  return (u) =>
    (!workspaces.size || workspaces.has(l.workspaces.get(u[0])?.name ?? '')) &&
    (!users.size || users.has(l.principals.get(u[1]) ?? '')) &&
    [...byKey].every(([key, values]) => values.has(l.tagSets.get(u[4])?.get(key) ?? '\u0000'))
}

interface Sums {
  count: number
  dbusE4: number
  costE4: number
}
const usageOf = (s: Sums) => ({ count: s.count, ms: s.dbusE4 / 100, vs: s.costE4 / 10_000 })
const add = (to: Sums, u: CodedUsage) => {
  to.count += u[5]
  to.dbusE4 += u[7]
  to.costE4 += u[8]
}
const zero = (): Sums => ({ count: 0, dbusE4: 0, costE4: 0 })

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
  const l = lookups(db)
  const keep = filterOf(q, l)
  const [g1, g2] = keys.map((k) => groupOf(k, l))
  const { shift, storedNow } = databricksReadClock(db, now)
  const usage = codedUsage(
    db,
    SOURCE_OF_KIND[kind],
    { from: window.from - shift, to: window.to - shift },
    storedNow,
  )

  const byV1 = new Map<
    string,
    { label: string; sums: Sums; inner: Map<string, { label: string; sums: Sums }> }
  >()
  const total = zero()
  for (const u of usage) {
    if (!keep(u)) continue
    const [v1, l1] = g1!(u)
    const outer = byV1.get(v1) ?? { label: l1, sums: zero(), inner: new Map() }
    add(outer.sums, u)
    add(total, u)
    if (g2) {
      const [v2, l2] = g2(u)
      const inner = outer.inner.get(v2) ?? { label: l2, sums: zero() }
      add(inner.sums, u)
      outer.inner.set(v2, inner)
    }
    byV1.set(v1, outer)
  }
  const order = (a: { k: string; sums: Sums }, b: { k: string; sums: Sums }) =>
    b.sums.costE4 - a.sums.costE4 || b.sums.dbusE4 - a.sums.dbusE4 || a.k.localeCompare(b.k)
  // A group whose every run was taken off again (a rollup day's runs outside the window) is none.
  const cb: DcbRow[] = [...byV1]
    .filter(([, o]) => o.sums.count !== 0)
    .map(([k, o]) => ({ k, ...o }))
    .sort(order)
    .map((o) => ({
      v1: o.k,
      v1Label: o.label,
      ...usageOf(o.sums),
      ...(g2 && {
        cb: [...o.inner]
          .filter(([, i]) => i.sums.count !== 0)
          .map(([k, i]) => ({ k, ...i }))
          .sort(order)
          .map((i) => ({ v2: i.k, v2Label: i.label, ...usageOf(i.sums) })),
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
  const usage = codedUsage(db, source, { from: window.from - shift, to: window.to - shift }, storedNow)
  // DBU cost and VM cost apart: one small sum over the same pieces would need a second coded form,
  // so the split is read from the same kept rows' total and the VM share summed alongside.
  const split = vmSplit(db, source, { from: window.from - shift, to: window.to - shift }, storedNow)
  // A resource counts when it has usage left once the rows taken off their days are (net runs > 0).
  const runsOf = new Map<number, number>()
  for (const u of usage) runsOf.set(u[3], (runsOf.get(u[3]) ?? 0) + u[5])
  const resources = [...runsOf.values()].filter((n) => n > 0).length
  const sum = (i: number) => usage.reduce((s, u) => s + u[i]!, 0)
  const costE4 = sum(8)
  return {
    cbType: q.cbType,
    from: window.from,
    to: window.to,
    count: sum(5),
    resources,
    durationMs: sum(6),
    dbus: dbusOf(sum(7)),
    dbuCost: usdOf(costE4 - split),
    vmCost: usdOf(split),
    cost: usdOf(costE4),
  }
}

/** The VM cost (cents × 10,000) of the same parts, for E050's split. */
function vmSplit(
  db: Db,
  source: DatabricksUsageSource,
  window: { from: number; to: number },
  storedNow: number,
) {
  const parts = databricksWindowParts(db, [source], window, storedNow)
  const rows = (from: string, range: { from: number; to: number }) =>
    db
      .prepare(`SELECT coalesce(sum(u.vm_cost_e4), 0) FROM ${from} u`)
      .pluck()
      .get(rowsParams(db, range, storedNow)) as number
  let vm = 0
  readWindowParts(parts, {
    rows: (from, range, sign) => (vm += sign * rows(from, range)),
    day: (day, sources) =>
      (vm += keptDay(db, `vm:${sourceCodes(sources)}`, day, () =>
        db
          .prepare(
            `SELECT coalesce(sum(vm_cost_e4), 0) FROM db_usage_days WHERE day = ? AND source_type IN (${sourceCodes(sources)})`,
          )
          .pluck()
          .get(day),
      ) as number),
  })
  return vm
}
