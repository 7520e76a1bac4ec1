import { Anchor } from '@mantine/core'
import type { DataColumn } from '../../components/table/table-types.ts'

/*
 * The pieces of the Elastic tables' columns: a figure in its unit that reads '--' when the API has
 * none (the kit's figure column would read a null as 0), and the name that charts its row.
 */

type Key<R> = keyof R & string

/** A figure column of rank `priority` (1 always shown, 3 first to give way on a narrow table). */
export function figure<R>(
  priority: number,
  key: Key<R>,
  title: string,
  width: number,
  show: (value: number | null | undefined) => string,
): DataColumn<R> {
  const raw = (r: R) => r[key] as number | null | undefined
  return {
    key,
    title,
    width,
    align: 'right',
    priority,
    render: (r) => show(raw(r)),
    exportValue: (r) => raw(r) ?? '',
  }
}

/** A column given its rank. */
export const ranked = <R,>(priority: number, column: DataColumn<R>): DataColumn<R> => ({
  ...column,
  priority,
})

/**
 * The name column of a table whose rows can be charted (nodes, indices, pipelines, instances): the
 * name is a button that shows the row's charts below the table, or hides them when it is the one
 * shown (`aria-pressed` says which), so the choice is a keyboard's too. Sorts and exports as text.
 */
export function chooseColumn<R>(
  key: Key<R>,
  title: string,
  chosen: string,
  onChoose: (name: string) => void,
  width = 220,
): DataColumn<R> {
  return {
    key,
    title,
    width,
    sticky: true,
    priority: 1,
    render: (r) => {
      const name = String(r[key])
      const pressed = name === chosen
      return (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={pressed ? 700 : undefined}
          aria-pressed={pressed}
          title={pressed ? `Hide the charts of ${name}` : `Show the charts of ${name}`}
          onClick={() => onChoose(pressed ? '' : name)}
          style={{ textAlign: 'left', wordBreak: 'break-all' }}
        >
          {pressed ? `▸ ${name}` : name}
        </Anchor>
      )
    },
  }
}
