/**
 * The address of one Spark job's page (R114 /app/application/spark/job): the app as execId, as the
 * details page names it, the job as jobId, and the cluster when known.
 */
export function sparkJobHref(app: { id: string; clusterUid?: string | null }, jobId: number): string {
  const query = new URLSearchParams({ execId: app.id, jobId: String(jobId) })
  if (app.clusterUid && app.clusterUid !== '*') query.set('clusterUid', app.clusterUid)
  return `/app/application/spark/job?${query.toString()}`
}
