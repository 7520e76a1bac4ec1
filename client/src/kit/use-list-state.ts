import { useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAppSelector } from '../app/hooks.ts'
import type { Field, ListChange, ListContext, ListStateDefinition, ListStateOf } from './list-state.ts'
import { usePageClock, type PageClock } from './page-clock.ts'

type Fields = Record<string, Field<unknown>>

export interface ListStateHandle<F extends Fields, G extends Fields> {
  state: ListStateOf<F, G>
  /** `push`: a drill to another view of the page, which Back should undo (the default replaces). */
  change: (event: ListChange<F, G>, options?: { push?: boolean }) => void
  context: ListContext
  clock: PageClock
  /** The list as it opens at this clock, for the user (what "changed" is measured against). */
  defaults: ListStateOf<F, G>
}

/**
 * A declared list's state, read from and written to the address. Writes replace the entry: a filter
 * edit is not a step Back should undo, a reload or a shared link shows the same list. A drill to
 * another view (`push`) adds one, so Back returns to where it started. The signed-in
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
  // The last write and the address it was made from. The router shows a new address in a React
  // transition, which a busy page can hold back for a while: a change made before then (a sort
  // clicked right after a tab) builds on the last write, not on the state still shown, which would
  // undo that write (the tab was lost).
  const lastWrite = useRef<{ from: string; to: string } | null>(null)
  const change = (event: ListChange<F, G>, options: { push?: boolean } = {}) => {
    const base = lastWrite.current?.from === search ? lastWrite.current.to : search
    const baseState = base === search ? state : definition.read(base, context)
    const next = definition.write(definition.change(baseState, event, context), context)
    lastWrite.current = { from: search, to: next }
    setParams(new URLSearchParams(next), { replace: !options.push })
  }
  const defaults = useMemo(() => definition.defaults(context), [definition, context])
  return { state, change, context, clock, defaults }
}
