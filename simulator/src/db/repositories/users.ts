import { roleFlags, type CurrentUser, type ClusterType, type Role } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { clustersOfPlatform } from './clusters.ts'

export interface UserRow {
  username: string
  password_hash: string
  email: string
  org: string
  role: Role
  cluster_type: ClusterType
  created_at: number
  frozen_start: number | null
  frozen_end: number | null
  frozen_yarn_cluster: string | null
  frozen_impala_cluster: string | null
  profile_json: string
}

export function findUserRow(db: Db, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined
}

/** The isValidToken record (01 §3, E005): columns, profile and the user's cluster lists. */
export function currentUser(db: Db, row: UserRow, exp: number): CurrentUser {
  const profile = JSON.parse(row.profile_json) as Omit<CurrentUser, 'username'>
  return {
    ...profile,
    username: row.username,
    email: row.email,
    org: row.org,
    created_at: row.created_at,
    role: row.role,
    ...roleFlags(row.role),
    clusterType: row.cluster_type,
    clusters: clustersOfPlatform(db, row.cluster_type),
    yarnclusters: clustersOfPlatform(db, row.cluster_type, 'Yarn'),
    impalaclusters: clustersOfPlatform(db, row.cluster_type, 'Impala'),
    frozenTime: row.frozen_start !== null && row.frozen_end !== null,
    frozenTimeStart: row.frozen_start,
    frozenTimeEnd: row.frozen_end,
    frozenYarnCluster: row.frozen_yarn_cluster,
    frozenImpalaCluster: row.frozen_impala_cluster,
    exp,
  }
}

/**
 * Records a user's request for the paid plan once: a repeated request (a double click, a retry)
 * leaves the pending one and its time as they were, so the call is idempotent.
 */
export function recordUpgradeRequest(db: Db, username: string, at: number): void {
  db.prepare(
    'INSERT INTO upgrade_requests (username, requested_at) VALUES (?, ?) ON CONFLICT (username) DO NOTHING',
  ).run(username, at)
}
