/*
 * The global search's index (E010, repositories/app-lists.ts globalSearch): what a substring search
 * over the id, name, user and queue of a million apps needs, in a few typed arrays held in memory.
 *
 * A LIKE '%s%' over a million rows reads every row (0.5 s); a trigram index (FTS5) finds rare strings
 * at once but counts a string that half the apps hold ("root.", "application_") as slowly, and takes
 * half a minute to build. The columns are not like free text, though:
 * - names, users and queues are few distinct values (42,000 names, 15 users, 10 queues at the large
 *   scale): each search matches the distinct values once and every app by its value's code;
 * - most ids are `<prefix>_<digits>` (application_<clusterTs>_<seq>, 80 % of the apps): a family of a
 *   prefix and a width, matched once per search, and each app's number tested arithmetically;
 * - the other ids (Impala, Presto, BigQuery: random parts) are matched one by one (a fifth of the apps).
 * The count is then one pass over the arrays (exact, as LIKE counts: ASCII case-insensitive), and a
 * page is read from SQL (repositories/app-lists.ts).
 *
 * Built at seed time (seed/search-index.ts) into app_search_index, loaded once per process and
 * checked against the stored nonce at each search (a reset rebuilds it); a move rewrites the queue part.
 */
import { randomBytes } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { Db } from '../open-database.ts'
import { cachedStatement } from '../statement-cache.ts'

/** Ids `<prefix><digits>` whose prefix ends with one of these, and no more digits than fit an int. */
const FAMILY_ID = /^(.*[_:-])(\d{1,9})$/
/** The layout of the stored parts; a stored index of another is rebuilt. */
const FORMAT = '3'
/** Fewer apps than this under one prefix: not worth a family, matched as other ids. */
const MIN_FAMILY = 16

/** One id family: the prefix (ASCII lower case) and the digits' width (zero padded). */
export interface IdFamily {
  prefix: string
  width: number
}

export interface SearchIndex {
  /** Written at each build; a stored nonce other than the one loaded means a rebuilt index. */
  nonce: string
  /** Per app (in cluster order, then rowid): its rowid, cluster code, seeded start time and value codes. */
  rowid: Uint32Array
  cluster: Uint16Array
  start: Float64Array
  name: Uint32Array
  user: Uint32Array
  queue: Uint32Array
  /** The id's family (-1: another id, in `otherIds`) and its number. */
  family: Int32Array
  seq: Uint32Array
  /** The dictionaries: names, users and queues (one list), clusters, id families. */
  values: string[]
  clusters: string[]
  families: IdFamily[]
  /** The ids outside any family, ASCII lower case, and the app each is. */
  otherIds: string[]
  otherApp: Uint32Array
  /** Derived when loaded: the values in ASCII lower case, and a code per value. */
  lowerValues: string[]
  codeOf: Map<string, number>
  /** Derived: each cluster's range [first, end) of the arrays; the latest start. */
  clusterRanges: [number, number][]
  maxStart: number
  /** Derived: the lower-case values and the other ids as one text each ('\n' between), with where each begins. */
  valueText: TextList
  otherText: TextList
  maxRowid: number
}

/** Strings joined by '\n' and where each begins: one indexOf over them all finds a string's holders. */
interface TextList {
  text: string
  starts: Uint32Array
}

function textList(list: readonly string[]): TextList {
  const starts = new Uint32Array(list.length + 1)
  let at = 0
  list.forEach((item, k) => {
    starts[k] = at
    at += item.length + 1
  })
  starts[list.length] = at
  return { text: list.join('\n'), starts }
}

