import { describe, expect, it } from 'vitest'
import {
  AUTO_REFRESH_DEFAULTS,
  autoRefreshActivity,
  autoRefreshDecision,
  autoRefreshDone,
  autoRefreshFailed,
  autoRefreshOptionsProblem,
  autoRefreshStart,
  BANNER_STATES,
  BANNER_TEXT_LIMIT,
  CHART,
  CHART_EXPORT_ITEMS,
  chartExportItems,
  COPY_TEXTS,
  copyToast,
  gaugeValue,
  GLOBAL_ERROR_TOAST_POSITION,
  isToastType,
  isValidWidgetOption,
  MODAL_DEFAULTS,
  nextBanner,
  POPOVER_CLOSE_TRIGGERS,
  popoverClosesOn,
  SERIES_NAME_LIMIT,
  shorten,
  SIDE_PANEL_WIDTH,
  sidePanelWidth,
  TIMING_MS,
  type Toast,
  TOAST_DURATION_MS,
  TOAST_POSITION,
  TOAST_TYPES,
  toastDuration,
  toastPosition,
  toggleDonutSlice,
  tooltipSeriesName,
  urlCopyToast,
  type WidgetOption,
  widgetOption,
} from './widgets.ts'

describe('B268 enumerated widget options', () => {
  it.each([
    ['codeViewerLanguage', 'python', false],
    ['codeViewerLanguage', 'sql', true],
    ['codeViewerLanguage', 'plain', true],
    ['upgradePromptType', 'banner', false],
    ['upgradePromptType', 'overlay', true],
    ['upgradePromptType', 'inline', true],
    ['upgradePromptType', 'icon', true],
    ['tabsVariant', 'vertical', false],
    ['tabsVariant', 'horizontal', true],
    ['tabsVariant', 'filter', true],
    ['actionMenuPosition', 'right', false],
    ['actionMenuPosition', 'left', true],
    ['actionMenuPosition', 'bottom', true],
    ['modalSize', 'sm', true],
    ['modalSize', 'xm', true],
    ['modalSize', 'md', true],
    ['modalSize', 'lg', true],
    ['modalSize', 'xl', false],
    ['modalSize', 'SM', false],
    ['modalSize', undefined, false],
  ] as [WidgetOption, string | undefined, boolean][])('B268 %s %s valid: %s', (option, value, valid) => {
    expect(isValidWidgetOption(option, value)).toBe(valid)
  })

  it.each([
    ['codeViewerLanguage', 'python', 'plain'],
    ['codeViewerLanguage', 'sql', 'sql'],
    ['upgradePromptType', 'banner', 'overlay'],
    ['upgradePromptType', 'icon', 'icon'],
    ['tabsVariant', 'vertical', 'horizontal'],
    ['tabsVariant', 'filter', 'filter'],
    ['actionMenuPosition', 'right', 'left'],
    ['actionMenuPosition', 'bottom', 'bottom'],
    ['modalSize', 'xl', 'md'],
    ['modalSize', 'xm', 'xm'],
    ['modalSize', null, 'md'],
  ] as [WidgetOption, string | null, string][])('B268 %s given %s uses %s', (option, value, used) => {
    expect(widgetOption(option, value)).toBe(used)
  })

  it('B268 a modal shows a Cancel button by default', () => {
    expect(MODAL_DEFAULTS).toEqual({ size: 'md', cancelButton: true })
  })
})

