import type { ClusterType, Role } from '../contracts/common.ts'
import type { CurrentUser, EnableFlag } from '../contracts/auth.ts'

/**
 * Whether a route's screen exists. `planned` routes are in the navigation (so it can be
 * checked against the spec) but render a page that says plainly the screen is not built yet.
 */
export type RouteStatus = 'built' | 'planned'

/** One page of the console (routes.json row). */
export interface RouteEntry {
  /** Spec id(s) from routes.json, e.g. ['R004', 'R051'] when one entry serves several layouts. */
  specIds: string[]
  /** react-router path pattern, params as `:name` (e.g. '/query/:queryUid/details'). */
  path: string
  /** Page title, used for the tab label and `{title} | costlens`. */
  title: string
  /** RBAC permission id, `tab` or `tab/subTab` (01 §6 condition 1); absent = not RBAC-gated. */
  rbacId?: string
  /** Cluster types the route supports; an entry `!X` excludes X (01 §6 condition 3). */
  supportedTypes: readonly string[]
  /** Enable flags that must all be true (01 §6 condition 2). */
  flags?: readonly EnableFlag[]
  /** Allowed roles; absent = any role (01 §6 condition 4). */
  roles?: readonly Role[]
  status: RouteStatus
  /** Key the client uses to find the screen module of a built route. */
  screen?: string
  /** Shown beside the tab title, e.g. 'preview' for the Databricks SQL pages. */
  badge?: string
  /** false for detail pages reached from a list (never a sub-tab of the navigation). */
  inNav?: boolean
}

/** A top tab: a title, an icon and its sub-tabs (or a single page when it has none). */
export interface TabEntry {
  key: string
  title: string
  /** Icon name from @tabler/icons-react, without the `Icon` prefix (e.g. 'Server'). */
  icon: string
  rbacId?: string
  supportedTypes: readonly string[]
  flags?: readonly EnableFlag[]
  roles?: readonly Role[]
  /** Sub-tab routes in display order. A tab with none is itself a page (`page`). */
  children: readonly RouteEntry[]
  page?: RouteEntry
  /** The tab's base path (e.g. '/clusters'); when it is no route itself it redirects to the first visible sub-tab. */
  path?: string
  /** Shown beside the tab title, e.g. 'preview' for Databricks SQL. */
  badge?: string
}

/** The user fields the visibility rule reads. */
export type VisibilityUser = Pick<CurrentUser, 'role' | 'clusterType' | 'rbac' | 'disableOndemandReports'> &
  Partial<Record<EnableFlag, boolean>>

/** What the client renders for one user: built by `buildRouteConfig(user)`. */
export interface RouteConfig {
  clusterType: ClusterType
  /** Visible tabs with only their visible children; tabs with no visible child are dropped. */
  tabs: TabEntry[]
  /** Every route this user may open (tab children, tab pages and the routes for all types). */
  routes: RouteEntry[]
  /** Where `/` and `/login` send this user. */
  landing: string
  /**
   * Paths that redirect for this user (C17 bare list paths, tab base paths to their first visible
   * sub-tab), only where the target is visible. Key: path as typed; value: where it goes.
   */
  redirects?: Readonly<Record<string, string>>
}
