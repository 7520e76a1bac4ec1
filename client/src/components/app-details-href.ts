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
  bigquery: 'bigquery',
  workflow: 'workflow',
  oozie: 'workflow',
  airflow: 'workflow',
}

/** The details page's type for a list's kind ('MAPREDUCE' → 'mr'); an unknown kind keeps its own. */
export const detailsType = (kind: string) => DETAILS_TYPES[kind.trim().toLowerCase()] ?? kind.toLowerCase()

/** The types with their own details route (R108, R109): the same page with the type fixed in the path. */
const FIXED_TYPE_PATHS: Readonly<Record<string, string>> = {
  presto: 'apptype/presto',
  bigquery: 'apptype/bigquery',
}

/**
 * `/app/application/<type>?execId=<id>&clusterUid=<cluster>` (Presto and BigQuery:
 * `/app/application/apptype/<type>?…`); no cluster (or '*') leaves it out.
 */
export function appDetailsHref(app: { kind: string; id: string; clusterUid?: string | null }): string {
  const query = new URLSearchParams({ execId: app.id })
  if (app.clusterUid && app.clusterUid !== '*') query.set('clusterUid', app.clusterUid)
  const type = detailsType(app.kind)
  return `/app/application/${FIXED_TYPE_PATHS[type] ?? type}?${query.toString()}`
}
