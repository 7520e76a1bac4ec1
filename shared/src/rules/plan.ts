import type { CurrentUser, EnableFlag } from '../contracts/auth.ts'

type PlanFields = Pick<CurrentUser, 'unravelPlan' | 'motionType' | 'isUnravelUser'>

/** The two plans the console distinguishes (B051): freemium limits, or none. */
export type Plan = 'freemium' | 'enterprise'

/**
 * B051: a user is freemium on the standard plan, unless the motion is sales-led and the user
 * is a product-team user. Any other plan is not freemium.
 */
export function resolvePlan({ unravelPlan, motionType, isUnravelUser }: PlanFields): Plan {
  if (unravelPlan !== 'standard') return 'enterprise'
  return motionType === 'sales-led' && isUnravelUser ? 'enterprise' : 'freemium'
}

type DerivedFlagFields = PlanFields & Pick<CurrentUser, 'nativeApp' | 'isSaas'>

/**
 * The four enable flags (B304) that are not switches of their own but follow from the plan
 * and the deployment: the server sends them so every client reads the same answer.
 */
export function derivedEnableFlags(
  user: DerivedFlagFields,
): Pick<
  Record<EnableFlag, boolean>,
  'isNotFreemium' | 'isNotNativeApp' | 'isNotFreeNativeApp' | 'isNonSaas'
> {
  return {
    isNotFreemium: resolvePlan(user) !== 'freemium',
    isNotNativeApp: !user.nativeApp.enabled,
    isNotFreeNativeApp: !(user.nativeApp.enabled && user.nativeApp.isFreeVersion),
    isNonSaas: !user.isSaas,
  }
}
