import { describe, expect, it } from 'vitest'
import {
  AUTO_REFRESH_DEFAULTS,
  autoRefreshFailed,
  autoRefreshOptionsProblem,
  BANNER_STATES,
  BANNER_TEXT_LIMIT,
  CHART,
  chartExportItems,
  COPY_TEXTS,
  isValidWidgetOption,
  POPOVER_CLOSE_TRIGGERS,
  SERIES_NAME_LIMIT,
  shorten,
  shouldAutoRefresh,
  sidePanelWidth,
  TIMING_MS,
  TOAST_DURATION_MS,
  TOAST_POSITION,
  TOAST_TYPES,
  toastDuration,
  urlCopyToast,
  type WidgetOption,
  widgetOption,
} from './widgets.ts'

describe('B268 enumerated widget options', () => {
  it.each([
    ['codeViewerLanguage', 'python', false],
    ['codeViewerLanguage', 'sql', true],
    ['upgradePromptType', 'banner', false],
    ['upgradePromptType', 'icon', true],
    ['tabsVariant', 'vertical', false],
    ['tabsVariant', 'filter', true],
    ['actionMenuPosition', 'right', false],
    ['actionMenuPosition', 'bottom', true],
    ['modalSize', 'xm', true],
    ['modalSize', 'xl', false],
  ] as [WidgetOption, string, boolean][])('B268 %s %s valid: %s', (option, value, valid) => {
    expect(isValidWidgetOption(option, value)).toBe(valid)
  })

  it('B268 an invalid value falls back to the first choice', () => {
    expect(widgetOption('codeViewerLanguage', 'python')).toBe('sql')
    expect(widgetOption('tabsVariant', 'filter')).toBe('filter')
  })
})

describe('B269 B270 charts', () => {
  it('B269 chart constants', () => {
    expect(CHART.donut).toEqual({ size: 180, innerSize: '75%' })
    expect(CHART.barMaxWidth).toEqual({ default: 120, breakdown: 36, cost: 20 })
    expect([CHART.seriesColours, CHART.paletteColours]).toEqual([7, 15])
    expect(CHART.gauge).toEqual({ min: 0, max: 100 })
  })

  it.each([
    [false, true, []],
    [true, true, ['Print', 'PNG', 'JPEG', 'PDF', 'SVG', 'CSV', 'XLS']],
    [true, false, []],
  ])('B270 chart exists %s, export allowed %s → %j', (exists, allowed, items) => {
    expect(chartExportItems(exists, allowed)).toEqual(items)
  })
})

describe('B272 text shortening', () => {
  it('B272 a 120-character banner shows its first 100 with the full text in a tooltip', () => {
    const text = 'x'.repeat(120)
    const short = shorten(text, BANNER_TEXT_LIMIT)
    expect(short.text).toHaveLength(100)
    expect(short.tooltip).toBe(text)
  })

  it('B272 a 55-character series name is cut at 40', () => {
    expect(shorten('s'.repeat(55), SERIES_NAME_LIMIT).text).toHaveLength(40)
  })

  it('B272 text within the limit is untouched, no tooltip', () => {
    expect(shorten('short', 40)).toEqual({ text: 'short', tooltip: null })
  })
})

describe('B273 B274 B275 B276 widget constants', () => {
  it('B273 banner states', () => expect(BANNER_STATES).toEqual(['success', 'failed', 'error', 'info']))
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
    [400, 200],
    [1000, 300],
    [1366, 410],
    [2560, 570],
  ])('B276 a %i px window gives a %i px side panel', (window, panel) => {
    expect(sidePanelWidth(window)).toBe(panel)
  })
})

describe('B277 B278 auto refresh', () => {
  const base = { lastActivity: 0, lastRefresh: null, stopped: false }
  it.each([
    ['idle 15 s', base, 15_000, true],
    ['idle 14 s', base, 14_000, false],
    ['a key press restarted the countdown', { ...base, lastActivity: 10_000 }, 20_000, false],
    ['refreshed 10 s ago', { ...base, lastRefresh: 20_000 }, 30_000, false],
    ['refreshed 15 s ago', { ...base, lastRefresh: 20_000 }, 35_000, true],
    ['stopped', { ...base, stopped: true }, 60_000, false],
  ])('B277 %s → refresh %s', (_label, state, now, refresh) => {
    expect(shouldAutoRefresh(state, now)).toBe(refresh)
  })

  it("B277 a refresh that throws stops repetition and logs 'stopped'", () => {
    const { state, log } = autoRefreshFailed(base)
    expect(state.stopped).toBe(true)
    expect(log).toBe('stopped')
    expect(shouldAutoRefresh(state, 1e9)).toBe(false)
  })

  it('B277 defaults are 15 s idle and 15 s wait', () => {
    expect(AUTO_REFRESH_DEFAULTS).toEqual({ idleMs: 15_000, waitMs: 15_000 })
  })

  it.each([
    [{ wait: -1 }, false],
    [{ wait: 0 }, true],
    [{ idle: '15' }, false],
    [{ idle: 15, wait: 15 }, true],
  ])('B278 %j valid: %s', (options, valid) => {
    expect(autoRefreshOptionsProblem(options) === null).toBe(valid)
  })
})

describe('B279 B280 B281 B282 copy and toasts', () => {
  it('B279 URL copy texts', () => {
    expect(urlCopyToast()).toEqual({ type: 'success', msg: 'URL successfully copied' })
    expect(urlCopyToast('denied')).toEqual({ type: 'error', msg: 'URL not copied: denied' })
    expect(COPY_TEXTS.unable).toBe('Unable to copy')
  })

  it('B280 toast types', () => expect(TOAST_TYPES).toEqual(['error', 'info', 'success', 'warning']))

  it.each([
    ['error', false, 4000],
    ['success', true, 2500],
    ['info', true, 2500],
    ['error', true, 4000],
    ['warning', false, 4000],
  ] as const)('B281 C04 a %s toast (brief %s) stays %i ms', (type, brief, ms) => {
    expect(toastDuration(type, { brief })).toBe(ms)
  })

  it('B281 the global error toast stays 10 s and log-load failures 7 s', () => {
    expect(TOAST_DURATION_MS.globalError).toBe(10_000)
    expect(TOAST_DURATION_MS.logLoadFailure).toBe(7000)
  })

  it('B282 C05 toasts appear at the top centre', () => expect(TOAST_POSITION).toBe('top-center'))
})
