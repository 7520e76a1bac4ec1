/** B187: the on-premises pipeline types, all checked when the list opens or is reset. */
export const PIPELINE_TYPES = ['hivemr', 'hivetz', 'impala', 'spark'] as const
export type PipelineType = (typeof PIPELINE_TYPES)[number]

export interface PipelineFilters {
  types: PipelineType[]
  searchText: string
}

/** B187: what 'reset' restores. */
export function defaultPipelineFilters(): PipelineFilters {
  return { types: [...PIPELINE_TYPES], searchText: '' }
}

/** B187: a pipeline without a run name is shown under its key. */
export function pipelineRunName(row: { key: string; runName?: string | null }): string {
  return row.runName || row.key
}

/**
 * B187: pipelines sort on the client (the whole window is loaded), and any new sort goes back to
 * page 1 so the first rows of the new order are what the user sees.
 */
export function sortPipelines<R extends Record<string, unknown>>(
  rows: readonly R[],
  key: keyof R & string,
  direction: 'asc' | 'desc',
): { rows: R[]; page: 1 } {
  const sign = direction === 'asc' ? 1 : -1
  const sorted = [...rows].sort((a, b) => {
    const x = a[key]
    const y = b[key]
    if (x === y) return 0
    // Missing values sort last in either direction: an unknown duration is not the shortest one.
    if (x === null || x === undefined) return 1
    if (y === null || y === undefined) return -1
    return (x < y ? -1 : 1) * sign
  })
  return { rows: sorted, page: 1 }
}
