import { useEffect, useMemo } from 'react'
import { createSelector, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit'
import { useAppDispatch, useAppSelector } from '../app/hooks.ts'
import type { RootState } from '../app/store.ts'

/** What `useEachQuery` needs of an RTK Query endpoint (`someApi.endpoints.name`). */
interface QueryEndpoint<A, R> {
  initiate: (
    arg: A,
    options?: { forceRefetch?: boolean },
  ) => ThunkAction<{ unsubscribe(): void }, RootState, unknown, UnknownAction>
  select: (arg: A) => (state: RootState) => R
}

/**
 * One endpoint called with each of a varying number of arguments (a chart's trend items): one
 * cached subscription per argument, the RTK Query pattern for a list of queries, since a hook per
 * item cannot be called in a loop. The results come in the arguments' order, the same array while
 * the answers are the same; `refetch` asks for every one again.
 */
export function useEachQuery<A, R>(endpoint: QueryEndpoint<A, R>, args: readonly A[]) {
  const dispatch = useAppDispatch()
  const key = JSON.stringify(args)
  useEffect(() => {
    const subscriptions = args.map((a) => dispatch(endpoint.initiate(a)))
    return () => subscriptions.forEach((s) => s.unsubscribe())
    // `key` is the arguments' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, endpoint, key])
  const selectResults = useMemo(
    () =>
      createSelector(
        args.map((a) => endpoint.select(a)),
        (...answers: R[]) => answers,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [endpoint, key],
  )
  const results = useAppSelector(selectResults)
  const refetch = () => args.forEach((a) => void dispatch(endpoint.initiate(a, { forceRefetch: true })))
  return { results, refetch }
}
