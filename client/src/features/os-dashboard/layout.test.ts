import { describe, expect, it } from 'vitest'
import { MAX_DASHBOARD_PANELS, type PanelPlacement, type PanelWidth } from '@costlens/shared'
import {
  addBlocker,
  addPanel,
  canMove,
  movePanel,
  removePanel,
  resizePanel,
  rowsOf,
  type Move,
} from './layout.ts'

/** Panels a, b, c… of the given widths. */
const layout = (...widths: PanelWidth[]): PanelPlacement[] =>
  widths.map((width, i) => ({ panelId: String.fromCharCode(97 + i), width }))
const ids = (panels: readonly PanelPlacement[]) => panels.map((p) => p.panelId).join('')

describe('rowsOf: panels flow into rows of 3 columns', () => {
  it.each([
    ['three narrow panels share a row', layout(1, 1, 1), [[0, 1, 2]]],
    ['a wide panel after two narrow ones starts a row', layout(1, 1, 2), [[0, 1], [2]]],
    ['full-width panels each take a row', layout(3, 3), [[0], [1]]],
    [
      '2 + 1, then 1 + 2',
      layout(2, 1, 1, 2),
      [
        [0, 1],
        [2, 3],
      ],
    ],
    ['none', [], []],
  ])('%s', (_, panels, rows) => {
    expect(rowsOf(panels)).toEqual(rows)
  })
})

describe('movePanel', () => {
  it.each<[string, PanelPlacement[], number, Move, string]>([
    ['left swaps with the one before', layout(1, 1, 1), 1, 'left', 'bac'],
    ['right swaps with the one after', layout(1, 1, 1), 1, 'right', 'acb'],
    ['the first cannot go left', layout(1, 1, 1), 0, 'left', 'abc'],
    ['the last cannot go right', layout(1, 1, 1), 2, 'right', 'abc'],
    ['up takes it to its place in the row above', layout(1, 1, 1, 1, 1, 1), 4, 'up', 'aebcdf'],
    ['down takes it to its place in the row below', layout(1, 1, 1, 1, 1, 1), 1, 'down', 'acdebf'],
    ['up to a shorter row: its last place', layout(3, 1, 1, 1), 3, 'up', 'dabc'],
    ['down to a shorter row: its last place', layout(1, 1, 1, 3), 2, 'down', 'abdc'],
    ['the first row cannot go up', layout(1, 1, 1, 1), 1, 'up', 'abcd'],
    ['the last row cannot go down', layout(1, 1, 1, 1), 3, 'down', 'abcd'],
    ['an index past the end does nothing', layout(1, 1), 5, 'left', 'ab'],
  ])('%s', (_, panels, index, move, after) => {
    expect(ids(movePanel(panels, index, move))).toBe(after)
    expect(canMove(panels, index, move)).toBe(after !== ids(panels))
  })
})

describe('resize, remove, add', () => {
  it('resizes one panel only', () => {
    expect(resizePanel(layout(1, 1), 1, 3)).toEqual([
      { panelId: 'a', width: 1 },
      { panelId: 'b', width: 3 },
    ])
  })

  it('removes one panel only', () => {
    expect(ids(removePanel(layout(1, 2, 3), 1))).toBe('ac')
  })

  it.each<[string, PanelPlacement[], string, string | null]>([
    ['a new panel goes at the end', layout(1, 1), 'z', null],
    ['a panel already there is refused', layout(1, 1), 'b', 'The panel is on the dashboard already.'],
    [
      'a full dashboard is refused',
      Array.from({ length: MAX_DASHBOARD_PANELS }, (_, i) => ({ panelId: `p${i}`, width: 1 as const })),
      'z',
      `A dashboard holds at most ${MAX_DASHBOARD_PANELS} panels.`,
    ],
  ])('%s', (_, panels, id, blocker) => {
    expect(addBlocker(panels, id)).toBe(blocker)
    const after = addPanel(panels, id, 2)
    expect(after.length).toBe(blocker ? panels.length : panels.length + 1)
    if (!blocker) expect(after.at(-1)).toEqual({ panelId: id, width: 2 })
  })
})
