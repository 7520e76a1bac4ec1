/**
 * How API data becomes what widgets draw (01 §3, 02 §3), and what a silent failure leaves behind
 * (01 §8, B290), so every screen reads the same shapes from the real backend and the simulator.
 */

/** B297: the default kind of a cluster whose search result does not say. */
export const DEFAULT_CLUSTER_KIND = 'Yarn'

export interface ClusterOption {
  id: string
  text: string
  clusterType: string
}

/** B297: a cluster search result as a dropdown item: id = unravelId, text = displayName. */
export function clusterOption(item: {
  unravelId: string
  displayName?: string | null
  clusterType?: string | null
}): ClusterOption {
  return {
    id: item.unravelId,
    // A cluster with no display name is still selectable by its id rather than shown blank.
    text: item.displayName || item.unravelId,
    clusterType: item.clusterType || DEFAULT_CLUSTER_KIND,
  }
}

/** B298: a time-series point, [epoch ms, value]. */
export type SeriesPoint = [timestamp: number, value: number]
/** B298: a range point, [epoch ms, low, high]. */
export type RangePoint = [timestamp: number, low: number, high: number]

const isTimestamp = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0
const isValue = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

/** B298: a valid [timestamp, value] pair (value may be null for a gap the chart should not join). */
export function isSeriesPoint(point: unknown): point is SeriesPoint {
  return (
    Array.isArray(point) &&
    point.length === 2 &&
    isTimestamp(point[0]) &&
    (point[1] === null || isValue(point[1]))
  )
}

/** B298: a valid [timestamp, low, high] triple with low ≤ high. */
export function isRangePoint(point: unknown): point is RangePoint {
  return (
    Array.isArray(point) &&
    point.length === 3 &&
    isTimestamp(point[0]) &&
    isValue(point[1]) &&
    isValue(point[2]) &&
    point[1] <= point[2]
  )
}

/** B020: the idle refresh timeout that runs beside the idle logout (B019), in seconds. */
export const IDLE_REFRESH_TIMEOUT_S = 1800

/**
 * B021: seconds since the last API call, for the API idle timeout. Its limit is not shown (G22);
 * costlens uses the idle refresh timeout (B020), so a console left open but unused re-fetches
 * rather than showing half-hour-old data.
 */
export function apiIdleSeconds(lastApiCallMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - lastApiCallMs) / 1000))
}

/** B021: true once the console has made no API call for the API idle timeout. */
export function isApiIdle(lastApiCallMs: number, nowMs: number, timeoutS = IDLE_REFRESH_TIMEOUT_S): boolean {
  return apiIdleSeconds(lastApiCallMs, nowMs) >= timeoutS
}
