import type { Budget } from '@costlens/shared'
import { budgetPlatformView } from './budget-platform.ts'

const listed = (names: readonly string[], one: string) => {
  const n = names.length
  const shown = names.slice(0, 3).join(', ')
  return `${n} ${one}${n === 1 ? '' : 's'}: ${shown}${n > 3 ? `, +${n - 3}` : ''}`
}

/**
 * What a budget covers, in words: 'All EMR clusters', '2 clusters: j-1, j-2', '1 workspace:
 * acme-prod', 'Tag team = data'.
 */
export function budgetScopeText(
  budget: Pick<Budget, 'platform' | 'scopeType' | 'clusterIds' | 'workspaces' | 'tagKey' | 'tagValue'>,
): string {
  if (budget.scopeType === 'tag') return `Tag ${budget.tagKey} = ${budget.tagValue}`
  if (budget.scopeType === 'clusters') return listed(budget.clusterIds, 'cluster')
  if (budget.scopeType === 'workspaces') return listed(budget.workspaces, 'workspace')
  return budgetPlatformView(budget.platform).everything
}
