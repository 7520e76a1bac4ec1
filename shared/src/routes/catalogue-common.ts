import { CLUSTER_TYPES, type ClusterType, type Role } from '../contracts/common.ts'
import type { RouteEntry, TabEntry } from './types.ts'

/** The on-premises Hadoop types that share the default layout (01 §2.3, R004-R050). */
export const ON_PREMISES_TYPES = ['CDH', 'CDP', 'HDP', 'MAPR'] as const satisfies readonly ClusterType[]

/** The on-premises types plus EMR: the default routes EMR registers too ("EMR also uses these home routes"). */
export const HADOOP_TYPES = [...ON_PREMISES_TYPES, 'EMR'] as const satisfies readonly ClusterType[]

export const ADMIN_ONLY: readonly Role[] = ['admin']

type RouteInit = Omit<RouteEntry, 'status'> & Partial<Pick<RouteEntry, 'status'>>

/** A catalogue row; every route is `planned` until its screen exists. */
export function route(init: RouteInit): RouteEntry {
  return { status: 'planned', ...init }
}

/** A page reached from a list or another page (needs a path parameter or a selection): never a sub-tab. */
export function detail(init: RouteInit): RouteEntry {
  return route({ ...init, inNav: false })
}

type TabInit = Omit<TabEntry, 'children'> & { children?: readonly RouteEntry[] }

export function tab(init: TabInit): TabEntry {
  return { children: [], ...init }
}

/** The App Store tab of the cloud layouts (Snowflake, BigQuery, Kubernetes): one /apps page. */
export function appStorePageTab(specId: string, supportedTypes: readonly ClusterType[]): TabEntry {
  return tab({
    key: 'appstore',
    title: 'App Store',
    icon: 'Apps',
    path: '/apps',
    rbacId: 'appstore',
    supportedTypes,
    page: route({
      specIds: [specId],
      path: '/apps',
      title: 'App Store',
      rbacId: 'appstore',
      flags: ['appstoreEnabled'],
      supportedTypes,
    }),
  })
}

/**
 * The top-level routes (01 §2.1): the only screens built before the per-type pages, and ungated
 * (the route guard, not the visibility rule, decides who reaches them).
 */
export const TOP_LEVEL_ROUTES: readonly RouteEntry[] = [
  route({
    specIds: ['R001'],
    path: '/login',
    title: 'Sign in',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'login',
  }),
  route({
    specIds: ['R002'],
    path: '/',
    title: 'Home',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'home',
  }),
  // routes.json writes '**' as a placeholder for "any other path": react-router's splat is '*'.
  route({
    specIds: ['R003'],
    path: '*',
    title: 'Page not found',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'not-found',
    inNav: false,
  }),
]

/** Routes for all types (01 §2.3, R105-R120): no tab, no gate documented. */
export const ALL_TYPES_ROUTES: readonly RouteEntry[] = [
  // 'embeded' is the spec's spelling and the real product's path: kept so links from a parent window work.
  route({ specIds: ['R105'], path: '/embeded_workload', title: 'Workload', supportedTypes: CLUSTER_TYPES }),
  route({ specIds: ['R106'], path: '/embeded_billing', title: 'Billing', supportedTypes: CLUSTER_TYPES }),
  detail({
    specIds: ['R107'],
    path: '/app/application/dag/',
    title: 'DAG',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'app-dag',
  }),
  detail({
    specIds: ['R108'],
    path: '/app/application/apptype/presto',
    title: 'Presto Query',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'app-details',
  }),
  // A BigQuery job is not an application (issue 19): the page leads to /job/{execId}/details (R157, E167).
  detail({
    specIds: ['R109'],
    path: '/app/application/apptype/bigquery',
    title: 'BigQuery Job',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'app-details',
  }),
  detail({
    specIds: ['R110'],
    path: '/app/application/session',
    title: 'Session',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'session',
  }),
  detail({
    specIds: ['R111'],
    path: '/app/application/pipeline/:pipeline',
    title: 'Pipeline',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'pipeline-runs',
  }),
  detail({
    specIds: ['R112'],
    path: '/app/application/workflow',
    title: 'Workflow',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'workflow',
  }),
  // R226 lists the same path again for K8S: one entry serves both so the path is declared once.
  detail({
    specIds: ['R113', 'R226'],
    path: '/app/application/:appType',
    title: 'Application',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'app-details',
  }),
  detail({
    specIds: ['R114'],
    path: '/app/application/spark/job',
    title: 'Spark Job',
    supportedTypes: CLUSTER_TYPES,
    status: 'built',
    screen: 'spark-job',
  }),
  detail({
    specIds: ['R115'],
    path: '/kafkatopic/:cluster/:topic',
    title: 'Kafka Topic',
    supportedTypes: CLUSTER_TYPES,
    // The spec documents no gate, but every call of the page needs kafkaEnabled (the API
    // answers 403 without it): the page is hidden, like /clusters/kafka, rather than shown failing.
    flags: ['kafkaEnabled'],
    status: 'built',
    screen: 'kafka-topic',
  }),
  detail({
    specIds: ['R116'],
    path: '/kafkaconsumer/:cluster/:consumer',
    title: 'Kafka Consumer Group',
    supportedTypes: CLUSTER_TYPES,
    // Gated as the topic page is, for the same reason.
    flags: ['kafkaEnabled'],
    status: 'built',
    screen: 'kafka-consumer',
  }),
  route({
    specIds: ['R117'],
    path: '/autoactions/templates',
    title: 'Auto Action Templates',
    supportedTypes: CLUSTER_TYPES,
  }),
  route({
    specIds: ['R118'],
    path: '/autoactions/add',
    title: 'New Auto Action',
    supportedTypes: CLUSTER_TYPES,
  }),
  detail({
    specIds: ['R119'],
    path: '/data/table/:tableCluster/:table',
    title: 'Table Details',
    supportedTypes: CLUSTER_TYPES,
  }),
  route({
    specIds: ['R120'],
    path: '/reports/scheduleuser',
    title: 'Scheduled Report Recipients',
    supportedTypes: CLUSTER_TYPES,
  }),
  // Not a spec route (no id): the simulator's fault, clock and reset controls, for admins. Against a
  // real backend, or with SIM_CONTROL=off, the page says the controls are not there.
  route({
    specIds: [],
    path: '/simulator',
    title: 'Simulator controls',
    supportedTypes: CLUSTER_TYPES,
    roles: ['admin'],
    status: 'built',
    screen: 'sim-control',
    inNav: false,
  }),
]
