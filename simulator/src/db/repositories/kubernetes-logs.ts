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
 * k8s_log_lines' key (ts, pod_id, seq), the pods filtered through a set built once per query (the
 * clusters, namespace and pod asked), the message rendered by printf in SQL from its template and
 * matched there with LIKE. No text index (a trigram FTS5 index over a million lines would cost more
 * megabytes than the lines themselves): a search reads at most the window's newest
 * KUBERNETES_LOGS_MAX_SCAN lines, found by walking the key back without reading a message, and the
 * count stops at KUBERNETES_LOGS_MAX_RESULTS, so a text found nowhere costs one bounded scan (a first
 * page that is not full is its own count).
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

const MESSAGE = 'printf(t.format, l.p1, l.p2, l.p3, l.p4, l.p5)'

/** The filters every read shares (named parameters). */
const WHERE = `l.ts >= @from AND l.ts < @to
  AND l.pod_id IN (SELECT p.id FROM k8s_pods p JOIN k8s_workloads w ON w.id = p.workload_id
      JOIN k8s_namespaces n ON n.id = w.namespace_id
    WHERE n.cluster_uid IN (SELECT value FROM json_each(@clusters))
      AND (@namespace IS NULL OR n.name = @namespace) AND (@pod IS NULL OR p.name = @pod))
  AND (@levels IS NULL OR l.level IN (SELECT value FROM json_each(@levels)))
  AND (@container IS NULL OR l.container_id = (SELECT id FROM k8s_log_containers WHERE name = @container))
  AND (@text IS NULL OR ${MESSAGE} LIKE @text ESCAPE '\\')`

const PAGE_SQL = `SELECT l.ts, l.pod_id AS podId, l.seq, l.level, c.name AS container, ${MESSAGE} AS message,
    p.name AS pod, w.name AS workload, w.kind, n.name AS namespace, n.cluster_uid AS cluster
  FROM k8s_log_lines l JOIN k8s_log_templates t ON t.id = l.template_id
    JOIN k8s_log_containers c ON c.id = l.container_id
    JOIN k8s_pods p ON p.id = l.pod_id JOIN k8s_workloads w ON w.id = p.workload_id
    JOIN k8s_namespaces n ON n.id = w.namespace_id
  WHERE ${WHERE}
  ORDER BY l.ts DESC, l.pod_id DESC, l.seq DESC
  LIMIT @limit OFFSET @offset`

const COUNT_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM k8s_log_lines l
    JOIN k8s_log_templates t ON t.id = l.template_id
  WHERE ${WHERE} LIMIT @cap)`

/** The time of the window's KUBERNETES_LOGS_MAX_SCAN-th newest line (none when it holds fewer). */
const SCAN_START_SQL = `SELECT ts FROM k8s_log_lines WHERE ts >= @from AND ts < @to
  ORDER BY ts DESC LIMIT 1 OFFSET @skip`

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
  const clusters = JSON.stringify(kubernetesClusters(scope, q.clusters))
  const text = q.text?.trim()
  const levels = q.levels?.split(',').map((l) => KUBERNETES_LOG_LEVELS.indexOf(l as never))
  const params = {
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
  const oldest = cachedStatement(db, SCAN_START_SQL).get({
    from: params.from,
    to: params.to,
    skip: KUBERNETES_LOGS_MAX_SCAN - 1,
  }) as { ts: number } | undefined
  if (oldest && oldest.ts > params.from) params.from = oldest.ts
  const rows = cachedStatement(db, PAGE_SQL).all({ ...params, limit: pageSize, offset }) as LineRow[]
  // A first page that is not full holds every match: no second pass (a text found nowhere scans once).
  const counted =
    offset === 0 && rows.length < pageSize
      ? rows.length
      : (
          cachedStatement(db, COUNT_SQL).get({ ...params, cap: KUBERNETES_LOGS_MAX_RESULTS + 1 }) as {
            n: number
          }
        ).n
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
