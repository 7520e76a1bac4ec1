import { bigqueryEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { costTags } from '../../db/repositories/bigquery-cost-tags.ts'
import { costTopK } from '../../db/repositories/bigquery-cost-topk.ts'
import { costOverview } from '../../db/repositories/bigquery-cost.ts'
import { insightsOverview } from '../../db/repositories/bigquery-insights.ts'
import { jobDetails, jobMetadata, searchJobs } from '../../db/repositories/bigquery-jobs.ts'
import { listProjects, projectMetadata } from '../../db/repositories/bigquery-projects.ts'
import { route } from '../route.ts'
import { bigqueryDataRoutes } from './data.ts'

/** The BigQuery job list, its metadata, a job's details and the project list (03 §2-§4), from `bigqueryEndpoints`. */
export default async function bigqueryRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.jobSearch, (request) => searchJobs(db, request.body, clock.now()))
  route(app, calls.jobMetadata, (request) => jobMetadata(db, request.query, clock.now()))
  route(app, calls.jobDetails, (request) => jobDetails(db, request.params.jobId, clock.now()))
  route(app, calls.projects, (request) => listProjects(db, request.query, clock.now()))
  route(app, calls.projectMetadata, () => projectMetadata(db))
  // The cost pages (admin only: declared on the entries).
  route(app, calls.costOverview, (request) => costOverview(db, request.query, clock.now()))
  route(app, calls.costTopK, (request) => costTopK(db, request.query, clock.now()))
  route(app, calls.costTags, (request) => costTags(db, request.query, clock.now()))
  route(app, calls.insightsOverview, (request) => insightsOverview(db, request.query, clock.now()))
  await bigqueryDataRoutes(app)
}
