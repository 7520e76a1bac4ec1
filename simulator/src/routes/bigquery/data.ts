import { bigqueryEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { listDatasets, listTables, tableDetails, tableJobs } from '../../db/repositories/bigquery-data.ts'
import { route } from '../route.ts'

/**
 * The BigQuery /data page's calls (R159, admin only by their entries' access), from `bigqueryEndpoints`;
 * registered by index.ts (autoload reads a folder's index only).
 */
export async function bigqueryDataRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.dataDatasets, (request) => listDatasets(db, request.query, clock.now()))
  route(app, calls.dataTables, (request) => listTables(db, request.query, clock.now()))
  route(app, calls.dataTable, (request) =>
    tableDetails(db, request.params.tableId, request.query, clock.now()),
  )
  route(app, calls.dataTableJobs, (request) =>
    tableJobs(db, request.params.tableId, request.query, clock.now()),
  )
}