/** Marks in `hits` (by the item's number, or `target[item]`) every item holding `needle`. */
function markHolders(list: TextList, needle: string, hits: Uint8Array, target?: Uint32Array): number {
  const { text, starts } = list
  if (needle.includes('\n')) return 0
  let found = 0
  let item = 0
  let at = text.indexOf(needle)
  while (at !== -1) {
    // The item holding `at`: the starts are in order, and so are the hits.
    let lo = item
    let hi = starts.length - 2
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= at) lo = mid
      else hi = mid - 1
    }
    item = lo
    if (at + needle.length < starts[item + 1]!) {
      hits[target ? target[item]! : item] = 1
      found++
      at = text.indexOf(needle, starts[item + 1]!)
    } else at = text.indexOf(needle, at + 1)
  }
  return found
}

/** What loading adds to the stored parts: lower-case values, codes, ranges, the joined texts. */
function derive(index: SearchIndex): SearchIndex {
  index.lowerValues = index.values.map(asciiLower)
  index.codeOf = new Map(index.values.map((v, c) => [v, c]))
  index.clusterRanges = index.clusters.map(() => [0, 0] as [number, number])
  let maxStart = -Infinity
  for (let a = 0; a < index.rowid.length; a++) {
    const range = index.clusterRanges[index.cluster[a]!]!
    if (range[1] === 0) range[0] = a
    range[1] = a + 1
    if (index.start[a]! > maxStart) maxStart = index.start[a]!
  }
  index.maxStart = maxStart
  index.valueText = textList(index.lowerValues)
  index.otherText = textList(index.otherIds)
  return index
}

/** LIKE's case folding: ASCII letters only (SQLite's default LIKE). */
export const asciiLower = (text: string) =>
  text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32))

/** A prefix and width of ids `<prefix><digits>` met while reading: a family if enough ids share it. */
interface IdShape extends IdFamily {
  count: number
}

/**
 * The index of the apps as stored now: one read of their rowid, id, name, user, queue, cluster,
 * start, straight into the typed arrays. Nothing is kept per app but those arrays (at the large
 * scale a string and an object per app held 400-600 MB while it built): an id of the family shape
 * is kept as its shape's code and its number, since prefix + zero-padded number gives the id back
 * for the shapes too rare to be a family; only the ids of no such shape are kept as text.
 */
