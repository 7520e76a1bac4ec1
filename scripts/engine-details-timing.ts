/*
 * Times every engine's application-details call (spark, tez, impala, hive, mr, the writes' reads)
 * through the app, as the client calls them, over varied apps of a seeded database: per kind the
 * biggest (most tasks, most stages), the most expensive, failed ones and a spread by id. p50, p99
 * and max in ms per request. The calls every type shares are timed by app-details-timing.ts.
 * No assertion: figures for reading (issue 17: p50 ≤ 15 ms, p99 ≤ 50 ms at the large scale).
 *
 *   npx tsx scripts/engine-details-timing.ts DB_PATH     a seeded database (npm run seed -- --scale large)
 */
import { PIPELINE_NAMES } from '../simulator/src/db/seed/applications.ts'
import { signedInApp, signedInHeaders, timingLine } from './timing-app.ts'

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: npx tsx scripts/engine-details-timing.ts DB_PATH')
const { app, headers } = await signedInApp(dbPath)
const bigqueryHeaders = await signedInHeaders(app, 'bigquery')

interface Row {
  id: string
  cluster_uid: string
}
const scopedTo = (platform: string) =>
  `cluster_uid IN (SELECT unravel_id FROM clusters WHERE platform = '${platform}')`
const pick = (sql: string) => app.db.prepare(sql).all() as Row[]

/** About 100 apps of a kind: the extremes first, then a spread. */
function appsOf(kind: string, platform: string): Row[] {
  const where = `${scopedTo(platform)} AND kind = '${kind}'`
  const rows = [
    ...pick(`SELECT id, cluster_uid FROM applications WHERE ${where} ORDER BY task_count DESC LIMIT 10`),
    ...pick(`SELECT id, cluster_uid FROM applications WHERE ${where} ORDER BY num_stages DESC LIMIT 10`),
    ...pick(`SELECT id, cluster_uid FROM applications WHERE ${where} ORDER BY cents DESC LIMIT 10`),
    ...pick(`SELECT id, cluster_uid FROM applications WHERE ${where} AND status IN ('F', 'K') LIMIT 10`),
    ...pick(
      `SELECT id, cluster_uid FROM applications WHERE ${where} ORDER BY (rowid * 7919) % 100003 LIMIT 60`,
    ),
  ]
  return [...new Map(rows.map((r) => [r.id, r])).values()]
}

