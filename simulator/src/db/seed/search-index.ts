/*
 * The seed step of the global search's index (E010): built over the seeded applications table and
 * stored in app_search_index (repositories/app-search-index.ts says what it holds and why).
 */
import type { Db } from '../open-database.ts'
import { buildIndexFromApps, storeIndex } from '../repositories/app-search-index.ts'
import { SILENT_PROGRESS, type SeedProgress } from './progress.ts'

/** Builds the search index of the apps seeded in `db` and stores it; progress counts the apps read. */
export function buildSearchIndex(db: Db, progress: SeedProgress = SILENT_PROGRESS): void {
  const index = buildIndexFromApps(db, (n) => progress.advance(n))
  db.transaction(() => storeIndex(db, index))()
}
