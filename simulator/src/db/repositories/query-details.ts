import type { QueryDetails } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { deriveQuery, isQueryEngine } from '../../details/query.ts'
import type { Db } from '../open-database.ts'
import { readableApp } from './app-access.ts'
import type { ClusterScope } from './scope.ts'

/**
 * GET /apps/{id}/query: the access check of the details first (404 not available, 403 forbidden),
 * then an app of another engine is refused (400 naming its type) and the query is derived from the
 * record (details/query.ts). Nothing is stored.
 */
export function queryDetails(db: Db, scope: ClusterScope, id: string, now: number): QueryDetails {
  const app = readableApp(db, scope, id)
  const kind = app.kind
  if (!isQueryEngine(kind))
    throw new HttpError(400, `Application ${id} is a ${kind} application, not an Impala or Presto query.`)
  return deriveQuery({ ...app, kind }, now)
}