export function buildIndexFromApps(db: Db, onRows: (n: number) => void = () => {}): SearchIndex {
  const n = db.prepare('SELECT count(*) FROM applications').pluck().get() as number
  const index = emptyIndex(n)
  const codeOf = index.codeOf
  const clusterOf = new Map<string, number>()
  const code = (value: string) => {
    let c = codeOf.get(value)
    if (c === undefined) {
      c = index.values.length
      codeOf.set(value, c)
      index.values.push(value)
    }
    return c
  }
  // The id shapes in the order first met (families keep that order), and the ids of none.
  const shapeOf = new Map<string, number>()
  const shapes: IdShape[] = []
  // The ids of no shape, by their place in the arrays.
  const looseIds = new Map<number, string>()
  // The arrays are in cluster order (then rowid): a user's scope is a few ranges of them. Each
  // cluster's range comes from its count (one pass of an index led by the cluster) and the rows are
  // read in rowid order into their cluster's range: a third of the time SQLite took to sort a
  // million rows by cluster.
  const nextPlace: number[] = []
  let place = 0
  // The index led by the cluster's code (schema.sql applications_chargeback) counts; one app of each
  // code names it (the seed builds this before it writes app_rollup_names).
  const nameOfCode = db
    .prepare(
      'SELECT cluster_uid FROM applications INDEXED BY applications_chargeback WHERE cluster_code = ? LIMIT 1',
    )
    .pluck()
  const perCluster = (
    db
      .prepare(
        'SELECT cluster_code, count(*) FROM applications INDEXED BY applications_chargeback GROUP BY cluster_code',
      )
      .raw()
      .all() as [number, number][]
  )
    .map(([code, count]): [string, number] => [nameOfCode.get(code) as string, count])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [clusterUid, count] of perCluster) {
    clusterOf.set(clusterUid, index.clusters.length)
    index.clusters.push(clusterUid)
    nextPlace.push(place)
    place += count
  }
  const rows = db
    .prepare('SELECT rowid, id, name, user, queue, cluster_uid, start_time FROM applications ORDER BY rowid')
    .raw()
    .iterate() as IterableIterator<[number, string, string, string, string, string, number]>
  let read = 0
  for (const [rowid, id, name, user, queue, clusterUid, start] of rows) {
    const c = clusterOf.get(clusterUid)!
    const i = nextPlace[c]!++
    index.rowid[i] = rowid
    index.cluster[i] = c
    index.start[i] = start
    index.name[i] = code(name)
    index.user[i] = code(user)
    index.queue[i] = code(queue)
    const lower = asciiLower(id)
    const m = FAMILY_ID.exec(lower)
    if (m) {
      // For now the shape's code (made a family's, or -1, below) and the number.
      const key = `${m[1]}\u0000${m[2]!.length}`
      let s = shapeOf.get(key)
      if (s === undefined) {
        s = shapes.length
        shapeOf.set(key, s)
        shapes.push({ prefix: m[1]!, width: m[2]!.length, count: 0 })
      }
      shapes[s]!.count++
      index.family[i] = s
      index.seq[i] = Number(m[2])
    } else {
      index.family[i] = -1
      looseIds.set(i, lower)
    }
    if (rowid > index.maxRowid) index.maxRowid = rowid
    if (++read % 50_000 === 0) onRows(50_000)
  }
  onRows(read % 50_000)
  // Families: the shapes that enough ids share, in the order first met.
  const familyOfShape = shapes.map(({ prefix, width, count }) =>
    count >= MIN_FAMILY ? index.families.push({ prefix, width }) - 1 : -1,
  )
  // The other ids in app order: those of no shape, and those of a shape too rare (rebuilt).
  const others: number[] = []
  for (let a = 0; a < n; a++) {
    const s = index.family[a]!
    const f = s < 0 ? -1 : familyOfShape[s]!
    if (f >= 0) {
      index.family[a] = f
      continue
    }
    if (s < 0) index.otherIds.push(looseIds.get(a)!)
    else {
      const { prefix, width } = shapes[s]!
      index.otherIds.push(prefix + String(index.seq[a]).padStart(width, '0'))
      index.family[a] = -1
      index.seq[a] = 0
    }
    others.push(a)
  }
  index.otherApp = Uint32Array.from(others)
  return derive(index)
}

function emptyIndex(n: number): SearchIndex {
  return {
    nonce: randomBytes(8).toString('hex'),
    rowid: new Uint32Array(n),
    cluster: new Uint16Array(n),
    start: new Float64Array(n),
    name: new Uint32Array(n),
    user: new Uint32Array(n),
    queue: new Uint32Array(n),
    family: new Int32Array(n),
    seq: new Uint32Array(n),
    values: [],
    clusters: [],
    families: [],
    otherIds: [],
    otherApp: new Uint32Array(0),
    lowerValues: [],
    codeOf: new Map(),
    clusterRanges: [],
    maxStart: 0,
    valueText: { text: '', starts: new Uint32Array(1) },
    otherText: { text: '', starts: new Uint32Array(1) },
    maxRowid: 0,
  }
}

const ARRAY_PARTS = [
  'rowid',
  'cluster',
  'start',
  'name',
  'user',
  'queue',
  'family',
  'seq',
  'otherApp',
] as const
type ArrayPart = (typeof ARRAY_PARTS)[number]
const TEXT_PARTS = ['values', 'clusters', 'families', 'otherIds'] as const

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)

/*
 * The array and text parts are stored deflated (node:zlib, level 1): their codes are small numbers
 * in 32-bit words and a cluster's apps are one run, so a million apps' 38 MB become 15 MB in the
 * file (issue 18), for about 0.4 s more at the seed and 0.2 s more when the index is first loaded.
 */
const packed = (bytes: Buffer) => deflateRawSync(bytes, { level: 1 })

