import { LRUCache } from 'lru-cache'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { appsTimeShift } from './applications.ts'

/*
 * The scored ranges of the detectors (issue 18), kept per database for a while: the detectors' list
 * scores each detector over the range, and the results page opened from it scores the same detector
 * over the same range again; so do the list's refetches. A scoring depends only on what the detector
 * watches (platform, metric, field, sensitivity), the range and the data: the key is those, so an edit
 * is a new key (start and stop change only the state, never the scoring), and the data's version is
 * the seed's moment and the time shift (a reset reseeds, a clock move shifts; nothing else writes the
 * series). Least recently used first out, at most MAX_ENTRIES (a month of ten entities is ~1 MB).
 */

/** A full list of detectors (20) over one range and some more. */
export const MAX_ENTRIES = 32

const memos = new WeakMap<Db, LRUCache<string, NonNullable<unknown>>>()

/** What the database's series are now: a reseed or a shift changes it. */
function dataVersion(db: Db): string {
  const seededAt = cachedStatement(db, "SELECT value FROM settings WHERE key = 'seeded_at'").pluck().get()
  return `${String(seededAt)}|${appsTimeShift(db)}`
}

/**
 * The value of `key` over the database's current data: kept, or made by `make` and kept. The value
 * is shared by every caller of the same key: callers must not change it.
 */
export function memoized<T extends NonNullable<unknown>>(db: Db, key: string, make: () => T): T {
  let memo = memos.get(db)
  if (!memo) memos.set(db, (memo = new LRUCache({ max: MAX_ENTRIES })))
  const fullKey = `${dataVersion(db)}|${key}`
  const kept = memo.get(fullKey) as T | undefined
  if (kept !== undefined) return kept
  const value = make()
  memo.set(fullKey, value)
  return value
}

/** How many values the database's memo holds (for tests: it stays bounded). */
export const memoSize = (db: Db): number => memos.get(db)?.size ?? 0
