import {
  ALL_CLUSTERS,
  PICKERS,
  checkPickedRange,
  frozenRange,
  isRangeAllowedForPlan,
  presetRange,
  queryStringFromState,
  readNumber,
  type DateRange,
  type FrozenTimeUser,
  type JobSchedulesQuery,
  type Plan,
} from '@costlens/shared'

/** The scheduled-jobs calendar's state, kept in the address like the lists'. */
export interface ScheduleView {
  dateRange: DateRange
  /** A preset of the schedule picker (`thisWeek`, `2_w` …), or 'custom'. */
  rangeLabel: string
  /** A cluster's unravelId, or '*' for every cluster. */
  cluster: string
}

export type ScheduleUser = FrozenTimeUser & { plan?: Plan }

const PICKER = PICKERS.scheduledJobs
const DEFAULT_LABEL = PICKER.defaultPreset!

/** B085: the jobs view opens on This Week, the schedule picker's own default; a frozen user on the frozen range. */
export function scheduleDefaults(now: number, user?: ScheduleUser): ScheduleView {
  const frozen = user ? frozenRange(user) : null
  return {
    dateRange: frozen ?? presetRange(DEFAULT_LABEL, now)!,
    rangeLabel: frozen ? 'custom' : DEFAULT_LABEL,
    cluster: ALL_CLUSTERS,
  }
}

/**
 * The view from the address. Only the schedule picker's presets are read as labels; picked dates
 * must pass the picker's own checks (at most 4 weeks, nothing in the future, B063-B065) and the
 * plan's (B054), or the calendar opens on its default rather than on a range it would refuse.
 */
export function readScheduleView(search: string, now: number, user?: ScheduleUser): ScheduleView {
  const params = new URLSearchParams(search)
  const defaults = scheduleDefaults(now, user)
  const cluster = params.get('clusterUid') || ALL_CLUSTERS
  if (user?.frozenTime) return { ...defaults, cluster }
  const label = params.get('dateRangeLabel')
  const preset = PICKER.presets.find((p) => p.value === label)
  if (preset) return { dateRange: presetRange(preset.value, now)!, rangeLabel: preset.value, cluster }
  const start = readNumber(params, 'start_date')
  const end = readNumber(params, 'end_date')
  if (start === undefined || end === undefined) return { ...defaults, cluster }
  const range = { start, end }
  const ok =
    checkPickedRange('scheduledJobs', range, now, user) === null &&
    isRangeAllowedForPlan(user?.plan ?? 'enterprise', range)
  return ok ? { dateRange: range, rangeLabel: 'custom', cluster } : { ...defaults, cluster }
}

/** The address of a view; defaults left out. */
export function scheduleSearch(view: ScheduleView): string {
  const custom = view.rangeLabel === 'custom'
  return queryStringFromState({
    dateRangeLabel: custom || view.rangeLabel === DEFAULT_LABEL ? undefined : view.rangeLabel,
    start_date: custom ? view.dateRange.start : undefined,
    end_date: custom ? view.dateRange.end : undefined,
    clusterUid: view.cluster === ALL_CLUSTERS ? undefined : view.cluster,
  })
}

/** The calendar's query: the window, and the cluster when one is chosen. */
export function scheduleQuery(view: ScheduleView): JobSchedulesQuery {
  return {
    start_time: String(view.dateRange.start),
    end_time: String(view.dateRange.end),
    ...(view.cluster === ALL_CLUSTERS ? {} : { clusterName: view.cluster }),
  }
}

/** The picker's button text. */
export function scheduleRangeLabel(view: ScheduleView, rangeText: (r: DateRange) => string): string {
  return PICKER.presets.find((p) => p.value === view.rangeLabel)?.label ?? rangeText(view.dateRange)
}
