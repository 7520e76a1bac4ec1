import type { EndpointTable } from '../shared/src/endpoints/endpoint.ts'
import { ENDPOINT_TABLES } from '../shared/src/endpoints/tables.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { budgetFor, NOT_MEASURED, type Budget } from './budgets.ts'
import { generateRequest, personaFor, wireRequest } from './generate.ts'
import { handRows } from './hand-rows.ts'
import type { Endpoint } from './load.ts'
import { benchEntries } from './rows.ts'
import type { Vocabulary } from './vocabulary.ts'

/** A number from a row's key (FNV-1a), so each row's requests depend on its key only. */
function seedOf(key: string): number {
  let hash = 0x811c9dc5
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  return hash
}

/** One row of the load table: what it sends, its budget, or why it cannot be measured. */
export interface PlannedRow {
  name: string
  /** The endpoint-table entries it measures (`<domain>.<name>`). */
  covers: readonly string[]
  budget: Budget
  /** Hand-written (bench/hand-rows.ts) or generated from the entry's schemas. */
  source: 'hand' | 'generic'
  /** What it sends; absent when the row cannot be measured. */
  endpoint?: Endpoint
  /** Why no request can be made (a required field the generator cannot fill, no seeded value, …). */
  notMeasured?: string
}

export interface PlanOptions {
  now: number
  vocabulary: Vocabulary
  /** Variants per generic row (default 200, as the hand-written rows). */
  variants?: number
  tables?: Readonly<Record<string, EndpointTable>>
}

/**
 * The rows of the load table: the hand-written rows (bench/hand-rows.ts), then one generic row for
 * every other entry the rule selects (bench/rows.ts), each with varied requests from the generator
 * (bench/generate.ts), then the slow rows.
 */
export function planRows({
  now,
  vocabulary,
  variants = 200,
  tables = ENDPOINT_TABLES,
}: PlanOptions): PlannedRow[] {
  const hand = handRows(now, vocabulary)
  const covered = new Set([...hand.first, ...hand.last].flatMap((row) => row.covers))
  const fromHand = (row: Endpoint & { covers: readonly string[] }): PlannedRow => {
    const { covers, ...endpoint } = row
    return { name: row.name, covers, budget: budgetFor(covers), source: 'hand', endpoint }
  }
  const generic = benchEntries(tables)
    .filter(({ key }) => !covered.has(key))
    .map(({ key, entry }): PlannedRow => {
      const row = { name: key, covers: [key], budget: budgetFor([key]), source: 'generic' as const }
      if (NOT_MEASURED[key]) return { ...row, notMeasured: NOT_MEASURED[key] }
      // A seed per row, so adding an entry does not change the other rows' requests.
      const prng = createPrng(seedOf(key))
      const requests = Array.from({ length: variants }, () =>
        generateRequest(entry, { now, prng, vocabulary, key }),
      )
      const unfillable = requests.find((r) => 'unfillable' in r)
      if (unfillable && 'unfillable' in unfillable) return { ...row, notMeasured: unfillable.unfillable }
      return {
        ...row,
        endpoint: {
          name: key,
          method: entry.method as 'GET' | 'POST',
          path: entry.path,
          auth: true,
          user: personaFor(entry, key).username,
          variants: requests.map((r) => wireRequest(entry, r as Exclude<typeof r, { unfillable: string }>)),
        },
      }
    })
  return [...hand.first.map(fromHand), ...generic, ...hand.last.map(fromHand)]
}
