/**
 * Rows of numbers under string keys, for the rollups the seed adds up as it writes apps: all rows
 * share one growing Float64Array (`width` numbers per key) instead of an array per row, which keeps
 * hundreds of thousands of rows to a few tens of MB.
 */
export class KeyedMeasures {
  private readonly slots = new Map<string, number>()
  private values: Float64Array

  constructor(private readonly width: number) {
    this.values = new Float64Array(width * 65_536)
  }

  /**
   * The offset of the key's numbers in `numbers()`, adding the key (its numbers all 0) when new;
   * `fresh` tells the caller to set any starting minimum or maximum.
   */
  slot(id: string): { at: number; fresh: boolean } {
    const known = this.slots.get(id)
    if (known !== undefined) return { at: known * this.width, fresh: false }
    const slot = this.slots.size
    this.slots.set(id, slot)
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

  *entries(): Generator<[string, Float64Array]> {
    for (const [id, slot] of this.slots)
      yield [id, this.values.subarray(slot * this.width, (slot + 1) * this.width)]
  }

  clear(): void {
    this.slots.clear()
    this.values = new Float64Array(0)
  }
}
