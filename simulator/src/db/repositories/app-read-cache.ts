import type { Db } from '../open-database.ts'

/*
 * In-process structures built from the applications of one database (the job-count index, the
 * pipeline index), kept while the applications stay as they are. Applications change only through
 * the console's writes (rewriteApp in app-writes.ts: a kill, a move) and a reset (resetDatabase);
 * each calls appsChanged, and the next read builds afresh. The time shift does not invalidate: the
 * structures hold the seeded times and the readers add appsTimeShift, as the SQL does.
 */

interface Entry {
  generation: number
  value: unknown
}

const generations = new WeakMap<Db, number>()
const caches = new WeakMap<Db, Map<string, Entry>>()

/** Marks every structure built from this database's applications stale. */
export function appsChanged(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1)
}

/** The structure `name` of this database's applications, built by `build` when missing or stale. */
export function appsDerived<T>(db: Db, name: string, build: () => T): T {
  const generation = generations.get(db) ?? 0
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const hit = cache.get(name)
  if (hit && hit.generation === generation) return hit.value as T
  const value = build()
  cache.set(name, { generation, value })
  return value
}
