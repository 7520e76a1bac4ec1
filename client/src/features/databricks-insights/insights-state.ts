import {
  DATABRICKS_INSIGHT_ACTION_SORTS,
  DATABRICKS_INSIGHT_ACTION_TABS,
  DATABRICKS_INSIGHT_DATE_LABELS,
  DATABRICKS_INSIGHT_JOB_SORTS,
  DATABRICKS_INSIGHT_KEYS,
  DATABRICKS_INSIGHTS_PAGE_SIZE,
  isCostSortKey,
  type DatabricksInsightDateLabel,
  type DatabricksInsightKey,
  type Plan,
} from '@costlens/shared'
import * as field from '../../kit/fields.ts'
import { defineListState, type ListContext } from '../../kit/list-state.ts'

/*
 * The address state of both insights pages (03 §2: insights, workspace, name, tab, dateLabel,
 * startTime, endTime, page, pageSize, sort, query). The range is the kit's picker: a preset is kept
 * as dateRangeLabel (sent as dateLabel), picked dates as startTime / endTime.
 */

const DAY = 86_400_000
const MAX_DAYS = 90

export const INSIGHT_TITLES: Readonly<Record<DatabricksInsightKey, string>> = {
  jobOnAllPurposeCompute: 'Job on all-purpose compute',
  idleClusterToTimeout: 'Cluster idle until its timeout',
  fixedWorkersWhereAutoscaleFits: 'Fixed workers where autoscaling fits',
  onDemandWhereSpotFits: 'On-demand workers where spot fits',
  oversizedCluster: 'Oversized cluster',
}

const sortAllowed = (keys: readonly string[]) => (key: string, context: ListContext) =>
  keys.includes(key) && (context.user?.plan !== 'freemium' || !isCostSortKey(key))

const range = field.addressRange({ preset: '30_d', startKey: 'startTime', endKey: 'endTime' })
const shared = {
  insights: field.many('insights', DATABRICKS_INSIGHT_KEYS),
  workspace: field.text('workspace'),
  name: field.text('name'),
}

export const insightJobsState = defineListState({
  range,
  fields: {
    sort: field.sort(
      'sort',
      { key: 'untappedSavings', direction: 'desc' },
      sortAllowed(DATABRICKS_INSIGHT_JOB_SORTS),
    ),
    page: field.page('page'),
    pageSize: field.pageSize(DATABRICKS_INSIGHTS_PAGE_SIZE),
  },
  filters: shared,
  resetFiltersOn: [],
})

export const insightActionsState = defineListState({
  range,
  fields: {
    tab: field.tabs('tab', DATABRICKS_INSIGHT_ACTION_TABS),
    sort: field.sort(
      'sort',
      { key: 'untappedSavings', direction: 'desc' },
      sortAllowed(DATABRICKS_INSIGHT_ACTION_SORTS),
    ),
    page: field.page('page'),
    pageSize: field.pageSize(DATABRICKS_INSIGHTS_PAGE_SIZE),
  },
  filters: { ...shared, query: field.text('query') },
  resetFiltersOn: [],
})

interface RangeView {
  dateRange: { start: number; end: number }
  rangeLabel: string
}

/**
 * The range as the calls take it: a preset of the configuration by its label, else the picked dates
 * (at most the last 90 days of them; the free plan's 7 when the address asks for more).
 */
export function insightRangeArgs(view: RangeView, plan: Plan) {
  const label = view.rangeLabel as DatabricksInsightDateLabel
  const days = (view.dateRange.end - view.dateRange.start) / DAY
  if (plan === 'freemium' && days > 7) return { dateLabel: '7_d' as const }
  if ((DATABRICKS_INSIGHT_DATE_LABELS as readonly string[]).includes(label)) return { dateLabel: label }
  const end = view.dateRange.end
  return { startTime: Math.max(view.dateRange.start, end - MAX_DAYS * DAY), endTime: end }
}

/** The filters as the calls take them (insights comma-separated; empty ones left out). */
export function insightFilterArgs(filters: { insights: readonly string[]; workspace: string; name: string }) {
  return {
    ...(filters.insights.length && { insights: filters.insights.join(',') }),
    ...(filters.workspace && { workspace: filters.workspace }),
    ...(filters.name && { name: filters.name }),
  }
}

export const sortParam = (sort: { key: string; direction: string }) => `${sort.key}-${sort.direction}`
