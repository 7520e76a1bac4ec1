import { createApi } from '@reduxjs/toolkit/query/react'
import { baseQuery } from './base-query.ts'

/** The console's one API: features inject their endpoints into it (ARCHITECTURE style 3). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Apps: every query that shows applications (status, queue, counts); a kill or move invalidates it.
  tagTypes: ['CurrentUser', 'SimFaults', 'SimClock', 'Apps'],
  endpoints: () => ({}),
})
