import {
  ALL_CLUSTERS,
  MAX_ANALYSED_QUEUES,
  queryStringFromState,
  queueSelectionProblem,
  readList,
  resourcesQueryFromSearch,
  type NamedSeries,
  type PresetValue,
  type ResourceMetric,
  type TaggedStatsResponse,
} from '@costlens/shared'
import { rangeParams, readScreenRange, type RangeUser, type ScreenRange } from './range-state.ts'

/**
 * The /clusters/queueanalysis screen (02 §9 'queue analysis up to 5 queues'; B255): up to 5 queues
 * of a cluster compared, their capacity (E062) against what they used over time (E060, E061). Its
 * state lives in the address: cluster, range, measure and the queues (`queue=a,b`).
 */
export interface QueueAnalysisView {
  cluster: string
  main: ScreenRange
  metric: ResourceMetric
  /** The queues in the address; null when none are, meaning the busiest 4 (B164). */
  queues: string[] | null
  /** Why the queues in the address were not all used (M088), shown until the user chooses. */
  problem: string | null
}

/**
 * The spec gives queue analysis no default range. A week: a queue's use against its capacity is a
 * question of weekly patterns (nightly batch, weekday reports), which a day or an hour would hide.
 */
export const QUEUE_ANALYSIS_DEFAULT: PresetValue = '7_d'

export function readQueueAnalysisView(search: string, now: number, user?: RangeUser): QueueAnalysisView {
  const params = new URLSearchParams(search)
  const queues = params.has('queue') ? [...new Set(readList(params, 'queue'))] : null
  const problem = queues ? queueSelectionProblem(queues) : null
  return {
    cluster: resourcesQueryFromSearch(search).cluster ?? ALL_CLUSTERS,
    main: readScreenRange(params, 'default', QUEUE_ANALYSIS_DEFAULT, now, user),
    metric: params.get('metric') === 'memory' ? 'memory' : 'cpu',
    // More than 5 in a link: the first 5 are shown, and the message says why the rest are not.
    queues: queues && queues.length > 0 ? queues.slice(0, MAX_ANALYSED_QUEUES) : null,
    problem,
  }
}

/** B030: the address of a view, keys sorted, defaults left out. */
export function queueAnalysisSearch(view: QueueAnalysisView): string {
  return queryStringFromState({
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
    ...rangeParams(view.main, QUEUE_ANALYSIS_DEFAULT),
    metric: view.metric === 'cpu' ? undefined : view.metric,
    queue: view.queues ?? undefined,
  })
}

/** What a new choice of queues does: applied when valid (1 to 5, B255), else refused with its message. */
export function chooseQueues(
  next: readonly string[],
): { queues: string[]; problem: null } | { queues: null; problem: string } {
  const problem = queueSelectionProblem(next)
  return problem ? { queues: null, problem } : { queues: [...next], problem: null }
}

/** One row of the comparison table. */
export interface QueueRow {
  queue: string
  capacity: number | null
  maxCapacity: number | null
  /** Apps that finished in the window. */
  apps: number
  average: number | null
  peak: number | null
  /** The average as a share of the queue's guaranteed capacity over the window, in %. */
  ofCapacity: number | null
}

const average = (values: readonly number[]) =>
  values.length ? values.reduce((n, v) => n + v, 0) / values.length : null

/**
 * The table of the chosen queues: capacity and apps from the stats, average and peak use from the
 * series, and the average against the queue's share of the cluster's total (null for '*', whose
 * queues have no one capacity).
 */
export function queueRows(
  queues: readonly string[],
  stats: Partial<TaggedStatsResponse> | undefined,
  series: readonly NamedSeries[],
  clusterTotal: readonly (readonly [number, number])[],
): QueueRow[] {
  const total = average(clusterTotal.map(([, v]) => v))
  return queues.map((queue) => {
    const stat = stats?.queue?.find((q) => q.key === queue)
    const values = (series.find((s) => s.name === queue)?.data ?? []).map(([, v]) => v)
    const avg = average(values)
    const capacity = stat?.capacity ?? null
    const guaranteed = capacity !== null && total !== null ? (total * capacity) / 100 : null
    return {
      queue,
      capacity,
      maxCapacity: stat?.maxCapacity ?? null,
      apps: stat?.doc_count ?? 0,
      average: avg,
      peak: values.length ? Math.max(...values) : null,
      ofCapacity: avg !== null && guaranteed ? (avg / guaranteed) * 100 : null,
    }
  })
}

/** Each queue's guaranteed capacity over time: the cluster's total at each point times its share. */
export function capacitySeries(
  queue: string,
  capacity: number,
  clusterTotal: readonly (readonly [number, number])[],
): NamedSeries {
  return {
    name: `${queue} capacity (${capacity} %)`,
    data: clusterTotal.map(([ts, v]) => [ts, (v * capacity) / 100]),
  }
}
