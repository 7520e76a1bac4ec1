import { describe, expect, it } from 'vitest'
import {
  defaultInsightCategory,
  groupInsightEvents,
  INSIGHT_GENERATION_ERROR,
  insightCategoryOf,
  type InsightCategory,
  insightTabs,
  recommendationRows,
} from './insights.ts'

describe('B227 insight categories', () => {
  it('B227 six categories in order with their labels', () => {
    expect(insightTabs({}).map((t) => [t.id, t.label])).toEqual([
      ['RE', 'Recommendations'],
      ['EF', 'Efficiency'],
      ['AF', 'Application Failure'],
      ['SE', 'SLA Management'],
      ['AV', 'AutoAction Violation'],
      ['NA', 'Uncategorized'],
    ])
  })

  it.each([
    ['EF', 0, true],
    ['EF', undefined, true],
    ['RE', 1, false],
    ['NA', 3, false],
  ] as [InsightCategory, number | undefined, boolean][])(
    'B227 %s with %s events: disabled %s',
    (id, events, disabled) => {
      const tab = insightTabs({ [id]: events }).find((t) => t.id === id)
      expect(tab).toMatchObject({ count: events ?? 0, disabled })
    },
  )
})

describe('B228 default active category', () => {
  it.each([
    ['S', ['RE', 'SE', 'EF'], 'RE'],
    ['S', ['SE', 'EF'], 'SE'],
    ['S', ['EF'], 'EF'],
    ['F', ['RE', 'AF', 'SE'], 'AF'],
    ['K', ['SE'], 'SE'],
    ['K', ['AF', 'SE'], 'AF'],
    ['F', ['EF'], 'EF'],
    ['S', ['NA'], 'NA'],
    ['S', [], null],
    ['F', [], null],
  ] as [string, InsightCategory[], InsightCategory | null][])(
    'B228 status %s with %j opens %s',
    (status, present, open) => {
      expect(defaultInsightCategory(status, present)).toBe(open)
    },
  )

  it.each([
    ['R', ['RE', 'SE', 'EF'], 'RE'],
    ['R', ['SE', 'EF'], 'SE'],
    ['R', ['EF', 'AF'], 'EF'],
    ['P', ['AF'], 'AF'],
  ] as [string, InsightCategory[], InsightCategory][])(
    'B228 G16 a not-finished app (%s) with %j opens like a successful one: %s',
    (status, present, open) => {
      expect(defaultInsightCategory(status, present)).toBe(open)
    },
  )
})

describe('B229 event vt mapping', () => {
  it.each([
    ['SU', 'S', 'RE'],
    ['SU', 'R', 'RE'],
    ['IR', 'S', 'EF'],
    ['IA', 'S', 'EF'],
    ['AF', 'F', 'AF'],
    ['SE', 'S', 'SE'],
    ['AV', 'S', null],
    ['CM', 'S', null],
    ['XX', 'S', 'NA'],
    ['', 'S', 'NA'],
  ])('B229 vt %s on a %s app → %s', (vt, status, category) => {
    expect(insightCategoryOf(vt, status)).toBe(category)
  })

  it.each([
    ['F', 'NA'],
    ['K', 'NA'],
  ])('B229 G16 an SU event on a %s app is not a recommendation: %s', (status, category) => {
    expect(insightCategoryOf('SU', status)).toBe(category)
  })

  it('B227 B229 events grouped by category, AV and CM dropped', () => {
    const events = [
      { id: 1, vt: 'SU' },
      { id: 2, vt: 'IR' },
      { id: 3, vt: 'AV' },
      { id: 4, vt: 'CM' },
      { id: 5, vt: 'IA' },
      { id: 6, vt: 'ZZ' },
    ]
    const groups = groupInsightEvents(events, 'S')
    expect(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((e) => e.id)]))).toEqual({
      RE: [1],
      EF: [2, 5],
      AF: [],
      SE: [],
      AV: [],
      NA: [6],
    })
    expect(groupInsightEvents(events, 'F').NA.map((e) => e.id)).toEqual([1, 6])
  })
})

describe('B230 recommendations', () => {
  it('B230 only the last recommendation with config changes, as param, current and recom', () => {
    expect(
      recommendationRows([
        { id: 'r1', cf: [{ param: 'a', cset: '1', nset: '2' }] },
        { id: 'r2' },
        { id: 'r3', cf: [{ param: 'spark.executor.memory', cset: '4g', nset: '8g' }] },
        { id: 'r4', cf: [] },
        { id: 'r5', cf: null },
      ]),
    ).toEqual({ id: 'r3', rows: [{ param: 'spark.executor.memory', current: '4g', recom: '8g' }] })
  })

  it.each([[[]], [[{ id: 'r1' }]], [[{ id: 'r1', cf: [] }]]])(
    'B230 none with changes (%j): nothing shown',
    (recommendations) => {
      expect(recommendationRows(recommendations)).toBeNull()
    },
  )

  it('B230 every change of the shown recommendation is a row, in order', () => {
    expect(
      recommendationRows([
        {
          id: 'r1',
          cf: [
            { param: 'a', cset: '1', nset: '2' },
            { param: 'b', cset: 'x', nset: 'y' },
          ],
        },
      ])?.rows,
    ).toEqual([
      { param: 'a', current: '1', recom: '2' },
      { param: 'b', current: 'x', recom: 'y' },
    ])
  })
})

describe('B231 insight generation failure', () => {
  it('B231 G22 the message names what failed and invites a retry', () => {
    expect(INSIGHT_GENERATION_ERROR).toBe(
      'Insights could not be generated for this application. Please try again!',
    )
  })
})
