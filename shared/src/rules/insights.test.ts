import { describe, expect, it } from 'vitest'
import {
  defaultInsightCategory,
  INSIGHT_GENERATION_ERROR,
  insightCategoryOf,
  type InsightCategory,
  insightTabs,
  recommendationRows,
} from './insights.ts'

describe('B227 insight categories', () => {
  it('B227 six categories in order; empty ones disabled', () => {
    const tabs = insightTabs({ RE: 2, EF: 0 })
    expect(tabs.map((t) => t.label)).toEqual([
      'Recommendations',
      'Efficiency',
      'Application Failure',
      'SLA Management',
      'AutoAction Violation',
      'Uncategorized',
    ])
    expect(tabs.find((t) => t.id === 'EF')?.disabled).toBe(true)
    expect(tabs.find((t) => t.id === 'RE')?.disabled).toBe(false)
  })
})

describe('B228 default active category', () => {
  it.each([
    ['S', ['RE', 'SE', 'EF'], 'RE'],
    ['S', ['SE', 'EF'], 'SE'],
    ['S', ['EF'], 'EF'],
    ['F', ['RE', 'AF', 'SE'], 'AF'],
    ['K', ['SE'], 'SE'],
    ['R', ['RE', 'EF'], 'RE'],
    ['R', ['EF'], 'EF'],
    ['S', ['NA'], 'NA'],
    ['S', [], null],
  ] as [string, InsightCategory[], InsightCategory | null][])(
    'B228 G16 status %s with %j opens %s',
    (status, present, open) => {
      expect(defaultInsightCategory(status, present)).toBe(open)
    },
  )
})

describe('B229 event vt mapping', () => {
  it.each([
    ['SU', 'S', 'RE'],
    ['SU', 'F', 'NA'],
    ['IR', 'S', 'EF'],
    ['IA', 'S', 'EF'],
    ['AF', 'F', 'AF'],
    ['SE', 'S', 'SE'],
    ['AV', 'S', null],
    ['CM', 'S', null],
    ['XX', 'S', 'NA'],
  ])('B229 G16 vt %s on a %s app → %s', (vt, status, category) => {
    expect(insightCategoryOf(vt, status)).toBe(category)
  })
})

describe('B230 B231 recommendations', () => {
  it('B230 only the last recommendation with config changes, as param, current and recom', () => {
    expect(
      recommendationRows([
        { id: 'r1', cf: [{ param: 'a', cset: '1', nset: '2' }] },
        { id: 'r2' },
        { id: 'r3', cf: [{ param: 'spark.executor.memory', cset: '4g', nset: '8g' }] },
        { id: 'r4', cf: [] },
      ]),
    ).toEqual({ id: 'r3', rows: [{ param: 'spark.executor.memory', current: '4g', recom: '8g' }] })
  })

  it('B230 none with changes: nothing shown', () => {
    expect(recommendationRows([{ id: 'r1' }])).toBeNull()
  })

  it('B231 a failed generation says so', () => {
    expect(INSIGHT_GENERATION_ERROR).toMatch(/could not be generated/)
  })
})
