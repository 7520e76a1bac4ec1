import { describe, expect, it } from 'vitest'
import { FEATURE_KEYS, featureKeyOf, roleFlags } from './access.ts'
import { ROLES } from '../contracts/common.ts'
import { catalogueEntries, LAYOUT_KEYS, ROUTE_LAYOUTS } from '../routes/catalogue.ts'

describe('B302 roles and their flags', () => {
  it.each([
    ['admin', { isAdmin: true, isReadonlyAdmin: false }],
    ['readonlyAdmin', { isAdmin: false, isReadonlyAdmin: true }],
    ['user', { isAdmin: false, isReadonlyAdmin: false }],
  ] as const)('B302 %s → %j', (role, flags) => {
    expect(roleFlags(role)).toEqual(flags)
  })

  it('B302 the roles are admin, readonlyAdmin and user', () => {
    expect(ROLES).toEqual(['admin', 'readonlyAdmin', 'user'])
  })
})

describe('B303 feature keys', () => {
  it.each([
    ['jobs/applications', 'jobs'],
    ['manage', 'manage'],
    ['insightsoverview/x', 'insightsoverview'],
    ['billing/x', null],
    ['', null],
  ])('B303 permission %s belongs to %s', (rbacId, key) => {
    expect(featureKeyOf(rbacId)).toBe(key)
  })

  it('B303 every permission id in the route catalogue starts with a feature key', () => {
    const tabIds = LAYOUT_KEYS.flatMap((k) => ROUTE_LAYOUTS[k].tabs.map((t) => t.rbacId))
    const ids = [...catalogueEntries().map((r) => r.rbacId), ...tabIds].filter((id): id is string => !!id)
    expect(ids.length).toBeGreaterThan(100)
    expect(ids.filter((id) => featureKeyOf(id) === null)).toEqual([])
  })

  it('B303 there are 17 keys, none repeated', () => {
    expect(new Set(FEATURE_KEYS).size).toBe(17)
  })
})
