import { COMPARE_MAX_ITEMS, readList } from '@costlens/shared'

/**
 * A field of a details answer as configuration (ARCHITECTURE style 5): its label and how to read
 * and show it. A details page shows lists of them; its compare page walks the same lists, so both
 * name and format a field alike (the Snowflake queries, the BigQuery jobs).
 */
export interface CompareField<D> {
  key: string
  label: string
  /** What is shown. */
  text: (d: D) => string
  /** What two records are compared by (default the shown text): raw numbers, not rounded text. */
  compare?: (d: D) => string | number
}

/** Whether a field reads differently across the compared records. */
export function fieldDiffers<D>(field: CompareField<D>, items: readonly D[]): boolean {
  if (items.length < 2) return false
  const read = field.compare ?? field.text
  const first = read(items[0]!)
  return items.some((d) => read(d) !== first)
}

/** The ids of a compare address (B262): comma-joined, without duplicates, at most two. */
export function compareIds(search: string): string[] {
  return [...new Set(readList(new URLSearchParams(search), 'ids'))].slice(0, COMPARE_MAX_ITEMS)
}

/** A field list as a field grid shows it: each label with its text for this record. */
export const gridFields = <D>(fields: readonly CompareField<D>[], d: D) =>
  fields.map((f) => ({ label: f.label, value: f.text(d) }))
