import type { ClusterType, Role } from '../contracts/common.ts'
import type { RouteEntry, TabEntry } from './types.ts'
import { ALL_TYPES_ROUTES, ON_PREMISES_TYPES, TOP_LEVEL_ROUTES } from './catalogue-common.ts'
import { DEFAULT_PAGES, DEFAULT_TABS, EMR_PAGES, EMR_TABS } from './catalogue-hadoop.ts'
import { DB_PAGES, DB_TABS } from './catalogue-databricks.ts'
import { SNOWFLAKE_PAGES, SNOWFLAKE_TABS } from './catalogue-snowflake.ts'
import { BIGQUERY_PAGES, BIGQUERY_TABS } from './catalogue-bigquery.ts'
import { K8S_PAGES, K8S_TABS } from './catalogue-kubernetes.ts'

export { ALL_TYPES_ROUTES, TOP_LEVEL_ROUTES } from './catalogue-common.ts'

/** The six layouts of 01 §2.3; the four on-premises types share DEFAULT. */
export const LAYOUT_KEYS = ['DEFAULT', 'EMR', 'DB', 'SNOWFLAKE', 'BIGQUERYV2', 'K8S'] as const
export type LayoutKey = (typeof LAYOUT_KEYS)[number]

/**
 * Where `/` and `/login` send a user of a layout (B022, B028, R227-R232, G08). Without `path` the
 * landing is the first visible sub-tab of the first visible tab; `byRole` overrides `path` for a
 * role once that route's screen is built. A chosen landing the user may not open falls back to the
 * first visible sub-tab.
 */
export interface LandingRule {
  specIds: readonly string[]
  path?: string
  byRole?: Partial<Record<Role, string>>
}

/** One layout: its tabs in display order, the pages under no tab, and its landing rule. */
export interface RouteLayout {
  key: LayoutKey
  clusterTypes: readonly ClusterType[]
  tabs: readonly TabEntry[]
  /** Routes of the layout under no tab (dashboards, value dashboard, search, API docs, JMX…). */
  pages: readonly RouteEntry[]
  landing: LandingRule
}

/** The route catalogue per layout (01 §2.3, routes.json), as data. */
export const ROUTE_LAYOUTS: Readonly<Record<LayoutKey, RouteLayout>> = {
  DEFAULT: {
    key: 'DEFAULT',
    clusterTypes: ON_PREMISES_TYPES,
    tabs: DEFAULT_TABS,
    pages: DEFAULT_PAGES,
    landing: { specIds: ['R227'] },
  },
  EMR: {
    key: 'EMR',
    clusterTypes: ['EMR'],
    tabs: EMR_TABS,
    pages: EMR_PAGES,
    landing: { specIds: ['R228'] },
  },
  DB: { key: 'DB', clusterTypes: ['DB'], tabs: DB_TABS, pages: DB_PAGES, landing: { specIds: ['R229'] } },
  SNOWFLAKE: {
    key: 'SNOWFLAKE',
    clusterTypes: ['SNOWFLAKE'],
    tabs: SNOWFLAKE_TABS,
    pages: SNOWFLAKE_PAGES,
    landing: { specIds: ['R230'], path: '/home' },
  },
  BIGQUERYV2: {
    key: 'BIGQUERYV2',
    clusterTypes: ['BIGQUERYV2'],
    tabs: BIGQUERY_TABS,
    pages: BIGQUERY_PAGES,
    landing: { specIds: ['R231'], path: '/job/list', byRole: { admin: '/os_dashboard' } },
  },
  K8S: {
    key: 'K8S',
    clusterTypes: ['K8S'],
    tabs: K8S_TABS,
    pages: K8S_PAGES,
    landing: { specIds: ['R232'], path: '/kubernetes/osd_topx' },
  },
}

/**
 * The layout of a cluster type. B301: a type that is no layout type (HDI, GCP, DATAPROC, or
 * anything else a server sends) gets the default layout.
 */
export function layoutFor(clusterType: string): RouteLayout {
  const layout = Object.values(ROUTE_LAYOUTS).find((l) => l.clusterTypes.some((t) => t === clusterType))
  return layout ?? ROUTE_LAYOUTS.DEFAULT
}

/** Every route a layout declares, tabs first (children, then the tab page), then its pages. */
export function layoutRoutes(layout: RouteLayout): RouteEntry[] {
  const fromTabs = layout.tabs.flatMap((t) => [...t.children, ...(t.page ? [t.page] : [])])
  return [...fromTabs, ...layout.pages]
}

/**
 * Every distinct entry of the catalogue: top-level routes, the routes of every layout and the
 * routes for all types. An entry EMR shares with the default layout is listed once.
 */
export function catalogueEntries(): RouteEntry[] {
  const all = [
    ...TOP_LEVEL_ROUTES,
    ...Object.values(ROUTE_LAYOUTS).flatMap(layoutRoutes),
    ...ALL_TYPES_ROUTES,
  ]
  return [...new Set(all)]
}

/** A bare list path that redirects to its canonical `/x/list` page (C17). */
export interface RouteRedirect {
  from: string
  to: string
  /** The cluster types whose layout has the list page (DB keeps its list at /autoactions itself). */
  clusterTypes: readonly ClusterType[]
}

/** C17: the canonical list paths are `/x/list`; the bare `/x` of 03 §2 redirects there. */
export const ROUTE_REDIRECTS: readonly RouteRedirect[] = [
  { from: '/autoactions', to: '/autoactions/list', clusterTypes: [...ON_PREMISES_TYPES, 'EMR'] },
  { from: '/warehouse', to: '/warehouse/list', clusterTypes: ['SNOWFLAKE'] },
  { from: '/query', to: '/query/list', clusterTypes: ['SNOWFLAKE'] },
  { from: '/job', to: '/job/list', clusterTypes: ['BIGQUERYV2'] },
  { from: '/project', to: '/project/list', clusterTypes: ['BIGQUERYV2'] },
]

/**
 * The path a tab leads to: its first sub-tab shown in the navigation, or its own page. Pass a tab
 * from `buildRouteConfig(user).tabs` to get the first sub-tab that user may open.
 */
export function firstVisibleChildPath(tab: TabEntry): string | undefined {
  return tab.children.find((c) => c.inNav !== false)?.path ?? tab.page?.path
}
