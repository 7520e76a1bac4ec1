import { describe, expect, it } from 'vitest'
import { costChangeNote } from './kpi-row.tsx'

describe('costChangeNote', () => {
  it.each([
    [23.456, { note: '▲ +23.46% vs before', noteTone: 'worse' }],
    [-12.5, { note: '▼ -12.50% vs before', noteTone: 'better' }],
    [0, { note: '0.00% vs before', noteTone: undefined }],
    [null, { note: 'Nothing before' }],
    [undefined, { note: 'Nothing before' }],
  ])('R122 a change of %s%% reads %j: more spent is worse, in words as well as colour', (change, note) => {
    expect(costChangeNote(change, 'vs before', 'Nothing before')).toEqual(note)
  })
})
