import { byName } from './name-codes.ts'

/**
 * Rows of numbers under composite keys, for the rollups the seed adds up as it writes apps. A key is
 * its fields packed into one number (mixed radix; strings through an Interner), so the million apps
 * of the large scale each find their rows with a number lookup instead of building and hashing a
 * dozen strings; all rows share one growing Float64Array (`width` numbers per key). The keys are
 * past 2^31, which a Map keeps as boxed numbers (a third of the large seed went into its lookups),
 * so they live in an open-addressing table of typed arrays instead: no allocation per key.
 */
/** The numbers of the rows: Float64 by default; Int32 where every number is a whole number that fits (half the memory). */
export type MeasureArray = Float64Array | Int32Array
type MeasureArrayOf = new (length: number) => MeasureArray

export class KeyedMeasures {
  private values: MeasureArray
  /** The keys by row, and the hash table of row numbers (+1; 0 is an empty cell). */
  private keys: Float64Array
  private table: Int32Array
  private count = 0

  constructor(
    private readonly width: number,
    initialRows = 65_536,
    private readonly arrayOf: MeasureArrayOf = Float64Array,
  ) {
    this.values = new arrayOf(width * initialRows)
    this.keys = new Float64Array(initialRows)
    this.table = new Int32Array(tableSizeFor(initialRows))
  }

  get size(): number {
    return this.count
  }

  /**
   * The offset of the key's numbers in `numbers()`, adding the key (its numbers all 0) when new;
   * `fresh` tells the caller to set any starting minimum or maximum.
   */
  slot(key: number): { at: number; fresh: boolean } {
    const mask = this.table.length - 1
    for (let cell = hash(key) & mask; ; cell = (cell + 1) & mask) {
      const row = this.table[cell]! - 1
      if (row < 0) break
      if (this.keys[row] === key) return { at: row * this.width, fresh: false }
    }
    const row = this.count++
    if (row >= this.keys.length) this.grow()
    this.keys[row] = key
    this.place(key, row)
    return { at: row * this.width, fresh: true }
  }

  /** The offset of a known key's numbers in `numbers()`. */
  offsetOf(key: number): number {
    const mask = this.table.length - 1
    for (let cell = hash(key) & mask; ; cell = (cell + 1) & mask) {
      const row = this.table[cell]! - 1
      if (row < 0) throw new Error(`no rollup row ${key}`)
      if (this.keys[row] === key) return row * this.width
    }
  }

  private place(key: number, row: number): void {
    const mask = this.table.length - 1
    let cell = hash(key) & mask
    while (this.table[cell] !== 0) cell = (cell + 1) & mask
    this.table[cell] = row + 1
  }

  /** Half again as many rows (not twice: the old and new arrays are both alive while copying). */
  private grow(): void {
    const rows = Math.ceil(this.keys.length * 1.5)
    const values = new this.arrayOf(rows * this.width)
    values.set(this.values)
    this.values = values
    const keys = new Float64Array(rows)
    keys.set(this.keys)
    this.keys = keys
    this.table = new Int32Array(tableSizeFor(rows))
    for (let row = 0; row < this.count - 1; row++) this.place(this.keys[row]!, row)
  }

  /** The array the offsets point into (it is replaced when it grows: read it after `slot`). */
  numbers(): MeasureArray {
    return this.values
  }

  /** Every key, in increasing order (a typed array sorts numbers natively, without a comparator). */
  sortedKeys(): Float64Array {
    return this.keys.slice(0, this.count).sort()
  }

  /** Every key with its numbers, in key order (rows then go into their table mostly as appends). */
  *entries(): Generator<[number, MeasureArray]> {
    for (const key of this.sortedKeys()) {
      const at = this.offsetOf(key)
      yield [key, this.values.subarray(at, at + this.width)]
    }
  }

  clear(): void {
    this.count = 0
    this.values = new this.arrayOf(0)
    this.keys = new Float64Array(0)
    this.table = new Int32Array(1)
  }
}

/** A power of two at least twice the rows, so probes stay short. */
function tableSizeFor(rows: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(2, rows * 2)))
}

/** Mixes both halves of a key below 2^53 into 32 bits. */
function hash(key: number): number {
  const low = (key % 4_294_967_296) | 0
  const high = (key / 4_294_967_296) | 0
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** Small integers for the strings of one key field, in order of first sight, and back. */
export class Interner {
  private readonly ids = new Map<string, number>()
  private readonly strings: string[] = []

  id(text: string): number {
    let id = this.ids.get(text)
    if (id === undefined) {
      id = this.strings.length
      this.ids.set(text, id)
      this.strings.push(text)
    }
    return id
  }

  text(id: number): string {
    return this.strings[id]!
  }

  get size(): number {
    return this.strings.length
  }

  /** Each id's rank in the strings' sorted order (SQLite's BINARY order for ASCII), and the strings by rank. */
  ranks(): { rank: Int32Array; text: string[] } {
    const text = [...this.strings].sort(byName)
    const byText = new Map(text.map((t, r) => [t, r]))
    return { rank: Int32Array.from(this.strings, (t) => byText.get(t)!), text }
  }
}

/** Packs small non-negative integers into one safe integer and back, each below its radix. */
export class KeyCodec {
  constructor(private readonly radices: readonly number[]) {
    const product = radices.reduce((p, r) => p * r, 1)
    if (product > Number.MAX_SAFE_INTEGER) throw new Error(`key radices ${radices.join(' × ')} overflow 2^53`)
  }

  encode(fields: readonly number[]): number {
    let key = 0
    this.radices.forEach((radix, i) => {
      const value = fields[i]!
      if (!(value >= 0 && value < radix && Number.isInteger(value)))
        throw new Error(`rollup key field ${i} is ${value}, outside 0…${radix - 1}`)
      key = key * radix + value
    })
    return key
  }

  decode(key: number): number[] {
    const fields: number[] = new Array<number>(this.radices.length)
    for (let i = this.radices.length - 1; i >= 0; i--) {
      const radix = this.radices[i]!
      fields[i] = key % radix
      key = Math.floor(key / radix)
    }
    return fields
  }
}