describe('B269 chart constants', () => {
  it('B269 gauge, donut, breakdown, bar widths and colours', () => {
    expect(CHART).toEqual({
      gauge: { min: 0, max: 100 },
      donut: { size: 180, innerSize: '75%' },
      breakdownAxisMax: 100,
      barMaxWidth: { default: 120, breakdown: 36, cost: 20 },
      seriesColours: 7,
      paletteColours: 15,
    })
  })

  it.each([
    [[], 'a', ['a']],
    [['a'], 'a', []],
    [['a', 'b'], 'c', ['a', 'b', 'c']],
    [['a', 'b'], 'a', ['b']],
  ] as [string[], string, string[]][])('B269 hidden %j, click %s → hidden %j', (hidden, slice, after) => {
    expect(toggleDonutSlice(hidden, slice)).toEqual(after)
  })

  it.each([
    [-5, 0],
    [0, 0],
    [42.5, 42.5],
    [100, 100],
    [130, 100],
    [Number.NaN, 0],
  ])('B269 a gauge fed %s shows %s', (value, shown) => {
    expect(gaugeValue(value)).toBe(shown)
  })
})

describe('B270 chart export menu', () => {
  it.each([
    [false, true, []],
    [true, true, ['Print', 'PNG', 'JPEG', 'PDF', 'SVG', 'CSV', 'XLS']],
    [true, false, []],
    [false, false, []],
  ])('B270 chart exists %s, export allowed %s → %j', (exists, allowed, items) => {
    expect(chartExportItems(exists, allowed)).toEqual(items)
  })

  it('B270 a chart with no plan restriction gets the full menu', () => {
    expect(chartExportItems(true)).toEqual(CHART_EXPORT_ITEMS)
  })
})

describe('B272 text shortening', () => {
  it('B272 a 120-character banner shows its first 100 with the full text in a tooltip', () => {
    const text = 'abcdefghij'.repeat(12)
    expect(BANNER_TEXT_LIMIT).toBe(100)
    expect(shorten(text, BANNER_TEXT_LIMIT)).toEqual({ text: `${text.slice(0, 100)}…`, tooltip: text })
  })

  it('B272 a 55-character series name is cut at 40', () => {
    const name = 's'.repeat(55)
    expect(SERIES_NAME_LIMIT).toBe(40)
    expect(tooltipSeriesName(name)).toBe(`${'s'.repeat(40)}…`)
  })

  it.each([
    ['short', 40, { text: 'short', tooltip: null }],
    ['x'.repeat(40), 40, { text: 'x'.repeat(40), tooltip: null }],
    ['x'.repeat(41), 40, { text: `${'x'.repeat(40)}…`, tooltip: 'x'.repeat(41) }],
    ['', 10, { text: '', tooltip: null }],
    ['hello world', 6, { text: 'hello…', tooltip: 'hello world' }],
    ['😀😀😀', 2, { text: '😀😀…', tooltip: '😀😀😀' }],
  ])('B272 %j at %i → %j', (text, limit, result) => {
    expect(shorten(text, limit)).toEqual(result)
  })

  it('B272 a series name within the limit is left whole', () => {
    expect(tooltipSeriesName('cluster-a')).toBe('cluster-a')
  })
})

describe('B273 message banner', () => {
  it('B273 banner states', () => expect(BANNER_STATES).toEqual(['success', 'failed', 'error', 'info']))

  it.each([
    ['success', 'success'],
    ['failed', 'failed'],
    ['error', 'error'],
    ['info', 'info'],
    ['warning', 'info'],
  ])('B273 shown as %s → state %s', (state, shown) => {
    expect(nextBanner(null, { type: 'show', state, text: 'Saved' })).toEqual({
      state: shown,
      text: 'Saved',
      tooltip: null,
      closable: true,
    })
  })

  it('B273 B272 a long banner text is cut at 100 with the full text as a tooltip', () => {
    const text = 'y'.repeat(120)
    expect(nextBanner(null, { type: 'show', state: 'error', text })).toMatchObject({
      text: `${'y'.repeat(100)}…`,
      tooltip: text,
    })
  })

  it.each(['close', 'clear'] as const)('B273 the %s action removes the banner', (type) => {
    const shown = nextBanner(null, { type: 'show', state: 'info', text: 'Hi' })
    expect(nextBanner(shown, { type })).toBeNull()
  })

  it('B273 a banner may be made not closable', () => {
    expect(nextBanner(null, { type: 'show', state: 'info', text: 'Hi', closable: false })?.closable).toBe(
      false,
    )
  })
})

