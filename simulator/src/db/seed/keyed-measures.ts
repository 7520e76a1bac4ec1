/**
 * Rows of numbers under composite keys, for the rollups the seed adds up as it writes apps. A key is
 * its fields packed into one number (mixed radix; strings through an Interner), so the million apps
 * of the large scale each find their rows with a number lookup instead of building and hashing a
 * dozen strings; all rows share one growing Float64Array (`width` numbers per key).
 */
export class KeyedMeasures {
  private readonly slots = new Map<number, number>()
  private values: Float64Array

  constructor(private readonly width: number) {
    this.values = new Float64Array(width * 65_536)
  }

  /**
   * The offset of the key's numbers in `numbers()`, adding the key (its numbers all 0) when new;
   * `fresh` tells the caller to set any starting minimum or maximum.
   */
  slot(key: number): { at: number; fresh: boolean } {
    const known = this.slots.get(key)
    if (known !== undefined) return { at: known * this.width, fresh: false }
    const slot = this.slots.size
    this.slots.set(key, slot)
    if ((slot + 1) * this.width > this.values.length) {
      const grown = new Float64Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    return { at: slot * this.width, fresh: true }
  }

  /** The array the offsets point into (it is replaced when it grows: read it after `slot`). */
  numbers(): Float64Array {
    return this.values
  }

  /** Every key with its numbers, in key order (rows then go into their table mostly as appends). */
  *entries(): Generator<[number, Float64Array]> {
    const keys = [...this.slots.keys()].sort((a, b) => a - b)
    for (const key of keys) {
      const slot = this.slots.get(key)!
      yield [key, this.values.subarray(slot * this.width, (slot + 1) * this.width)]
    }
  }

  clear(): void {
    this.slots.clear()
    this.values = new Float64Array(0)
  }
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