const dagOf = (id: string) => id.replace(/^application_/, 'dag_') + '_1'
type Url = (a: Row) => string
const CALLS: Record<string, [string, Url][]> = {
  spark: [
    ['E099 GET /spark/{id}/annotation/', (a) => `/api/v1/spark/${a.id}/annotation/`],
    ['E100 GET /spark/{c}/{id}/jobs', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/jobs`],
    ['E101 GET …/jobs/job-0/stages', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/jobs/job-0/stages`],
    ['E102 GET …/jobs/job-0/dag', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/jobs/job-0/dag`],
    ['E106 GET …/stage/allstages', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/stage/allstages`],
    ['E106 GET …/executors', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/executors`],
    ['E107 GET …/executions', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/executions`],
    ['E108 GET /spark/spark/{id}/appmeta', (a) => `/api/v1/spark/spark/${a.id}/appmeta`],
    ['E109 GET /spark/{id}/spark_stream', (a) => `/api/v1/spark/${a.id}/spark_stream`],
    ['E112 GET …/stage/0/0 (tasks page)', (a) => `/api/v1/spark/${a.cluster_uid}/${a.id}/stage/0/0`],
    ['E103 GET …/executor/driver/log', (a) => `/api/v1/spark/${a.id}/executor/driver/log`],
    [
      'E104 GET common …/driver/log?compress',
      (a) => `/api/v1/common/app/${a.id}/executors/driver/log?compress=true`,
    ],
    ['E113 GET /spark/{id}/1/errors', (a) => `/api/v1/spark/${a.id}/1/errors`],
    ['E113 GET /spark/{id}/1/analysis', (a) => `/api/v1/spark/${a.id}/1/analysis`],
  ],
  tez: [
    ['E114 GET /tez/{c}/{app}', (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}`],
    ['E115 GET …/version', (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}/version`],
    ['E116 GET …/dags/{dag}', (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}/dags/${dagOf(a.id)}`],
    [
      'E117 GET …/dags/{dag}/version',
      (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}/dags/${dagOf(a.id)}/version`,
    ],
    [
      'E118 GET …/dags/aggregation/{dag}/hour',
      (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}/dags/aggregation/${dagOf(a.id)}/hour`,
    ],
    ['E119 GET …/dags/list', (a) => `/api/v1/tez/${a.cluster_uid}/${a.id}/dags/list`],
    ['E120 GET /tez/dag_info', (a) => `/api/v1/tez/dag_info?app_id=${a.id}&dag_id=${dagOf(a.id)}`],
    ['E121 GET /tez/{c}/events/{dag}', (a) => `/api/v1/tez/${a.cluster_uid}/events/${dagOf(a.id)}`],
  ],
  impala: [
    ['E078 GET /impala/{id}/fragments', (a) => `/api/v1/impala/${a.id}/fragments`],
    ['E079 GET /impala/{id}/operators', (a) => `/api/v1/impala/${a.id}/operators`],
    ['GET /impala/{id}/errorview', (a) => `/api/v1/impala/${a.id}/errorview`],
  ],
  hive: [
    ['E095 GET /hive/{id}/viz_json', (a) => `/api/v1/hive/${a.id}/viz_json`],
    ['GET /hive_queries/{id}/errorview', (a) => `/api/v1/hive_queries/${a.id}/errorview`],
  ],
  mr: [
    ['E089 GET /mr/{id}/annotation', (a) => `/api/v1/mr/${a.id}/annotation`],
    ['GET /jobs/{id}/events', (a) => `/api/v1/jobs/${a.id}/events`],
    ['GET /jobs/{id}/errorview', (a) => `/api/v1/jobs/${a.id}/errorview`],
  ],
  impala_query: [['GET /apps/{id}/query (Impala)', (a) => `/api/v1/apps/${a.id}/query`]],
  presto_query: [
    ['GET /apps/{id}/query (Presto)', (a) => `/api/v1/apps/${a.id}/query`],
    ['GET /sessions/{id} (Presto)', (a) => `/api/v1/sessions/${a.id}`],
  ],
  bigquery_query: [['GET /apps/{id}/query (BigQuery)', (a) => `/api/v1/apps/${a.id}/query`]],
  hive_session: [['GET /sessions/{id} (Hive)', (a) => `/api/v1/sessions/${a.id}`]],
  spark_writes: [
    ['GET /apps/{id}/comments', (a) => `/api/v1/apps/${a.id}/comments`],
    [
      'E122 GET /autoactions/recent_violations_by_app',
      (a) => `/api/v1/autoactions/recent_violations_by_app?app_id=${a.id}&clusterUid=${a.cluster_uid}`,
    ],
    [
      'E126 GET /apps/loadApplicationsLogStatus',
      (a) => `/api/v1/apps/loadApplicationsLogStatus?app_id=${a.id}`,
    ],
  ],
}

for (const [group, calls] of Object.entries(CALLS)) {
  const kind = group.replace(/_(writes|query|session)$/, '')
  // BigQuery jobs are the bigquery persona's (BIGQUERYV2); every other engine runs on the admin's CDH.
  const apps = appsOf(kind, kind === 'bigquery' ? 'BIGQUERYV2' : 'CDH')
  const asked = kind === 'bigquery' ? bigqueryHeaders : headers
  console.log(`\n${group}: ${apps.length} apps`)
  for (const [label, url] of calls) {
    for (const a of apps.slice(0, 10)) await app.inject({ method: 'GET', url: url(a), headers: asked })
    const ms: number[] = []
    const statuses = new Map<number, number>()
    for (const a of apps) {
      const t = performance.now()
      const res = await app.inject({ method: 'GET', url: url(a), headers: asked })
      ms.push(performance.now() - t)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (res.statusCode >= 500) throw new Error(`${label} ${a.id}: ${res.statusCode} ${res.body}`)
    }
    const answered = [...statuses].map(([code, n]) => `${n}×${code}`).join(' ')
    console.log(timingLine(label, ms, 46, answered))
  }
}
// Workflows (pipeline runs): each pipeline's runs over 7 and 30 days, then every run of the last 30 days.
const pipelineRuns = (pipeline: string, days: number) =>
  `/api/v1/workflows/pipelines/${pipeline}/runs?start_time=${app.clock.now() - days * 86_400_000}&end_time=${app.clock.now()}`
const runs: { id: string; clusterUid: string }[] = []
for (const pipeline of PIPELINE_NAMES) {
  const res = await app.inject({ method: 'GET', url: pipelineRuns(pipeline, 30), headers })
  runs.push(...res.json<{ runs: { id: string; clusterUid: string }[] }>().runs)
}
console.log(`\nworkflows: ${PIPELINE_NAMES.length} pipelines, ${runs.length} runs in the last 30 days`)
const timeUrls = async (label: string, urls: string[]) => {
  for (const url of urls.slice(0, 10)) await app.inject({ method: 'GET', url, headers })
  const ms: number[] = []
  for (const url of urls) {
    const t = performance.now()
    const res = await app.inject({ method: 'GET', url, headers })
    ms.push(performance.now() - t)
    if (res.statusCode !== 200) throw new Error(`${label} ${url}: ${res.statusCode} ${res.body}`)
  }
  console.log(timingLine(label, ms, 46, `${urls.length}×200`))
}
for (const days of [7, 30])
  await timeUrls(
    `GET /workflows/pipelines/{p}/runs (${days} days)`,
    Array.from({ length: 5 }, () => PIPELINE_NAMES.map((p) => pipelineRuns(p, days))).flat(),
  )
const sample = runs.filter((_, i) => i % Math.max(1, Math.floor(runs.length / 200)) === 0)
await timeUrls(
  'E096 GET /workflows/{id}/annotation_by_wfid',
  sample.map((r) => `/api/v1/workflows/${r.id}/annotation_by_wfid`),
)
await timeUrls(
  'E097 GET /workflows/oozie/{id}/children',
  sample.map((r) => `/api/v1/workflows/oozie/${r.id}/children`),
)
await timeUrls(
  'E098 GET /ds/api/v1/workflows/{c}/{id}/annotation',
  sample.map((r) => `/api/v1/ds/api/v1/workflows/${r.clusterUid}/${r.id}/annotation`),
)
await app.close()
