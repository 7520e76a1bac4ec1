import type { ResourceGroupBy, TaggedStatsResponse } from '@costlens/shared'
import type { FilterOption } from '../../components/filters/multi-select-filter.tsx'

/**
 * The values a group-by offers (E062): those of the apps that finished in the window and of the apps
 * running now, each with how many apps it had, busiest first, then by name. Queues include the
 * configured ones that ran nothing (count 0), so an idle queue can still be chosen.
 */
export function groupOptions(
  groupBy: ResourceGroupBy,
  ...stats: (Partial<TaggedStatsResponse> | undefined)[]
): FilterOption[] {
  const counts = new Map<string, number>()
  for (const s of stats)
    for (const entry of s?.[groupBy] ?? [])
      counts.set(entry.key, (counts.get(entry.key) ?? 0) + entry.doc_count)
  return [...counts]
    .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .map(([value, count]) => ({ value, count }))
}
