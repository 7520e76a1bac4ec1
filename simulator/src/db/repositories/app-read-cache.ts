import type { Db } from '../open-database.ts'

/*
 * In-process structures built from the applications of one database (the job-count index, the
 * pipeline index), kept while the applications stay as they are. Applications change only through
 * the console's writes (rewriteApp in app-writes.ts: a kill, a move) and a reset (resetDatabase);
 * each calls appsChanged: a structure with a patch is brought up to date in place by a kill or a
 * move, any other is built afresh by the next read. The time shift does not invalidate: the
 * structures hold the seeded times and the readers add appsTimeShift, as the SQL does.
 */

/** What a write changed of one app: the columns a kill or a move rewrites, and where it sits. */
export interface RewrittenApp {
  id: string
  name: string
  cluster_uid: string
  start_time: number
  status: string
  finished_time: number | null
  duration: number
  queue: string
  vcore_seconds: number
  memory_seconds: number
}

interface Entry {
  generation: number
  value: unknown
  /**
   * Brings the value up to date with rewritten apps in place (false: it could not, build afresh);
   * without it a write rebuilds.
   */
  patch?: (rows: readonly RewrittenApp[]) => boolean | void
}

const generations = new WeakMap<Db, number>()
const caches = new WeakMap<Db, Map<string, Entry>>()

/**
 * Marks every structure built from this database's applications stale, except those that patch
 * themselves with the `rewritten` apps (a kill or a move: no app added, none moved in start order).
 */
export function appsChanged(db: Db, rewritten?: readonly RewrittenApp[]): void {
  const generation = (generations.get(db) ?? 0) + 1
  const current = generations.get(db) ?? 0
  generations.set(db, generation)
  if (!rewritten) return
  for (const entry of caches.get(db)?.values() ?? [])
    if (entry.patch && entry.generation === current && entry.patch(rewritten) !== false)
      entry.generation = generation
}

/**
 * The structure `name` of this database's applications, built by `build` when missing or stale;
 * `patch` (optional) updates it in place after a kill or a move instead.
 */
export function appsDerived<T>(
  db: Db,
  name: string,
  build: () => T,
  patch?: (value: T, rows: readonly RewrittenApp[]) => boolean | void,
): T {
  const generation = generations.get(db) ?? 0
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const hit = cache.get(name)
  if (hit && hit.generation === generation) return hit.value as T
  const value = build()
  cache.set(name, { generation, value, patch: patch && ((rows) => patch(value, rows)) })
  return value
}
