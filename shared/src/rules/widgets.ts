import { MESSAGES } from '../messages.ts'

/** Shared widgets' options, constants and small behaviours (02 §2, §4, §5, §9; 03 §2 Chart and other widgets, §9). */

/** B268: the allowed values of each enumerated widget option. */
export const WIDGET_OPTIONS = {
  codeViewerLanguage: ['sql', 'plain'],
  upgradePromptType: ['overlay', 'inline', 'icon'],
  tabsVariant: ['horizontal', 'filter'],
  actionMenuPosition: ['left', 'bottom'],
  modalSize: ['sm', 'xm', 'md', 'lg'],
} as const
export type WidgetOption = keyof typeof WIDGET_OPTIONS
export type WidgetOptionValue<O extends WidgetOption> = (typeof WIDGET_OPTIONS)[O][number]

/**
 * B268: what a widget falls back to when given a value it does not allow. Mostly the first listed
 * choice; the code viewer falls back to plain, because highlighting other code as SQL misleads
 * while plain text never does; a modal to md, the middle size, since sm or lg can clip or swamp a form.
 */
export const WIDGET_OPTION_DEFAULTS: { readonly [O in WidgetOption]: WidgetOptionValue<O> } = {
  codeViewerLanguage: 'plain',
  upgradePromptType: 'overlay',
  tabsVariant: 'horizontal',
  actionMenuPosition: 'left',
  modalSize: 'md',
}

/** B268: whether a value is allowed for a widget option ('xm' is spelled as in the spec). */
export function isValidWidgetOption(option: WidgetOption, value: unknown): boolean {
  return (WIDGET_OPTIONS[option] as readonly unknown[]).includes(value)
}

/**
 * B268: a widget option's value, or its fallback when the value is not allowed: a widget with a
 * bad option still renders in its standard form rather than breaking the page.
 */
export function widgetOption<O extends WidgetOption>(option: O, value: unknown): WidgetOptionValue<O> {
  return isValidWidgetOption(option, value) ? (value as WidgetOptionValue<O>) : WIDGET_OPTION_DEFAULTS[option]
}

/** B268: a modal dialog shows a Cancel button unless told otherwise. */
export const MODAL_DEFAULTS = { size: WIDGET_OPTION_DEFAULTS.modalSize, cancelButton: true } as const

/** B269: chart constants (the colours themselves are the theme's; the spec gives only their counts). */
export const CHART = {
  gauge: { min: 0, max: 100 },
  donut: { size: 180, innerSize: '75%' },
  breakdownAxisMax: 100,
  barMaxWidth: { default: 120, breakdown: 36, cost: 20 },
  seriesColours: 7,
  paletteColours: 15,
} as const

/** B269: a donut slice clicked: a shown slice is hidden, a hidden one shown again. */
export function toggleDonutSlice(hidden: readonly string[], slice: string): string[] {
  return hidden.includes(slice) ? hidden.filter((s) => s !== slice) : [...hidden, slice]
}

/** B269: a gauge's needle stays on its dial (default 0-100) whatever value it is fed. */
export function gaugeValue(
  value: number,
  min: number = CHART.gauge.min,
  max: number = CHART.gauge.max,
): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}

/** B270: the chart export menu's items, in order. */
export const CHART_EXPORT_ITEMS = ['Print', 'PNG', 'JPEG', 'PDF', 'SVG', 'CSV', 'XLS'] as const

/** B270, B057: the menu shows only once a chart exists, and never to freemium users (C19). */
export function chartExportItems(chartExists: boolean, exportAllowed = true): readonly string[] {
  return chartExists && exportAllowed ? CHART_EXPORT_ITEMS : []
}

/** B272: where banner text and series names are cut, in characters. */
export const BANNER_TEXT_LIMIT = 100
export const SERIES_NAME_LIMIT = 40

export const ELLIPSIS = '…'

/**
 * B272: text longer than its limit keeps its first `limit` characters (so 'first 100 characters
 * shown' holds literally), loses trailing spaces, and gets an ellipsis after them so the cut is
 * visible. `tooltip` holds the full text when, and only when, something was cut. Characters are
 * counted as code points, so an emoji is never split in half.
 */
export function shorten(text: string, limit: number): { text: string; tooltip: string | null } {
  const chars = Array.from(text)
  if (chars.length <= limit) return { text, tooltip: null }
  return { text: `${chars.slice(0, Math.max(0, limit)).join('').trimEnd()}${ELLIPSIS}`, tooltip: text }
}

/** B272: a series name inside a chart tooltip, cut at 40; no tooltip of its own (it already is one). */
export function tooltipSeriesName(name: string): string {
  return shorten(name, SERIES_NAME_LIMIT).text
}

