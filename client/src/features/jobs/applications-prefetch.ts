import type { CurrentUser } from '@costlens/shared'
import type { AppDispatch } from '../../app/store.ts'
import { jobsApi } from './api.ts'
import { appListBody, readAppListView } from './app-list-state.ts'

/**
 * The applications list's first calls on a page load (a bookmark, a reload), started by main.tsx
 * while the token is still being checked rather than once the page has mounted after it: built
 * from the address, the opening clock and the stored user exactly as ApplicationsPage builds
 * them, so the page finds them in RTK Query's cache (in flight or answered) and asks nothing again.
 * A user record that changed since (the check's answer wins) only means the page asks for its own.
 */
export function prefetchApplications(
  dispatch: AppDispatch,
  { search, now, user }: { search: string; now: number; user: CurrentUser },
): void {
  const view = readAppListView(search, now, user)
  const body = appListBody(view, { bigQueryEnabled: user.bigQueryEnabled, clusterType: user.clusterType })
  const once = { subscribe: false } as const
  void dispatch(jobsApi.endpoints.unifiedSearch.initiate(body, once))
  void dispatch(jobsApi.endpoints.usersAndQueues.initiate(undefined, once))
  if (user.plan !== 'freemium')
    void dispatch(
      jobsApi.endpoints.appTags.initiate({ from: view.dateRange.start, to: view.dateRange.end }, once),
    )
}