describe('B274 B275 B276 widget constants', () => {
  it('B274 timings', () =>
    expect(TIMING_MS).toEqual({
      tooltipDelay: 250,
      chartPrintWait: 500,
      searchDebounce: 300,
      copyConfirmation: 1000,
    }))

  it('B275 popovers close on outside click or scroll', () =>
    expect(POPOVER_CLOSE_TRIGGERS).toEqual(['outsideClick', 'scroll']))

  it.each([
    [{ kind: 'click', inside: false }, true],
    [{ kind: 'click', inside: true }, false],
    [{ kind: 'scroll' }, true],
    [{ kind: 'hover' }, false],
  ] as const)('B275 %j closes the popover: %s', (event, closes) => {
    expect(popoverClosesOn(event)).toBe(closes)
  })

  it.each([
    [0, 200],
    [400, 200],
    [667, 200],
    [1000, 300],
    [1366, 410],
    [1900, 570],
    [2560, 570],
    [Number.NaN, 200],
  ])('B276 a %s px window gives a %i px side panel', (window, panel) => {
    expect(sidePanelWidth(window)).toBe(panel)
  })

  it('B276 the panel stays within 200 and 570 px', () => {
    expect(SIDE_PANEL_WIDTH).toEqual({ min: 200, max: 570 })
  })
})

describe('B277 B278 auto refresh', () => {
  const start = autoRefreshStart(0)

  it('B277 defaults are 15 s idle and 15 s wait', () => {
    expect(AUTO_REFRESH_DEFAULTS).toEqual({ idleMs: 15_000, waitMs: 15_000 })
  })

  it.each([
    ['idle 15 s: the first refresh', start, 15_000, { refresh: true, dueAt: 15_000 }],
    ['idle 14 s', start, 14_000, { refresh: false, dueAt: 15_000 }],
    [
      'a key press at 10 s restarts the countdown',
      autoRefreshActivity(start, 10_000),
      20_000,
      { refresh: false, dueAt: 25_000 },
    ],
    [
      'refreshed at 20 s, now 30 s',
      autoRefreshDone(start, 20_000),
      30_000,
      { refresh: false, dueAt: 35_000 },
    ],
    ['refreshed at 20 s, now 35 s', autoRefreshDone(start, 20_000), 35_000, { refresh: true, dueAt: 35_000 }],
    [
      'activity after a refresh waits for idle again',
      autoRefreshActivity(autoRefreshDone(start, 20_000), 30_000),
      40_000,
      { refresh: false, dueAt: 45_000 },
    ],
    ['stopped', { ...start, stopped: true }, 60_000, { refresh: false, dueAt: null }],
  ])('B277 %s', (_label, state, now, decision) => {
    expect(autoRefreshDecision(state, now)).toEqual(decision)
  })

  it.each([
    [{ idleMs: 5000, waitMs: 60_000 }, autoRefreshStart(0), 5000, { refresh: true, dueAt: 5000 }],
    [
      { idleMs: 5000, waitMs: 60_000 },
      autoRefreshDone(autoRefreshStart(0), 5000),
      30_000,
      { refresh: false, dueAt: 65_000 },
    ],
    [{ idleMs: 0, waitMs: 0 }, autoRefreshStart(100), 100, { refresh: true, dueAt: 100 }],
    [{ idleMs: -1, waitMs: Number.NaN }, autoRefreshStart(0), 10_000, { refresh: false, dueAt: 15_000 }],
  ])('B277 B278 options %j', (options, state, now, decision) => {
    expect(autoRefreshDecision(state, now, options)).toEqual(decision)
  })

  it("B277 a refresh that throws stops repetition, calls the error callback and logs 'stopped'", () => {
    const failed = autoRefreshFailed(autoRefreshDone(start, 15_000))
    expect(failed).toEqual({
      state: { lastActivity: 0, lastRefresh: 15_000, stopped: true },
      log: 'stopped',
      callOnError: true,
    })
    expect(autoRefreshDecision(failed.state, 1e9)).toEqual({ refresh: false, dueAt: null })
    expect(autoRefreshDecision(autoRefreshActivity(failed.state, 2e9), 3e9).refresh).toBe(false)
  })

  it.each([
    [{ wait: -1 }, 'Auto refresh wait must be a number of at least 0.'],
    [{ wait: 0 }, null],
    [{ idle: '15' }, 'Auto refresh idle must be a number of at least 0.'],
    [{ idle: Number.NaN }, 'Auto refresh idle must be a number of at least 0.'],
    [{ idle: 15, wait: 15 }, null],
    [{}, null],
  ])('B278 %j → %j', (options, problem) => {
    expect(autoRefreshOptionsProblem(options)).toBe(problem)
  })
})

