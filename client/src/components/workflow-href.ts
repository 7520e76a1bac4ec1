/*
 * The addresses of a workflow (one pipeline run) and of a pipeline's runs (issue 17), for every
 * list that names one: use these, never build the URL by hand (as app-details-href.ts for apps).
 */

/** R112: a workflow's page, `?execId=<workflow id>&clusterUid=<cluster>` as the app details pages. */
export function workflowHref(run: { id: string; clusterUid?: string }): string {
  const query = new URLSearchParams({ execId: run.id })
  if (run.clusterUid && run.clusterUid !== '*') query.set('clusterUid', run.clusterUid)
  return `/app/application/workflow?${query.toString()}`
}

/**
 * R111: a pipeline's runs page. `range` is the address query of the list it is opened from (its
 * dateRangeLabel or start_date/end_date), so the page shows the runs of the same window.
 */
export function pipelineHref(pipeline: string, clusterUid?: string, range?: URLSearchParams): string {
  const query = new URLSearchParams()
  for (const key of ['dateRangeLabel', 'start_date', 'end_date']) {
    const value = range?.get(key)
    if (value) query.set(key, value)
  }
  if (clusterUid && clusterUid !== '*') query.set('clusterUid', clusterUid)
  const text = query.toString()
  return `/app/application/pipeline/${encodeURIComponent(pipeline)}${text ? `?${text}` : ''}`
}

/** R110: the interactive session a Hive, Impala or Presto query belongs to, named by that query. */
export function sessionHref(queryId: string): string {
  return `/app/application/session?${new URLSearchParams({ execId: queryId }).toString()}`
}

/** The engines whose queries make up sessions (the server's GET /sessions/{id} answers the others 400). */
export const SESSION_KINDS: ReadonlySet<string> = new Set(['hive', 'impala', 'presto'])
