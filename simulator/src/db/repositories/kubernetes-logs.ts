import {
  KUBERNETES_LOGS_DEFAULT_WINDOW_HOURS,
  KUBERNETES_LOGS_MAX_RESULTS,
  KUBERNETES_LOGS_MAX_SCAN,
  KUBERNETES_LOGS_MAX_WINDOW_DAYS,
  KUBERNETES_LOG_LEVELS,
  type KubernetesLogLine,
  type KubernetesLogs,
  type KubernetesLogsQuery,
  type KubernetesWorkloadKind,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { instant } from './applications.ts'
import { kubernetesClock, kubernetesClusters } from './kubernetes-common.ts'
import type { ClusterScope } from './scope.ts'

/*
 * Container logs (/kubernetes/osd_logs, R219): the window's lines newest first, read backwards along
 * k8s_log_lines' key (ts, pod_id, seq). One walk finds the matches: their keys, newest first, as far
 * as the page, then a count that goes on from the page's last line and stops at
 * KUBERNETES_LOGS_MAX_RESULTS, so no line is read twice; the page's lines are then fetched by key and
 * only they are joined to their pod, container and template and rendered. The pods are filtered
 * through a set built once per query (the clusters, namespace and pod asked) unless every pod is
 * asked; a text is matched in the message rendered by printf from its template, with LIKE. No text
 * index (a trigram FTS5 index over a million lines would cost more megabytes than the lines
 * themselves): a search reads at most the window's newest KUBERNETES_LOGS_MAX_SCAN lines, where they
 * begin found from the hours' line counts (scanStart), so a text found nowhere costs one bounded scan.
 * (Matching the text against the templates' literals first and testing the parameters alone with
 * LIKE was measured slower than rendering: five LIKEs a line cost more than one printf and one LIKE.)
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The window asked, shown time: default the last 24 hours; 400 past 7 days or reversed. */
export function logsWindow(q: { startTime?: string; endTime?: string }, now: number) {
  const asked = instant(q.endTime, 'endTime', 'querystring') ?? now
  const start =
    instant(q.startTime, 'startTime', 'querystring') ?? asked - KUBERNETES_LOGS_DEFAULT_WINDOW_HOURS * HOUR
  if (start > asked) throw new HttpError(400, 'querystring/startTime must not be after querystring/endTime')
  if (asked - start > KUBERNETES_LOGS_MAX_WINDOW_DAYS * DAY)
    throw new HttpError(
      400,
      `querystring/startTime: the window is ${Math.ceil((asked - start) / DAY)} days; at most ${KUBERNETES_LOGS_MAX_WINDOW_DAYS}`,
    )
  // Nothing is logged after now: a window past it holds its lines up to now.
  const end = Math.min(asked, now)
  return { start: Math.min(start, end), end }
}

/** The filters a search applies beyond its window (their values are named parameters). */
interface Filters {
  pods: boolean
  levels: boolean
  container: boolean
  text: boolean
}

const POD_FILTER = `l.pod_id IN (SELECT p.id FROM k8s_pods p JOIN k8s_workloads w ON w.id = p.workload_id
      JOIN k8s_namespaces n ON n.id = w.namespace_id
    WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters))
      AND (@namespace IS NULL OR n.name = @namespace) AND (@pod IS NULL OR p.name = @pod))`

function whereOf(time: string, f: Filters): string {
  return [
    time,
    f.pods && POD_FILTER,
    f.levels && 'l.level IN (SELECT value FROM json_each(@levels))',
    f.container && 'l.container_id = (SELECT id FROM k8s_log_containers WHERE name = @container)',
    f.text && `printf(t.format, l.p1, l.p2, l.p3, l.p4, l.p5) LIKE @text ESCAPE '\\'`,
  ]
    .filter(Boolean)
    .join('\n  AND ')
}

/** A text is matched in the message, rendered from the line's template: only then is it joined. */
const templateJoin = (f: Filters) => (f.text ? 'JOIN k8s_log_templates t ON t.id = l.template_id' : '')

/** The keys of the window's first @limit matches, newest first. */
const keysSql = (f: Filters) => `SELECT l.ts, l.pod_id, l.seq FROM k8s_log_lines l ${templateJoin(f)}
  WHERE ${whereOf('l.ts >= @from AND l.ts < @to', f)}
  ORDER BY l.ts DESC, l.pod_id DESC, l.seq DESC LIMIT @limit`

/** The matches older than the line (@lastTs, @lastPod, @lastSeq), counted up to @cap. */
const restCountSql = (f: Filters) => `SELECT count(*) FROM (SELECT 1 FROM k8s_log_lines l ${templateJoin(f)}
  WHERE ${whereOf(
    `l.ts >= @from AND l.ts <= @lastTs
    AND (l.ts < @lastTs OR l.pod_id < @lastPod OR (l.pod_id = @lastPod AND l.seq < @lastSeq))`,
    f,
  )}
  LIMIT @cap)`

/** The page's lines by key ([ts, pod_id, seq] in @keys), in that order, with what a line shows. */
const PAGE_SQL = `SELECT l.ts, l.pod_id AS podId, l.seq, l.level, c.name AS container,
    printf(t.format, l.p1, l.p2, l.p3, l.p4, l.p5) AS message,
    p.name AS pod, w.name AS workload, w.kind, n.name AS namespace, n.cluster_uid AS cluster
  FROM json_each(@keys) k
    CROSS JOIN k8s_log_lines l ON l.ts = k.value ->> 0 AND l.pod_id = k.value ->> 1 AND l.seq = k.value ->> 2
    JOIN k8s_log_templates t ON t.id = l.template_id
    JOIN k8s_log_containers c ON c.id = l.container_id
    JOIN k8s_pods p ON p.id = l.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
    JOIN k8s_namespaces n ON n.id = w.namespace_id
  ORDER BY k.key`

/** The time of the (@skip + 1)-th newest line of [@from, @to) (none when it holds fewer). */
const NTH_NEWEST_SQL = `SELECT ts FROM k8s_log_lines WHERE ts >= @from AND ts < @to
  ORDER BY ts DESC LIMIT 1 OFFSET @skip`
const COUNT_LINES_SQL = 'SELECT count(*) FROM k8s_log_lines WHERE ts >= @from AND ts < @to'
/** The hours starting in [@from, @to), newest first, with their lines (@to on the hour: whole hours). */
const HOURS_SQL =
  'SELECT hour, lines FROM k8s_log_hours WHERE hour >= @from AND hour < @to ORDER BY hour DESC'

/**
 * The time of the `nth` newest line of [from, to) stored time (undefined when it holds fewer): the
 * lines of the part-hour at the window's end counted, then whole hours added up back from it
 * (k8s_log_hours) until they hold that many, and the line found by walking one hour's keys.
 */
export function scanStart(
  db: Db,
  from: number,
  to: number,
  nth = KUBERNETES_LOGS_MAX_SCAN,
): number | undefined {
  const walk = (a: number, b: number, skip: number) =>
    cachedStatement(db, NTH_NEWEST_SQL).pluck().get({ from: a, to: b, skip }) as number | undefined
  const top = Math.max(from, to - (to % HOUR))
  let seen = cachedStatement(db, COUNT_LINES_SQL).pluck().get({ from: top, to }) as number
  if (seen >= nth) return walk(top, to, nth - 1)
  const hours = cachedStatement(db, HOURS_SQL).raw().all({ from, to: top }) as [number, number][]
  for (const [hour, lines] of hours) {
    if (seen + lines >= nth) return walk(hour, hour + HOUR, nth - 1 - seen)
    seen += lines
  }
  // The part-hour at the window's start, below the whole hours.
  const bottom = hours.at(-1)?.[0] ?? top
  return from < bottom ? walk(from, bottom, nth - 1 - seen) : undefined
}

/** The clusters any pod is in: a search of all of them needs no pod filter. */
const POD_CLUSTERS_SQL = 'SELECT DISTINCT cluster_uid FROM k8s_namespaces'

const NAMESPACES_SQL = `SELECT DISTINCT name FROM k8s_namespaces
  WHERE cluster_uid IN (SELECT value FROM json_each(?)) ORDER BY name`
const CONTAINERS_SQL = 'SELECT name FROM k8s_log_containers ORDER BY name'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

interface LineRow {
  ts: number
  podId: number
  seq: number
  level: number
  container: string
  message: string
  pod: string
  workload: string
  kind: KubernetesWorkloadKind
  namespace: string
  cluster: string
}

/** GET /api/v1/kubernetes/logs (R219). */
export function kubernetesLogs(
  db: Db,
  scope: ClusterScope,
  q: KubernetesLogsQuery,
  now: number,
): KubernetesLogs {
  const window = logsWindow(q, now)
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 50
  const offset = (page - 1) * pageSize
  if (offset + pageSize > KUBERNETES_LOGS_MAX_RESULTS)
    throw new HttpError(
      400,
      `querystring/page: only the first ${KUBERNETES_LOGS_MAX_RESULTS} matching lines are paged; narrow the search`,
    )
  const { shift } = kubernetesClock(db, now)
  const clusterUids = kubernetesClusters(scope, q.clusters)
  const clusters = JSON.stringify(clusterUids)
  const text = q.text?.trim()
  // Every level asked is no filter (the bench's and the page's "all levels" send them all).
  const asked = new Set(q.levels?.split(','))
  const levels =
    q.levels && asked.size < KUBERNETES_LOG_LEVELS.length
      ? [...asked].map((l) => KUBERNETES_LOG_LEVELS.indexOf(l as never))
      : undefined
  const params: Record<string, unknown> = {
    from: window.start - shift,
    to: window.end - shift,
    clusters,
    namespace: q.namespace ?? null,
    pod: q.pod ?? null,
    container: q.container ?? null,
    levels: levels ? JSON.stringify(levels) : null,
    text: text ? `%${escapeLike(text)}%` : null,
  }
  // The newest KUBERNETES_LOGS_MAX_SCAN lines of the window at most: a walk down the key, no message read.
  const oldestTs = scanStart(db, params.from as number, params.to as number)
  const oldest = oldestTs === undefined ? undefined : { ts: oldestTs }
  if (oldest && oldest.ts > (params.from as number)) params.from = oldest.ts
  const podClusters = cachedStatement(db, POD_CLUSTERS_SQL).pluck().all() as string[]
  const filters: Filters = {
    // Every line is of a pod of some cluster's namespace (seed/kubernetes-logs.ts): asking every
    // cluster, and no namespace or pod, filters nothing.
    pods: !!(q.namespace || q.pod) || podClusters.some((uid) => !clusterUids.includes(uid)),
    levels: !!levels,
    container: !!q.container,
    text: !!text,
  }
  const keys = cachedStatement(db, keysSql(filters))
    .raw()
    .all({ ...params, limit: offset + pageSize }) as [number, number, number][]
  // Every match is in `keys` unless it filled them: then the count goes on after the last one.
  const last = keys.length === offset + pageSize ? keys.at(-1) : undefined
  const counted = last
    ? keys.length +
      (cachedStatement(db, restCountSql(filters))
        .pluck()
        .get({
          ...params,
          lastTs: last[0],
          lastPod: last[1],
          lastSeq: last[2],
          cap: KUBERNETES_LOGS_MAX_RESULTS + 1 - keys.length,
        }) as number)
    : keys.length
  const pageKeys = keys.slice(offset)
  const rows = pageKeys.length
    ? (cachedStatement(db, PAGE_SQL).all({ keys: JSON.stringify(pageKeys) }) as LineRow[])
    : []
  const lines: KubernetesLogLine[] = rows.map((r) => ({
    id: `${r.ts}-${r.podId}-${r.seq}`,
    time: new Date(r.ts + shift).toISOString(),
    level: KUBERNETES_LOG_LEVELS[r.level]!,
    cluster: r.cluster,
    namespace: r.namespace,
    pod: r.pod,
    container: r.container,
    workload: r.workload,
    kind: r.kind,
    message: r.message,
  }))
  return {
    lines,
    total: Math.min(counted, KUBERNETES_LOGS_MAX_RESULTS),
    more: counted > KUBERNETES_LOGS_MAX_RESULTS,
    ...(oldest &&
      oldest.ts + shift > window.start && { searchedFrom: new Date(oldest.ts + shift).toISOString() }),
    metadata: {
      namespaces: cachedStatement(db, NAMESPACES_SQL)
        .all(clusters)
        .map((r) => (r as { name: string }).name),
      containers: cachedStatement(db, CONTAINERS_SQL)
        .all()
        .map((r) => (r as { name: string }).name),
    },
    window: { startTime: new Date(window.start).toISOString(), endTime: new Date(window.end).toISOString() },
  }
}