describe('B279 copy to clipboard', () => {
  it.each([
    [undefined, { type: 'success', msg: 'URL successfully copied' }],
    ['denied', { type: 'error', msg: 'URL not copied: denied' }],
  ])('B279 the chargeback URL copy with error %s → %j', (error, toast) => {
    expect(urlCopyToast(error)).toEqual(toast)
  })

  it.each([
    ['copied', { type: 'success', msg: COPY_TEXTS.success }],
    ['failed', { type: 'error', msg: COPY_TEXTS.failure }],
    ['unavailable', { type: 'error', msg: 'Unable to copy' }],
  ] as const)('B279 a copy %s → %j', (result, toast) => {
    expect(copyToast(result)).toEqual(toast)
  })

  it('B279 G22 the copy success and error texts differ', () => {
    expect(COPY_TEXTS.success).toBe('Copied to clipboard.')
    expect(COPY_TEXTS.failure).toBe('Could not copy to clipboard.')
  })
})

describe('B280 toasts', () => {
  it('B280 toast types', () => expect(TOAST_TYPES).toEqual(['error', 'info', 'success', 'warning']))

  it.each([
    ['error', true],
    ['warning', true],
    ['danger', false],
    [undefined, false],
  ])('B280 %s is a toast type: %s', (type, known) => {
    expect(isToastType(type)).toBe(known)
  })

  it('B280 a toast has id, type and msg', () => {
    const toast: Toast = { id: 't1', type: 'info', msg: 'Saved' }
    expect(Object.keys(toast)).toEqual(['id', 'type', 'msg'])
  })
})

describe('B281 B223 toast durations', () => {
  it.each([
    ['error', {}, 4000],
    ['warning', {}, 4000],
    ['success', {}, 4000],
    ['success', { brief: true }, 2500],
    ['info', { brief: true }, 2500],
    ['error', { brief: true }, 4000],
    ['warning', { brief: true }, 4000],
    ['error', { source: 'global-error' }, 10_000],
    ['error', { source: 'log-load-failure' }, 7000],
    ['error', { source: 'log-load-failure', brief: true }, 7000],
  ] as const)('B281 C04 a %s toast with %j stays %i ms', (type, options, ms) => {
    expect(toastDuration(type, options)).toBe(ms)
  })

  it('B281 the global error toast stays 10 s', () => {
    expect(TOAST_DURATION_MS.globalError).toBe(10_000)
  })

  it('B223 B281 log-load failure notices stay 7000 ms', () => {
    expect(TOAST_DURATION_MS.logLoadFailure).toBe(7000)
  })
})

describe('B282 toast position', () => {
  it.each([
    [undefined, 'top-center'],
    ['default', 'top-center'],
    ['log-load-failure', 'top-center'],
    ['global-error', 'top-right'],
  ] as const)('B282 C05 a %s toast appears at %s', (source, position) => {
    expect(toastPosition(source)).toBe(position)
  })

  it('B282 C05 top centre is the rule, the global error toast the one exception', () => {
    expect(TOAST_POSITION).toBe('top-center')
    expect(GLOBAL_ERROR_TOAST_POSITION).toBe('top-right')
  })
})
