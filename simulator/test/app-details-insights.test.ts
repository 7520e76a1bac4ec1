import { describe, expect, it } from 'vitest'
import { appAnalysis, appInsightEvents, type StoredEvent } from '../src/db/repositories/app-insights.ts'
import type { AppRow } from '../src/db/seed/applications.ts'
import { APP_EVENT_TYPES, eventMask } from '../src/db/seed/applications.ts'
import { deriveSpark, skewedStages } from '../src/details/index.ts'
import { NOW, record } from '../src/details/test-records.ts'

/**
 * The insights of one app (02 §3 Insight event, §4 insight categories, B227–B230), derived from its
 * stored events and its own figures.
 */
type App = Parameters<typeof appInsightEvents>[0]

function app(kind: string, status: string, names: readonly string[], overrides: Partial<AppRow> = {}): App {
  const base = record(kind, { status, event_mask: eventMask(names), ...overrides })
  const cents = Math.round(
    (base.vcore_seconds / 3600) * 3.1611 + (base.memory_seconds / 1024 / 3600) * 0.4237,
  )
  return {
    ...base,
    cents,
    parent_id: null,
    finished_time: base.start_time + base.duration,
    num_events: names.length,
    inefficient: 0,
    sensor_enabled: 0,
    large_rdd: 0,
    signature: '',
    executed_by_unravel: 0,
    ...overrides,
  } as App
}
const stored = (names: readonly string[]): StoredEvent[] =>
  names.map((name) => {
    const e = APP_EVENT_TYPES.find((t) => t.name === name)!
    return { event_type: e.type, event_name: e.name, vt: e.vt }
  })
const insights = (a: App, names: readonly string[]) => appInsightEvents(a, stored(names), NOW)

describe('B229 the category of each event by its vt and the app’s status', () => {
  it.each([
    ['SU of a succeeded app: Recommendations', 'S', 'Executor GC Overhead', 'RE'],
    ['SU of a failed app: Uncategorized', 'F', 'Executor GC Overhead', 'NA'],
    ['SU of a killed app: Uncategorized', 'K', 'Executor GC Overhead', 'NA'],
    ['IR: Efficiency', 'S', 'Data Skew', 'EF'],
    ['IA: Efficiency', 'S', 'Memory Over-allocation', 'EF'],
    ['SE: SLA Management', 'S', 'SLA Missed', 'SE'],
    ['AF: Application Failure', 'F', 'Application Failure', 'AF'],
  ])('%s', (_, status, name, category) => {
    const [event] = insights(app('spark', status, [name]), [name])
    expect(event!.category).toBe(category)
  })
})

describe('B228 the category the insights tab opens on', () => {
  it.each([
    ['a succeeded app with a recommendation', 'S', ['Data Skew', 'Executor GC Overhead'], 'RE'],
    ['a succeeded app with SLA and efficiency events', 'S', ['Data Skew', 'SLA Missed'], 'SE'],
    ['a succeeded app with efficiency events only', 'S', ['Memory Over-allocation'], 'EF'],
    ['a failed app, even with a recommendation', 'F', ['Executor GC Overhead', 'Application Failure'], 'AF'],
    ['a succeeded app without events', 'S', [], null],
  ] as const)('%s', (_, status, names, expected) => {
    const a = app('spark', status, names)
    expect(appAnalysis(a, insights(a, names), 1).defaultCategory).toBe(expected)
  })

  it('a failed app without an Application Failure event still shows its failure', () => {
    const a = app('spark', 'F', ['Data Skew'])
    const events = insights(a, ['Data Skew'])
    expect(events.map((e) => e.vt)).toEqual(['IR', 'AF'])
    const analysis = appAnalysis(a, events, 1)
    expect(analysis.defaultCategory).toBe('AF')
    expect(analysis.insightsV2[0]!.categories.AF!.instances[0]!.title).toMatch(/^Failed: /)
  })
})

describe('memory recommendations name the current and recommended settings; the saving never exceeds the cost', () => {
  it.each([
    ['spark', 'spark.executor.memory'],
    ['mr', 'mapreduce.map.memory.mb'],
    ['hive', 'hive.tez.container.size'],
    ['tez', 'tez.task.resource.memory.mb'],
  ])('%s: %s', (kind, param) => {
    const a = app(kind, 'S', ['Memory Over-allocation'], kind === 'mr' ? { map_tasks: '40/0/0' } : {})
    const [event] = insights(a, ['Memory Over-allocation'])
    expect(event!.cf).toHaveLength(1)
    const mb = (s: string) => (s.endsWith('g') ? Number(s.slice(0, -1)) * 1024 : Number(s.slice(0, -1)))
    expect(event!.cf[0]!.param).toBe(param)
    expect(mb(event!.cf[0]!.nset)).toBeLessThan(mb(event!.cf[0]!.cset))
    expect(event!.savingCents).toBeGreaterThan(0)
    expect(event!.savingCents).toBeLessThanOrEqual(a.cents)
    expect(event!.detail).toMatch(/peaked at/)
  })

  it.each([1, 5, 50, 5000])('an app of %i cents never saves more than it costs', (cents) => {
    const names = ['Memory Over-allocation', 'Executor GC Overhead']
    const a = app('spark', 'S', names, { cents })
    for (const e of insights(a, names)) expect(e.savingCents).toBeLessThanOrEqual(cents)
  })
})

describe('B230 the recommendation shown is the last one with config changes', () => {
  it('memory over-allocation then GC overhead: the GC one, which does not contradict the first', () => {
    const names = ['Memory Over-allocation', 'Executor GC Overhead']
    const a = app('spark', 'S', names)
    const events = insights(a, names)
    const analysis = appAnalysis(a, events, 1)
    expect(analysis.recommendation!.cf).toEqual(events[1]!.cf)
    expect(analysis.recommendation!.cf[0]!.param).not.toBe(events[0]!.cf[0]!.param)
  })

  it('no config change: no recommendation', () => {
    const a = app('spark', 'S', ['Data Skew'])
    expect(appAnalysis(a, insights(a, ['Data Skew']), 1).recommendation).toBeNull()
  })
})

describe('insights follow the app’s own figures', () => {
  it('a Data Skew event names the stage skewedStages finds, with its p75 and longest task', () => {
    const a = app('spark', 'S', ['Data Skew'], {
      task_count: 2000,
      num_stages: 12,
      num_completed_stages: 12,
      num_skipped_stages: 0,
    })
    const [event] = insights(a, ['Data Skew'])
    const stage = skewedStages(deriveSpark(a, NOW).stages)[0]!
    expect(event!.stageId).toBe(stage.stageId)
    expect(event!.detail).toContain(`Stage ${stage.stageId} (${stage.name})`)
    expect(event!.detail).toMatch(/× the stage's p75 of \d/)
  })

  it('the same app always gives the same insights', () => {
    const names = ['Data Skew', 'Memory Over-allocation', 'Executor GC Overhead', 'SLA Missed']
    expect(insights(app('spark', 'S', names), names)).toEqual(insights(app('spark', 'S', names), names))
  })

  it('an SLA miss names a run time longer than the SLA', () => {
    const [event] = insights(app('hive', 'S', ['SLA Missed'], { duration: 3_600_000 }), ['SLA Missed'])
    expect(event!.detail).toMatch(/^Ran 1h.*% past its SLA of /)
  })
})
