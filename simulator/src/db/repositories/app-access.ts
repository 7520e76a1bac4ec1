import { HttpError } from '../../errors.ts'
import { recordAsRead, type DetailsRecord } from '../../details/record.ts'
import type { Db } from '../open-database.ts'
import type { AppRow } from '../seed/applications.ts'
import { cachedStatement } from '../statement-cache.ts'
import { rowAsShown } from './app-row-as-shown.ts'
import { appsTimeShift } from './applications.ts'
import type { ClusterScope } from './scope.ts'

/**
 * The application-details access check (02 §7 POST /apps/{id}/can_access, 02 §8), decided once for
 * every details call before anything is derived: an id no application has is "not available"; an
 * application on a cluster outside the user's scope (another platform's), or not on the cluster the
 * caller names, is "forbidden". Both texts are the spec's (messages.json).
 */
export interface AppAccess {
  canAccessApp: boolean
  appExist: boolean
}

export const appForbidden = (id: string) =>
  new HttpError(403, `Information for this application ${id} is forbidden.`)
export const appNotAvailable = (id: string) =>
  new HttpError(404, `Information for this application ${id} is not available.`)

// Read with its rowid: the record a details route derives from is shown whole (app-row-as-shown.ts).
function storedApp(db: Db, id: string): (AppRow & { rid: number }) | undefined {
  return cachedStatement(db, 'SELECT rowid AS rid, * FROM applications WHERE id = ?').get(id) as
    (AppRow & { rid: number }) | undefined
}

/** What can_access answers: whether the app exists and whether this user may read it. */
export function appAccess(db: Db, scope: ClusterScope, id: string, clusterUid?: string): AppAccess {
  const row = storedApp(db, id)
  if (!row) return { canAccessApp: false, appExist: false }
  const onNamedCluster = !clusterUid || clusterUid === '*' || clusterUid === row.cluster_uid
  return { canAccessApp: onNamedCluster && scope.clusterUids.includes(row.cluster_uid), appExist: true }
}

/**
 * The record of an application the user may read, in the time frame the lists show (times moved
 * by the apps' shift, so details line up with every list): 404 when no app has the id, 403 when it
 * is not the user's. Every details route starts here.
 */
export function readableApp(
  db: Db,
  scope: ClusterScope,
  id: string,
  clusterUid?: string,
): AppRow & DetailsRecord {
  const access = appAccess(db, scope, id, clusterUid)
  if (!access.appExist) throw appNotAvailable(id)
  if (!access.canAccessApp) throw appForbidden(id)
  const shift = appsTimeShift(db)
  // Only the record read goes through rowAsShown: the access check above needs no derived text.
  const row = recordAsRead(rowAsShown(storedApp(db, id)!), shift)
  return { ...row, finished_time: row.finished_time === null ? null : row.finished_time + shift }
}