/** B273: the message banner's states. */
export const BANNER_STATES = ['success', 'failed', 'error', 'info'] as const
export type BannerState = (typeof BANNER_STATES)[number]

export interface MessageBanner {
  state: BannerState
  text: string
  tooltip: string | null
  closable: boolean
}

export type BannerAction =
  { type: 'show'; state: string; text: string; closable?: boolean } | { type: 'close' } | { type: 'clear' }

/**
 * B273, B272: the banner after an action. Show: the text cut at 100 with the full text as a
 * tooltip; an unknown state shows as info rather than hiding the message. Close (its button) and
 * clear (the flag) both remove it (null).
 */
export function nextBanner(_banner: MessageBanner | null, action: BannerAction): MessageBanner | null {
  if (action.type !== 'show') return null
  const state = (BANNER_STATES as readonly string[]).includes(action.state)
    ? (action.state as BannerState)
    : 'info'
  return { state, ...shorten(action.text, BANNER_TEXT_LIMIT), closable: action.closable ?? true }
}

/** B274, B105, B119: timing constants, in ms. */
export const TIMING_MS = {
  tooltipDelay: 250,
  chartPrintWait: 500,
  searchDebounce: 300,
  copyConfirmation: 1000,
} as const

/** B275: what closes a popover. */
export const POPOVER_CLOSE_TRIGGERS = ['outsideClick', 'scroll'] as const

export type PopoverEvent = { kind: 'click'; inside: boolean } | { kind: 'scroll' } | { kind: 'hover' }

/** B275: whether an event closes an open popover: a click outside it, or any scroll (it would float off its anchor). */
export function popoverClosesOn(event: PopoverEvent): boolean {
  return event.kind === 'scroll' || (event.kind === 'click' && !event.inside)
}

/** B276: the side panel's narrowest and widest widths, in px. */
export const SIDE_PANEL_WIDTH = { min: 200, max: 570 } as const
/** B276: the share of the window the side panel takes between its bounds. */
export const SIDE_PANEL_SHARE = 0.3

/**
 * B276: the side panel's width for a window width: 30 % of the window, kept within 200-570 px.
 * The spec gives only the bounds; 30 % reaches 570 px at a 1900 px screen and 200 px below
 * about 670 px, leaving the main content at least 70 % of any laptop screen.
 */
export function sidePanelWidth(windowWidth: number): number {
  const share = Number.isFinite(windowWidth) ? windowWidth * SIDE_PANEL_SHARE : 0
  return Math.round(Math.min(SIDE_PANEL_WIDTH.max, Math.max(SIDE_PANEL_WIDTH.min, share)))
}

/** B277: auto refresh's default idle duration and wait, in ms. */
export const AUTO_REFRESH_DEFAULTS = { idleMs: 15_000, waitMs: 15_000 } as const

export interface AutoRefreshState {
  /** The last mouse or key activity (epoch ms). */
  lastActivity: number
  /** The last refresh (epoch ms), null before the first. */
  lastRefresh: number | null
  /** A refresh threw: repetition has stopped for good. */
  stopped: boolean
}

export interface AutoRefreshOptions {
  idleMs?: number
  waitMs?: number
}

/** B277: the state when a screen with auto refresh opens: the idle countdown starts now. */
export function autoRefreshStart(now: number): AutoRefreshState {
  return { lastActivity: now, lastRefresh: null, stopped: false }
}

/** B277: mouse or key activity restarts the idle countdown. */
export function autoRefreshActivity(state: AutoRefreshState, now: number): AutoRefreshState {
  return { ...state, lastActivity: now }
}

/** B277: a refresh that succeeded; the next one is a wait away. */
export function autoRefreshDone(state: AutoRefreshState, now: number): AutoRefreshState {
  return { ...state, lastRefresh: now }
}

/**
 * B277, B278: whether to refresh now, and when the next refresh is due (null once stopped), so
 * a screen needs one timer. The first refresh comes once the user has been idle for `idleMs`;
 * then one every `waitMs` while still idle; activity restarts the idle countdown. An option that
 * fails B278 is replaced by its default rather than refreshing in a tight loop or never.
 */
export function autoRefreshDecision(
  state: AutoRefreshState,
  now: number,
  options: AutoRefreshOptions = {},
): { refresh: boolean; dueAt: number | null } {
  if (state.stopped) return { refresh: false, dueAt: null }
  const idleMs = validOr(options.idleMs, AUTO_REFRESH_DEFAULTS.idleMs)
  const waitMs = validOr(options.waitMs, AUTO_REFRESH_DEFAULTS.waitMs)
  const idleDue = state.lastActivity + idleMs
  const resumed = state.lastRefresh === null || state.lastRefresh < state.lastActivity
  const dueAt = resumed ? idleDue : Math.max(idleDue, (state.lastRefresh ?? 0) + waitMs)
  return { refresh: now >= dueAt, dueAt }
}

