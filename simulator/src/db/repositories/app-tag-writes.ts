import { noteWrite } from '../time-columns.ts'
import type { AppTags, AppTagsBody } from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appTags } from './app-details.ts'
import { readableApp } from './app-access.ts'
import type { ClusterScope } from './scope.ts'

/** The owner's identity (01 §3): seeded with the app, never a tag a user sets or removes. */
const OWNER_KEY = 'RealUser'

/**
 * PUT /apps/{id}/tags (ours): the app's tags become exactly `tags` (each pair once), RealUser kept.
 * They live in app_tags, which the lists' tag filters and chargeback by tag read, so both show the
 * change at once, and a new pair is added to the cluster's seen tags (the filters' options) over
 * the app's life; the answer is what GET /apps/{id}/tags now says.
 */
export function setAppTags(db: Db, scope: ClusterScope, id: string, body: AppTagsBody, now: number): AppTags {
  const app = readableApp(db, scope, id)
  if (body.tags.some((t) => t.key === OWNER_KEY))
    throw new HttpError(400, `${OWNER_KEY} is the owner's identity, not a tag: it cannot be set.`)
  db.transaction(() => {
    // A running app's pairs are seen until now: the data resumes from it on the next start.
    noteWrite(db, now)
    cachedStatement(db, `DELETE FROM app_tags WHERE app_id = ? AND key <> '${OWNER_KEY}'`).run(app.id)
    const insert = cachedStatement(db, 'INSERT OR IGNORE INTO app_tags (app_id, key, value) VALUES (?, ?, ?)')
    for (const { key, value } of body.tags) insert.run(app.id, key, value)
    // The tag filters offer the pairs seen on a cluster in the window (tags): seen over the app's life.
    const seen = cachedStatement(
      db,
      `INSERT INTO tags (cluster_uid, source, key, value, first_seen, last_seen)
       SELECT c.unravel_id, CASE c.kind WHEN 'Yarn' THEN 'yarn' WHEN 'Impala' THEN 'impala' WHEN 'bigquery' THEN 'big_query'
                                        ELSE 'DBX_CLUSTER' END, @key, @value, @from, @to
         FROM clusters c WHERE c.unravel_id = @cluster AND c.kind IN ('Yarn', 'Impala', 'bigquery', 'db_all_purpose', 'db_job')
       ON CONFLICT (cluster_uid, source, key, value) DO UPDATE
          SET first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen)`,
    )
    const life = { cluster: app.cluster_uid, from: app.start_time, to: app.finished_time ?? now }
    for (const { key, value } of body.tags) seen.run({ ...life, key, value })
  })()
  return appTags(db, scope, app.id)
}
