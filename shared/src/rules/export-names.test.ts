import { afterEach, describe, expect, it } from 'vitest'
import { listExportFileName, type ListExportNaming } from './export-names.ts'

const NOW = Date.parse('2026-11-25T09:05:07Z')
const WEEK = { start: Date.parse('2026-11-18T09:05:07Z'), end: NOW }

describe('issue 22: a list download is named after what it holds', () => {
  const originalTz = process.env.TZ
  afterEach(() => {
    process.env.TZ = originalTz
  })

  it.each<[string, ListExportNaming, string, string]>([
    [
      'a filtered week',
      { name: 'applications_finished', range: WEEK, filtered: true },
      'csv',
      'applications_finished_2026-11-18_2026-11-25_filtered.csv',
    ],
    [
      'the same week with the default filters',
      { name: 'applications_finished', range: WEEK, filtered: false },
      'xlsx',
      'applications_finished_2026-11-18_2026-11-25.xlsx',
    ],
    [
      'a closed day (yesterday ends 1 ms before midnight)',
      {
        name: 'applications_all',
        range: { start: Date.parse('2026-11-24T00:00:00Z'), end: Date.parse('2026-11-24T23:59:59.999Z') },
      },
      'json',
      'applications_all_2026-11-24_2026-11-24.json',
    ],
    [
      'a list without a window: the moment of the download (B292, UTC)',
      { name: 'applications_running', range: null, filtered: true },
      'csv',
      'applications_running_filtered_2026-11-25_09-05-07.csv',
    ],
    [
      'characters a file system refuses',
      { name: ' costs / "EMR": <all> ', range: WEEK },
      'csv',
      'costs_EMR_all_2026-11-18_2026-11-25.csv',
    ],
    ['nothing left of the name', { name: '///', range: WEEK }, 'csv', 'export_2026-11-18_2026-11-25.csv'],
  ])('%s → %s', (_case, naming, extension, expected) => {
    expect(listExportFileName(naming, extension, NOW, 'utc')).toBe(expected)
  })

  it.each([
    // 23:30 UTC is already the next day east of UTC, and still the same day west of it.
    ['Asia/Tokyo', 'applications_all_2026-11-25_2026-11-26.csv'],
    ['America/New_York', 'applications_all_2026-11-24_2026-11-25.csv'],
  ])('the days are those of the display zone: in %s local time %s', (tz, expected) => {
    process.env.TZ = tz
    const range = { start: Date.parse('2026-11-24T23:30:00Z'), end: Date.parse('2026-11-25T23:30:00Z') }
    expect(listExportFileName({ name: 'applications_all', range }, 'csv', NOW, 'local')).toBe(expected)
    expect(listExportFileName({ name: 'applications_all', range }, 'csv', NOW, 'utc')).toBe(
      'applications_all_2026-11-24_2026-11-25.csv',
    )
  })
})
