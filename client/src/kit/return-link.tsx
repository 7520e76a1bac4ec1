import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Anchor } from '@mantine/core'

/** Where a details page was opened from, so its breadcrumb returns to the same list (filters and page kept). */
export interface ReturnState {
  from?: string
}

/** A link to a details page that remembers the list's address it was opened from. */
export function ReturnLink({ to, children, mono }: { to: string; children: ReactNode; mono?: boolean }) {
  const location = useLocation()
  const state: ReturnState = { from: location.pathname + location.search }
  return (
    <Anchor component={Link} to={to} state={state} ff={mono ? 'monospace' : undefined} size="sm">
      {children}
    </Anchor>
  )
}
