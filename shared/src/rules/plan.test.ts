import { describe, expect, it } from 'vitest'
import { derivedEnableFlags, resolvePlan } from './plan.ts'

describe('resolvePlan (B051)', () => {
  it.each([
    [{ unravelPlan: 'standard', motionType: 'sales-led', isUnravelUser: true }, 'enterprise'],
    [{ unravelPlan: 'standard', motionType: 'sales-led', isUnravelUser: false }, 'freemium'],
    [{ unravelPlan: 'standard', motionType: 'product-led', isUnravelUser: true }, 'freemium'],
    [{ unravelPlan: 'enterprise', motionType: 'product-led', isUnravelUser: false }, 'enterprise'],
  ] as const)('%j is %s', (fields, plan) => {
    expect(resolvePlan(fields)).toBe(plan)
  })
})

describe('derivedEnableFlags (B304)', () => {
  const base = { unravelPlan: 'enterprise', motionType: 'sales-led', isUnravelUser: false, isSaas: false }
  it('an enterprise on-premises install passes every derived flag', () => {
    expect(derivedEnableFlags({ ...base, nativeApp: { enabled: false, isFreeVersion: false } })).toEqual({
      isNotFreemium: true,
      isNotNativeApp: true,
      isNotFreeNativeApp: true,
      isNonSaas: true,
    })
  })
  it('a free native app on SaaS fails the native and SaaS flags', () => {
    expect(
      derivedEnableFlags({ ...base, isSaas: true, nativeApp: { enabled: true, isFreeVersion: true } }),
    ).toEqual({
      isNotFreemium: true,
      isNotNativeApp: false,
      isNotFreeNativeApp: false,
      isNonSaas: false,
    })
  })
  it('a freemium user fails isNotFreemium', () => {
    expect(
      derivedEnableFlags({
        ...base,
        unravelPlan: 'standard',
        motionType: 'product-led',
        nativeApp: { enabled: false, isFreeVersion: false },
      }).isNotFreemium,
    ).toBe(false)
  })
})
