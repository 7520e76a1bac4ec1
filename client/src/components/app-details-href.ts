/**
 * The address of an application's details page (issue 17, R113 /app/application/:appType), for every
 * row, tooltip and search result that names an app. The query keys (execId, clusterUid) follow the
 * real product's addresses; the path segment is the details page's type, not the list's kind.
 */
const DETAILS_TYPES: Readonly<Record<string, string>> = {
  spark: 'spark',
  mr: 'mr',
  mapreduce: 'mr',
  hive: 'hive',
  hivemr: 'hive',
  hivetz: 'hive',
  tez: 'tez',
  impala: 'impala',
  presto: 'presto',
  workflow: 'workflow',
  oozie: 'workflow',
  airflow: 'workflow',
}

/** The details page's type for a list's kind ('MAPREDUCE' → 'mr'); an unknown kind keeps its own. */
export const detailsType = (kind: string) => DETAILS_TYPES[kind.trim().toLowerCase()] ?? kind.toLowerCase()

/** The types with their own details route (R108): the same page with the type fixed in the path. */
const FIXED_TYPE_PATHS: Readonly<Record<string, string>> = {
  presto: 'apptype/presto',
}

/**
 * A BigQuery job's details (R157 /job/{jobId}/details, E167): BigQuery jobs are bq_jobs, not
 * applications (issue 19), so R109 and every BigQuery link lead there.
 */
export const bigQueryJobHref = (jobId: string) =>
  jobId ? `/job/${encodeURIComponent(jobId)}/details` : '/job/list'

/**
 * `/app/application/<type>?execId=<id>&clusterUid=<cluster>` (Presto:
 * `/app/application/apptype/presto?…`); no cluster (or '*') leaves it out. A BigQuery job: its own
 * details page (bigQueryJobHref).
 */
export function appDetailsHref(app: { kind: string; id: string; clusterUid?: string | null }): string {
  if (app.kind.trim().toLowerCase() === 'bigquery') return bigQueryJobHref(app.id)
  const query = new URLSearchParams({ execId: app.id })
  if (app.clusterUid && app.clusterUid !== '*') query.set('clusterUid', app.clusterUid)
  const type = detailsType(app.kind)
  return `/app/application/${FIXED_TYPE_PATHS[type] ?? type}?${query.toString()}`
}
