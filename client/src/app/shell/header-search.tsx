import { useState } from 'react'
import { TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate } from 'react-router-dom'
import type { RouteConfig } from '@costlens/shared'
import classes from './app-shell.module.css'

/** The search results page of the on-premises and EMR layouts (R049, R096). */
export const GLOBAL_SEARCH_ROUTE = '/globalsearch/:search'

/**
 * Whether this user has the search results page: the route is theirs and its screen is built (the
 * Databricks and Kubernetes layouts list the same path, still planned, and a box that leads to a
 * placeholder would only disappoint).
 */
export function hasGlobalSearch(config: Pick<RouteConfig, 'routes'>): boolean {
  return config.routes.some((r) => r.path === GLOBAL_SEARCH_ROUTE && r.status === 'built')
}

/** The address of the results for a typed text, or null when there is nothing to search for. */
export function globalSearchPath(text: string): string | null {
  const search = text.trim()
  return search ? `/globalsearch/${encodeURIComponent(search)}` : null
}

/**
 * The header's application search (02 §2 /globalsearch/{search}): Enter opens the results page;
 * an empty box does nothing. `initial` is the search being shown, so the box says what the
 * results are for.
 */
export function HeaderSearch({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate()
  const [text, setText] = useState(initial)
  return (
    <div role="search" aria-label="Applications">
      <TextInput
        size="xs"
        w={260}
        aria-label="Search applications"
        placeholder="Search apps by id, name, user…"
        leftSection={<IconSearch size={14} aria-hidden />}
        classNames={{ input: classes.searchInput, section: classes.searchIcon }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
          const path = globalSearchPath(text)
          if (path) navigate(path)
        }}
      />
    </div>
  )
}
