import type { Role } from '../contracts/common.ts'

/**
 * B302: the two role flags of the user record. readonlyAdmin is not an admin: it may see the
 * admin-only pages that say so (B041), never change anything.
 */
export function roleFlags(role: Role): { isAdmin: boolean; isReadonlyAdmin: boolean } {
  return { isAdmin: role === 'admin', isReadonlyAdmin: role === 'readonlyAdmin' }
}

/**
 * B303: the feature keys RBAC permissions are built from (01 §6). A route's rbacId is a key or
 * `key/subKey`, the sub-key being the route's own name in the route map.
 */
export const FEATURE_KEYS = [
  'home',
  'cost',
  'clusters',
  'compute',
  'projects',
  'jobs',
  'data',
  'reports',
  'autoactions',
  'appstore',
  'migration',
  'manage',
  'insightsoverview',
  'opensearch',
  'warehouse',
  'query',
  'sql',
] as const
export type FeatureKey = (typeof FEATURE_KEYS)[number]

/** B303: the feature key of a permission id (`jobs/applications` → `jobs`), or null for a foreign one. */
export function featureKeyOf(rbacId: string): FeatureKey | null {
  const key = rbacId.split('/')[0] ?? ''
  return (FEATURE_KEYS as readonly string[]).includes(key) ? (key as FeatureKey) : null
}
