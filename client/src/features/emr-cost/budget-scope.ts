import type { Budget } from '@costlens/shared'

/** What a budget covers, in words: 'All EMR clusters', '2 clusters: j-1, j-2', 'Tag team = data'. */
export function budgetScopeText(
  budget: Pick<Budget, 'scopeType' | 'clusterIds' | 'tagKey' | 'tagValue'>,
): string {
  if (budget.scopeType === 'tag') return `Tag ${budget.tagKey} = ${budget.tagValue}`
  if (budget.scopeType === 'clusters') {
    const n = budget.clusterIds.length
    const shown = budget.clusterIds.slice(0, 3).join(', ')
    return `${n} cluster${n === 1 ? '' : 's'}: ${shown}${n > 3 ? `, +${n - 3}` : ''}`
  }
  return 'All EMR clusters'
}
