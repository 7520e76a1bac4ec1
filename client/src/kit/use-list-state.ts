import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAppSelector } from '../app/hooks.ts'
import type { Field, ListChange, ListContext, ListStateDefinition, ListStateOf } from './list-state.ts'
import { usePageClock, type PageClock } from './page-clock.ts'

type Fields = Record<string, Field<unknown>>

export interface ListStateHandle<F extends Fields, G extends Fields> {
  state: ListStateOf<F, G>
  change: (event: ListChange<F, G>) => void
  context: ListContext
  clock: PageClock
  /** The list as it opens at this clock, for the user (what "changed" is measured against). */
  defaults: ListStateOf<F, G>
}

/**
 * A declared list's state, read from and written to the address. Writes replace the entry: a filter
 * edit is not a step Back should undo, a reload or a shared link shows the same list. The signed-in
 * user's frozen time and plan limit the range (B052, B054).
 */
export function useListState<F extends Fields, G extends Fields>(
  definition: ListStateDefinition<F, G>,
  options: { pollMs?: number } = {},
): ListStateHandle<F, G> {
  const user = useAppSelector((s) => s.session.user) ?? undefined
  const [params, setParams] = useSearchParams()
  const clock = usePageClock(options.pollMs)
  const search = params.toString()
  const context = useMemo(() => ({ now: clock.now, user }), [clock.now, user])
  const state = useMemo(() => definition.read(search, context), [definition, search, context])
  const change = (event: ListChange<F, G>) =>
    setParams(new URLSearchParams(definition.write(definition.change(state, event, context), context)), {
      replace: true,
    })
  const defaults = useMemo(() => definition.defaults(context), [definition, context])
  return { state, change, context, clock, defaults }
}