/** Writes the index into app_search_index (one row per part), replacing what was there. */
export function storeIndex(db: Db, index: SearchIndex): void {
  db.prepare('DELETE FROM app_search_index').run()
  const insert = db.prepare('INSERT INTO app_search_index (part, data) VALUES (?, ?)')
  for (const part of ARRAY_PARTS) insert.run(part, packed(bytesOf(index[part])))
  for (const part of TEXT_PARTS) insert.run(part, packed(Buffer.from(JSON.stringify(index[part]))))
  insert.run('maxRowid', Buffer.from(String(index.maxRowid)))
  insert.run('format', Buffer.from(FORMAT))
  insert.run('nonce', Buffer.from(index.nonce))
}

/** A copy of a stored part as the typed array it was (a blob's bytes need not be aligned). */
function typed<T>(data: Buffer, View: { new (buffer: ArrayBuffer): T }): T {
  const copy = new ArrayBuffer(data.byteLength)
  new Uint8Array(copy).set(data)
  return new View(copy)
}

const VIEWS = {
  rowid: Uint32Array,
  cluster: Uint16Array,
  start: Float64Array,
  name: Uint32Array,
  user: Uint32Array,
  queue: Uint32Array,
  family: Int32Array,
  seq: Uint32Array,
  otherApp: Uint32Array,
} as const satisfies Record<ArrayPart, unknown>

function loadIndex(db: Db): SearchIndex | undefined {
  const parts = new Map(
    (db.prepare('SELECT part, data FROM app_search_index').all() as { part: string; data: Buffer }[]).map(
      (r) => [r.part, r.data],
    ),
  )
  const text = (part: string) => parts.get(part)?.toString()
  if (!parts.has('nonce') || text('format') !== FORMAT) return undefined
  const unpacked = (part: string) => inflateRawSync(parts.get(part)!)
  const index = emptyIndex(0) as unknown as Record<string, unknown>
  for (const part of ARRAY_PARTS) index[part] = typed(unpacked(part), VIEWS[part] as never)
  for (const part of TEXT_PARTS) index[part] = JSON.parse(unpacked(part).toString())
  const loaded = index as unknown as SearchIndex
  loaded.maxRowid = Number(text('maxRowid'))
  loaded.nonce = text('nonce')!
  return derive(loaded)
}

const loadedIndexes = new WeakMap<Db, SearchIndex>()

const storedNonce = (db: Db) =>
  (
    cachedStatement(db, "SELECT data FROM app_search_index WHERE part = 'nonce'").pluck().get() as
      Buffer | undefined
  )?.toString()

/**
 * The search index of `db`: the one loaded, while the stored nonce is still its own; else loaded
 * from app_search_index; else (a file seeded before it existed) built from the apps and stored.
 */
export function searchIndexOf(db: Db): SearchIndex {
  const nonce = storedNonce(db)
  const loaded = loadedIndexes.get(db)
  if (loaded && loaded.nonce === nonce) return loaded
  let index = nonce === undefined ? undefined : loadIndex(db)
  if (!index) {
    index = buildIndexFromApps(db)
    if (!db.readonly) db.transaction(() => storeIndex(db, index!))()
  }
  loadedIndexes.set(db, index)
  return index
}

/** A move changed an app's queue: its code in the loaded index and in the stored part. */
export function noteQueueChange(db: Db, appId: string, queue: string): void {
  const index = searchIndexOf(db)
  const rowid = cachedStatement(db, 'SELECT rowid FROM applications WHERE id = ?')
    .pluck()
    .get(appId) as number
  const at = positionOfRowid(index, rowid)
  if (at < 0) return
  let code = index.codeOf.get(queue)
  if (code === undefined) {
    code = index.values.length
    index.values.push(queue)
    index.lowerValues.push(asciiLower(queue))
    index.codeOf.set(queue, code)
    index.valueText = textList(index.lowerValues)
    cachedStatement(db, "UPDATE app_search_index SET data = ? WHERE part = 'values'").run(
      Buffer.from(JSON.stringify(index.values)),
    )
  }
  index.queue[at] = code
  cachedStatement(db, "UPDATE app_search_index SET data = ? WHERE part = 'queue'").run(bytesOf(index.queue))
}

