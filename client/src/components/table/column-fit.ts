import { MIN_COLUMN_WIDTH } from '@costlens/shared'

/** What the fit reads of a column: its key, width, priority and whether it shows by default. */
export interface FitColumn {
  key: string
  width?: number
  /** 1 = always shown; higher numbers give way first when the table is narrow. None = last. */
  priority?: number
  /** false: hidden until the user asks for it in the column chooser. */
  displayable?: boolean
}

/** The user's own column choices, by key: true = show even when it does not fit, false = never. */
export type ColumnChoices = Readonly<Record<string, boolean>>

/** A column's default width (B106: the column's own, else the table's minimum). */
export const fitWidth = (column: FitColumn) => column.width ?? MIN_COLUMN_WIDTH

/**
 * The columns a user wants: their own choices first, then the columns shown by default. This is
 * what a download writes, whatever the width of the screen the user happens to be on.
 */
export function chosenColumns<C extends FitColumn>(columns: readonly C[], choices: ColumnChoices): C[] {
  return columns.filter((c) => choices[c.key] ?? c.displayable !== false)
}

/**
 * The keys of the columns shown in `available` px. A table that declares no priority shows every
 * chosen column, as it always did (and so does a table not measured yet: `available` null).
 * Otherwise the columns the user asked for and the priority-1 columns always show, and the rest
 * follow by priority (then by their order) while they fit; the first that does not fit stops the
 * fill, so a narrower screen loses the least important columns and never a more important one.
 */
export function fitColumns(
  columns: readonly FitColumn[],
  choices: ColumnChoices,
  available: number | null,
): Set<string> {
  const chosen = chosenColumns(columns, choices)
  if (available === null || available <= 0 || !columns.some((c) => c.priority !== undefined))
    return new Set(chosen.map((c) => c.key))
  const rank = (c: FitColumn) => c.priority ?? Number.POSITIVE_INFINITY
  const required = chosen.filter((c) => choices[c.key] === true || rank(c) <= 1)
  const shown = new Set(required.map((c) => c.key))
  let used = required.reduce((sum, c) => sum + fitWidth(c), 0)
  const rest = chosen
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => !shown.has(column.key))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.index - b.index)
  for (const { column } of rest) {
    if (used + fitWidth(column) > available) break
    used += fitWidth(column)
    shown.add(column.key)
  }
  return shown
}
