/*
 * E010's page: the apps the search index matched (app-search-index.ts), one page in the asked sort.
 * Two ways to read it, the cheaper one taken:
 * - walk the index of the sort column in order, keeping the matched rows (a SQL function over a
 *   mask of their rowids), until the page is full: about (from + size) × apps / matches entries, cheap
 *   when many apps match;
 * - or read the matched rows themselves by rowid and sort them: cheap when few match.
 */
import type { AppSortField } from '@costlens/shared'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'
import { byName } from '../seed/name-codes.ts'
import type { AppIndex, Where } from './applications.ts'
import type { SearchIndex, SearchMatch } from './app-search-index.ts'

/** The indexes that lead with a sort column (schema.sql), which a page can be walked in. */
const SORT_INDEX: Partial<Record<AppSortField, AppIndex>> = {
  startTime: 'applications_start',
  finishedTime: 'applications_finished',
  duration: 'applications_duration',
  cents: 'applications_cents',
  cost: 'applications_cents',
  user: 'applications_user',
  queue: 'applications_queue',
}

/**
 * A row read by rowid and sorted costs about as much as this many index entries walked with the
 * hit function (measured at large; set high, as the matches of a string often sit far into the walk).
 */
const ROW_COST = 12

/**
 * The matched rowids of the current walk (one query at a time: better-sqlite3 is synchronous), and
 * how many more entries it may test: a walk far longer than its estimate (the matches of a string
 * sitting at the far end of the sort, e.g. cheap Presto queries by highest cost) stops, and the
 * matched rows are read instead.
 */
let currentMask: Uint8Array = new Uint8Array(0)
let walkBudget = 0
const withHitFunction = new WeakSet<Db>()
class WalkTooLong extends Error {}

function registerHitFunction(db: Db): void {
  if (withHitFunction.has(db)) return
  db.function('app_search_hit', { deterministic: false }, (rowid) => {
    if (--walkBudget < 0) throw new WalkTooLong('walk too long')
    return currentMask[Number(rowid)] ?? 0
  })
  withHitFunction.add(db)
}

/**
 * The rowids of one page of the matched apps, in `order` (searchOrder's ORDER BY of `field`).
 * `where` holds the scope and window clauses the match was made with (the walk re-checks them in
 * the index, the rows read by rowid need not).
 */
export function matchedPage(
  db: Db,
  index: SearchIndex,
  match: SearchMatch,
  where: Where,
  sort: { field: AppSortField; order: string },
  page: { from: number; size: number },
): number[] {
  if (match.count <= page.from || page.size === 0) return []
  // By name, user or queue: the index holds every app's code of them, sorted here at once (no SQL
  // index leads with the name; walking the user or queue index is slow when the matches sit far in).
  if (sort.field === 'name' || sort.field === 'user' || sort.field === 'queue')
    return pageByValue(index, index[sort.field], match, sort.order.includes(' DESC'), page)
  const walkIndex = SORT_INDEX[sort.field]
  const walkCost = ((page.from + page.size) * index.rowid.length) / match.count
  const params = { size: page.size, from: page.from }
  if (walkIndex && walkCost < match.count * ROW_COST) {
    registerHitFunction(db)
    const mask = new Uint8Array(index.maxRowid + 1)
    for (const a of match.positions) mask[index.rowid[a]!] = 1
    currentMask = mask
    walkBudget = Math.max(match.count * ROW_COST, 4 * walkCost)
    try {
      return cachedStatement(
        db,
        `SELECT a.rowid FROM applications a INDEXED BY ${walkIndex}
          WHERE ${[...where.clauses, 'app_search_hit(a.rowid)'].join(' AND ')}
          ORDER BY ${sort.order} LIMIT @size OFFSET @from`,
      )
        .pluck()
        .all({ ...where.params, ...params }) as number[]
    } catch (error) {
      if (!(error instanceof WalkTooLong)) throw error
    } finally {
      currentMask = new Uint8Array(0)
    }
  }
  const rowids = Array.from(match.positions, (a) => index.rowid[a]!)
  return cachedStatement(
    db,
    `SELECT a.rowid FROM applications a NOT INDEXED WHERE a.rowid IN (SELECT value FROM json_each(@ids))
      ORDER BY ${sort.order} LIMIT @size OFFSET @from`,
  )
    .pluck()
    .all({ ids: JSON.stringify(rowids), ...params }) as number[]
}

const nameRanks = new WeakMap<SearchIndex, Uint32Array>()

/** Each value's place in SQLite's order of text (BINARY: by code unit, as JS compares ASCII). */
function rankOfValues(index: SearchIndex): Uint32Array {
  let ranks = nameRanks.get(index)
  if (!ranks || ranks.length !== index.values.length) {
    const codes = index.values.map((_v, c) => c)
    codes.sort((x, y) => byName(index.values[x]!, index.values[y]!))
    ranks = new Uint32Array(codes.length)
    codes.forEach((code, rank) => (ranks![code] = rank))
    nameRanks.set(index, ranks)
  }
  return ranks
}

/**
 * One page by a value column (then start time, then rowid, the same way: searchOrder's ties): the
 * values up to the page's last one found by counting the matches per value, then only their apps sorted.
 */
function pageByValue(
  index: SearchIndex,
  codes: Uint32Array,
  match: SearchMatch,
  descending: boolean,
  page: { from: number; size: number },
): number[] {
  const ranks = rankOfValues(index)
  const last = index.values.length - 1
  const rankOf = (a: number) => {
    const rank = ranks[codes[a]!]!
    return descending ? last - rank : rank
  }
  const perRank = new Uint32Array(index.values.length)
  for (const a of match.positions) perRank[rankOf(a)]!++
  let upTo = 0
  for (let seen = 0; upTo <= last && seen + perRank[upTo]! < page.from + page.size; upTo++)
    seen += perRank[upTo]!
  const sign = descending ? -1 : 1
  const sorted = match.positions
    .filter((a) => rankOf(a) <= upTo)
    .sort(
      (x, y) =>
        rankOf(x) - rankOf(y) ||
        sign * (index.start[x]! - index.start[y]!) ||
        sign * (index.rowid[x]! - index.rowid[y]!),
    )
  return Array.from(sorted.subarray(page.from, page.from + page.size), (a) => index.rowid[a]!)
}