/** Where an app's rowid is in the arrays (in cluster order: a scan, for the rare move); -1 if absent. */
function positionOfRowid(index: SearchIndex, rowid: number): number {
  return index.rowid.indexOf(rowid)
}

/** How the ids of one family meet a search string: all of them, none, or digits at places. */
type FamilyMatch = true | false | { divisor: number; modulus: number; value: number }[]

/**
 * A family's ids are `prefix` then `width` digits. The string matches at an offset wholly in the
 * prefix (every id), or reaching into the digits: the prefix's part must be equal and the rest
 * digits, which then must stand at those places of the number (one test each).
 */
export function familyMatch(family: IdFamily, text: string): FamilyMatch {
  const { prefix, width } = family
  const total = prefix.length + width
  const tests: { divisor: number; modulus: number; value: number }[] = []
  for (let at = 0; at + text.length <= total; at++) {
    let fits = true
    let digits = ''
    for (let j = 0; j < text.length && fits; j++) {
      const p = at + j
      const c = text[j]!
      if (p < prefix.length) fits = prefix[p] === c
      else if (c >= '0' && c <= '9') digits += c
      else fits = false
    }
    if (!fits) continue
    if (!digits) return true
    // The digits run from place (at + j - prefix.length) to its end, counted from the left.
    const first = Math.max(0, at - prefix.length)
    const after = width - first - digits.length
    tests.push({ divisor: 10 ** after, modulus: 10 ** digits.length, value: Number(digits) })
  }
  return tests.length ? tests : false
}

export interface SearchMatch {
  /** How many apps match, in the scope and up to the end. */
  count: number
  /** Their positions in the index arrays, in rowid order. */
  positions: Uint32Array
}

/**
 * The apps of `clusters` (all when empty) started by `end` (seeded time) whose id, name, user or
 * queue holds `text` (ASCII case-insensitive, as LIKE; '' matches every app).
 */
export function matchApps(
  index: SearchIndex,
  text: string,
  clusters: readonly string[],
  end: number,
): SearchMatch {
  const needle = asciiLower(text)
  const wanted = new Set(clusters)
  const ranges = index.clusterRanges.filter(
    (_r, code) => !clusters.length || wanted.has(index.clusters[code]!),
  )
  const valueHit = new Uint8Array(index.values.length)
  const otherHit = new Uint8Array(index.rowid.length)
  let candidates = 0
  if (needle) {
    candidates += markHolders(index.valueText, needle, valueHit)
    candidates += markHolders(index.otherText, needle, otherHit, index.otherApp)
  } else valueHit.fill(1)
  const families = index.families.map((f) => familyMatch(f, needle))
  if (!candidates && needle && families.every((f) => f === false))
    return { count: 0, positions: new Uint32Array(0) }
  const { start, name, user, queue, family, seq } = index
  const anyStart = end >= index.maxStart
  const positions = new Uint32Array(ranges.reduce((n, [first, last]) => n + last - first, 0))
  let count = 0
  for (const [first, last] of ranges)
    for (let a = first; a < last; a++) {
      if (!anyStart && start[a]! > end) continue
      let hit = valueHit[name[a]!]! | valueHit[user[a]!]! | valueHit[queue[a]!]! | otherHit[a]!
      if (!hit) {
        const f = family[a]!
        const fm = f < 0 ? false : families[f]!
        if (fm === true) hit = 1
        else if (fm) {
          const number = seq[a]!
          for (const t of fm)
            if (Math.floor(number / t.divisor) % t.modulus === t.value) {
              hit = 1
              break
            }
        }
      }
      if (hit) positions[count++] = a
    }
  return { count, positions: positions.subarray(0, count) }
}
