import type { HbaseInterval, HbaseKpiPrefix } from '@costlens/shared'
import type { HbaseChange } from './hbase-state.ts'

/** What every tab of the HBase screen reads: the cluster, the window, the choices in the address. */
export interface HbaseView {
  clusterUid: string
  /** The calls' window (G81), epoch ms as the query takes them. */
  window: { start_time: string; end_time: string }
  /** The charts' time axis. */
  range: { from: number; to: number }
  interval: HbaseInterval
  prefix: HbaseKpiPrefix
  /** The chosen region server as rows give it; '' for none (the whole cluster on the metrics tab). */
  host: string
  table: string
  /** The namespace the table list keeps; '' for all. */
  namespace: string
  /** B057: charts export unless the plan forbids it. */
  exportAllowed: boolean
  /** B059: the tables' download is locked on the free plan. */
  downloadLocked: boolean
  /** The page clock: Refresh moves it. */
  now: number
  change: (event: HbaseChange, options?: { push?: boolean }) => void
}

// A tab shown again asks again (B210 "changing tab refreshes"); Refresh asks again too.
export { FRESH, useRefreshed } from '../../kit/unit-series.ts'
