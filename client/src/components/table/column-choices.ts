import { useState } from 'react'
import type { ColumnChoices } from './column-fit.ts'

const PREFIX = 'costlens.table-columns.'

/** The storage key of one table's column choices. */
export const columnChoicesKey = (table: string) => `${PREFIX}${table}`

// Private windows and some tests have no usable storage: the choices then last for the visit.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** A table's stored choices; anything that is not a map of known keys to booleans is dropped. */
export function readColumnChoices(table: string, keys: readonly string[]): ColumnChoices {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(columnChoicesKey(table)) ?? '{}')
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(([key, shown]) => keys.includes(key) && typeof shown === 'boolean'),
    )
  } catch {
    return {}
  }
}

function writeColumnChoices(table: string, choices: ColumnChoices) {
  try {
    if (Object.keys(choices).length === 0) storage()?.removeItem(columnChoicesKey(table))
    else storage()?.setItem(columnChoicesKey(table), JSON.stringify(choices))
  } catch {
    // Storage full or refused: the choices still hold for this visit.
  }
}

/**
 * The columns a user showed or hid in one table, remembered per table across visits; `reset`
 * forgets them, so the table shows its defaults for the width again.
 */
export function useColumnChoices(table: string, keys: readonly string[]) {
  const [state, setState] = useState(() => ({ table, choices: readColumnChoices(table, keys) }))
  // Another table in the same place (a tab with its own caption): read its own choices.
  const current = state.table === table ? state : { table, choices: readColumnChoices(table, keys) }
  if (current !== state) setState(current)
  const save = (choices: ColumnChoices) => {
    writeColumnChoices(table, choices)
    setState({ table, choices })
  }
  return {
    choices: current.choices,
    /**
     * The user shows or hides one column. The columns they see now are kept too: ticking one more
     * column adds it (with a sideways scroll when it does not fit) rather than swapping out one
     * they were reading.
     */
    choose: (key: string, shown: boolean, shownNow: readonly string[]) =>
      save({ ...Object.fromEntries(shownNow.map((k) => [k, true])), ...current.choices, [key]: shown }),
    reset: () => save({}),
  }
}