const validOr = (value: unknown, fallback: number) =>
  (autoRefreshValueProblem(value) ? fallback : value) as number

/**
 * B277, M069: a refresh threw: repetition stops, the screen's error callback runs and 'stopped'
 * is logged. It stays stopped until the screen starts afresh, so a broken call is not hammered.
 */
export function autoRefreshFailed(state: AutoRefreshState): {
  state: AutoRefreshState
  log: string
  callOnError: true
} {
  return { state: { ...state, stopped: true }, log: MESSAGES.M069, callOnError: true }
}

/** B278: why an auto-refresh option is refused. */
export const AUTO_REFRESH_OPTION_PROBLEM = 'must be a number of at least 0.'

function autoRefreshValueProblem(value: unknown): boolean {
  return typeof value !== 'number' || !Number.isFinite(value) || value < 0
}

/** B278: the wait and idle options are numbers of at least 0 (a numeric string is refused); null when valid. */
export function autoRefreshOptionsProblem(options: { wait?: unknown; idle?: unknown }): string | null {
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && autoRefreshValueProblem(value))
      return `Auto refresh ${name} ${AUTO_REFRESH_OPTION_PROBLEM}`
  }
  return null
}

/** B279: the copy-to-clipboard texts (M097, M098 wording costlens's own, G22). */
export const COPY_TEXTS = {
  success: MESSAGES.M097,
  failure: MESSAGES.M098,
  unable: MESSAGES.M065,
  urlCopied: MESSAGES.M095,
  urlNotCopied: MESSAGES.M096,
} as const

/**
 * B279: the toast after a copy. 'Unable to copy' is for a browser that offers no clipboard at
 * all (nothing to retry); a write that was tried and refused gets the copy-error message.
 */
export function copyToast(result: 'copied' | 'failed' | 'unavailable'): Omit<Toast, 'id'> {
  if (result === 'copied') return { type: 'success', msg: COPY_TEXTS.success }
  return { type: 'error', msg: result === 'failed' ? COPY_TEXTS.failure : COPY_TEXTS.unable }
}

/** B279: the chargeback URL copy's toast; a failure names its error. */
export function urlCopyToast(error?: string): Omit<Toast, 'id'> {
  return error
    ? { type: 'error', msg: `${COPY_TEXTS.urlNotCopied}: ${error}` }
    : { type: 'success', msg: COPY_TEXTS.urlCopied }
}

/** B280: toast types; a toast is { id, type, msg }. */
export const TOAST_TYPES = ['error', 'info', 'success', 'warning'] as const
export type ToastType = (typeof TOAST_TYPES)[number]
export interface Toast {
  id: string
  type: ToastType
  msg: string
}

/** B280 */
export function isToastType(value: unknown): value is ToastType {
  return (TOAST_TYPES as readonly unknown[]).includes(value)
}

/**
 * B223, B281, C04: auto-hide durations: 4000 ms by default (long enough to read), 2500 ms only
 * for brief success or info confirmations, 10 s for the global error toast, 7 s for log-load
 * failure notices.
 */
export const TOAST_DURATION_MS = {
  default: 4000,
  confirmation: 2500,
  globalError: 10_000,
  logLoadFailure: 7000,
} as const

/** Where a toast comes from, when that sets its duration or position (B281, B282). */
export type ToastSource = 'default' | 'global-error' | 'log-load-failure'

/**
 * B223, B281, C04: a toast's duration. `brief` is honoured for success and info only: errors and
 * warnings must stay readable. The global error toast and log-load failures keep their own.
 */
export function toastDuration(
  type: ToastType,
  options: { brief?: boolean; source?: ToastSource } = {},
): number {
  if (options.source === 'global-error') return TOAST_DURATION_MS.globalError
  if (options.source === 'log-load-failure') return TOAST_DURATION_MS.logLoadFailure
  return options.brief && (type === 'success' || type === 'info')
    ? TOAST_DURATION_MS.confirmation
    : TOAST_DURATION_MS.default
}

/** B282, C05: where toasts appear: the top centre. */
export const TOAST_POSITION = 'top-center'
/** B282, C05: the single exception: the optional global error toast (M019) at the top right. */
export const GLOBAL_ERROR_TOAST_POSITION = 'top-right'

/**
 * B282, C05: a toast's position. Top centre for consistency; the global error toast keeps the top
 * right of 01 §8 so an operator's debugging aid never covers the screen's own messages.
 */
export function toastPosition(source: ToastSource = 'default'): 'top-center' | 'top-right' {
  return source === 'global-error' ? GLOBAL_ERROR_TOAST_POSITION : TOAST_POSITION
}
