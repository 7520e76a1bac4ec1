import { describe, expect, it } from 'vitest'
import { documentedStartText } from './documented-apps-search.ts'

describe("documentedStartText (the real product's start_time: MM/DD/YY HH:MM:SS, UTC)", () => {
  it.each([
    [Date.UTC(2019, 5, 26, 10, 28, 18, 403), '06/26/19 10:28:18'],
    [Date.UTC(2026, 0, 1, 0, 0, 0), '01/01/26 00:00:00'],
    [Date.UTC(2026, 11, 31, 23, 59, 59), '12/31/26 23:59:59'],
  ])('%i is %s', (ms, text) => expect(documentedStartText(ms)).toBe(text))
})
