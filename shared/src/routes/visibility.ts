import type { ClusterType } from '../contracts/common.ts'
import type { RouteConfig, RouteEntry, TabEntry, VisibilityUser } from './types.ts'
import { ALL_TYPES_ROUTES, ROUTE_REDIRECTS, firstVisibleChildPath, layoutFor } from './catalogue.ts'

/** What the visibility rule reads from a route or a tab (01 §6). */
export type VisibilityGate = Pick<RouteEntry, 'rbacId' | 'supportedTypes' | 'flags' | 'roles'>

/**
 * Where `/` sends a user who may open no tab at all (an RBAC list matching nothing): a path no route
 * claims, so the not-found page explains it instead of the guard redirecting in a loop.
 */
export const NO_ACCESS_LANDING = '/not-found'

/**
 * B035, B040: condition 1. Applied only when the server says `rbac.enabled`. An empty view list
 * passes; otherwise a view must equal the route's id, be a parent of it (`clusters` for
 * `clusters/overview`) or a child of it (`clusters/overview` for the tab `clusters`). A route
 * with no permission id is not RBAC-gated.
 */
export function passesViews(rbacId: string | undefined, user: Pick<VisibilityUser, 'rbac'>): boolean {
  if (!user.rbac.enabled || rbacId === undefined || user.rbac.views.length === 0) return true
  return user.rbac.views.some(
    (view) => view === rbacId || rbacId.startsWith(`${view}/`) || view.startsWith(`${rbacId}/`),
  )
}

/** B036: condition 2. Every flag is true for the user and not in `disableOndemandReports`. */
export function passesFlags(flags: VisibilityGate['flags'], user: VisibilityUser): boolean {
  return (flags ?? []).every((flag) => user[flag] === true && !user.disableOndemandReports.includes(flag))
}

/**
 * B037: condition 3. An entry `!X` excludes X. A list of only exclusions admits every other type
 * (the reading B037 recommends); otherwise the type must be listed.
 */
export function passesClusterType(supportedTypes: readonly string[], clusterType: string): boolean {
  if (supportedTypes.includes(`!${clusterType}`)) return false
  const admitted = supportedTypes.filter((t) => !t.startsWith('!'))
  return admitted.length === 0 || admitted.includes(clusterType)
}

/** B038: condition 4. Listed roles must include the user's role; no list admits every role. */
export function passesRoles(roles: VisibilityGate['roles'], user: Pick<VisibilityUser, 'role'>): boolean {
  return roles === undefined || roles.includes(user.role)
}

/** The four-part visibility rule of 01 §6 (B035-B038, B040) for one route or tab. */
export function isVisible(gate: VisibilityGate, user: VisibilityUser): boolean {
  return (
    passesViews(gate.rbacId, user) &&
    passesFlags(gate.flags, user) &&
    passesClusterType(gate.supportedTypes, user.clusterType) &&
    passesRoles(gate.roles, user)
  )
}

/**
 * A tab with only its visible children, or undefined when it is hidden: the tab's own gate fails,
 * or nothing it leads to is visible (B039). Detail pages alone do not keep a tab: a tab whose only
 * visible child needs an id would have nothing to click.
 */
function visibleTab(tab: TabEntry, user: VisibilityUser): TabEntry | undefined {
  if (!isVisible(tab, user)) return undefined
  const children = tab.children.filter((c) => isVisible(c, user))
  const page = tab.page && isVisible(tab.page, user) ? tab.page : undefined
  const shown: TabEntry = { ...tab, children, page }
  if (page === undefined) delete shown.page
  return firstVisibleChildPath(shown) === undefined ? undefined : shown
}

/**
 * B029: the route configuration of one user: the layout of the user's cluster type (B301: any other
 * type gets the default layout and is judged as its first type), the visible tabs with their
 * visible children, every route the user may open, the landing route (B022, B028, G08) and the
 * redirects of bare list paths (C17) and tab paths.
 */
export function buildRouteConfig(user: VisibilityUser): RouteConfig {
  const layout = layoutFor(user.clusterType)
  const clusterType: ClusterType = layout.clusterTypes.includes(user.clusterType)
    ? user.clusterType
    : (layout.clusterTypes[0] as ClusterType)
  const subject: VisibilityUser = { ...user, clusterType }

  const tabs = layout.tabs.flatMap((t) => visibleTab(t, subject) ?? [])
  const routes = [
    ...tabs.flatMap((t) => [...t.children, ...(t.page ? [t.page] : [])]),
    ...layout.pages.filter((r) => isVisible(r, subject)),
    ...ALL_TYPES_ROUTES.filter((r) => isVisible(r, subject)),
  ]
  const paths = new Set(routes.map((r) => r.path))

  const firstTab = tabs[0] ? firstVisibleChildPath(tabs[0]) : undefined
  // G08: a role's own landing counts once its screen is built (the BigQuery admin's /os_dashboard
  // is not yet, so the admin lands on the job list like everyone else until it is).
  const byRole = layout.landing.byRole?.[subject.role]
  const roleLanding =
    byRole && routes.some((r) => r.path === byRole && r.status === 'built') ? byRole : undefined
  const preferred = roleLanding ?? layout.landing.path
  const landing =
    preferred !== undefined && paths.has(preferred) ? preferred : (firstTab ?? NO_ACCESS_LANDING)

  const redirects: Record<string, string> = {}
  for (const t of tabs) {
    const target = firstVisibleChildPath(t)
    if (t.path && target && !paths.has(t.path)) redirects[t.path] = target
  }
  for (const r of ROUTE_REDIRECTS) {
    if (r.clusterTypes.includes(clusterType) && paths.has(r.to) && !paths.has(r.from))
      redirects[r.from] = r.to
  }

  return { clusterType, tabs, routes: [...new Set(routes)], landing, redirects }
}

/** A route of the configuration that matches a pathname, with its path parameters. */
export interface RouteMatch {
  route: RouteEntry
  params: Record<string, string>
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '')
}

/**
 * The route a pathname opens for this user, or undefined (the not-found page). Trailing slashes
 * do not matter; a literal segment wins over a parameter (`/app/application/session` over
 * `/app/application/:appType`), as in react-router's ranking.
 */
export function matchRoute(config: Pick<RouteConfig, 'routes'>, pathname: string): RouteMatch | undefined {
  const wanted = segments(pathname).map((s) => decodeURIComponent(s))
  let best: (RouteMatch & { literals: number }) | undefined
  for (const route of config.routes) {
    const pattern = segments(route.path)
    if (pattern.length !== wanted.length) continue
    const params: Record<string, string> = {}
    let literals = 0
    const matches = pattern.every((part, i) => {
      const value = wanted[i] as string
      if (part.startsWith(':')) {
        params[part.slice(1)] = value
        return true
      }
      literals += 1
      return part === value
    })
    if (matches && (best === undefined || literals > best.literals)) best = { route, params, literals }
  }
  return best && { route: best.route, params: best.params }
}
