/** Two names in SQLite's BINARY order (by UTF-16 code unit, as `<` compares them), for sort(). */
export const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The codes of some names: 1, 2, … in name order (so grouping or ordering by a code orders by the
 * name, as SQLite's BINARY order does), '' (summed, or no such name) 0. The codes of app_rollup_names
 * and of the applications' code columns (app-rollups.ts, applications.ts); a module of its own, as
 * those two import each other.
 */
export function codesInNameOrder(names: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(names)].filter((n) => n !== '').sort(byName)
  return new Map([['', 0], ...sorted.map((n, i): [string, number] => [n, i + 1])])
}
