import { bigQueryCentsUsd, bigQueryCentsPlain } from '@costlens/shared'
import { describe, expect, it } from 'vitest'
import { slotTime } from './job-format.tsx'

describe('BigQuery figures', () => {
  it.each([
    [0, '0s'], // a pending job or a cache hit used no slots: not '<1s'
    [260_000, '4m 20s'],
    [7_200_000, '2h'],
  ])('slot time of %i slot-ms reads %s', (slotMs, text) => {
    expect(slotTime(slotMs)).toBe(text)
  })

  it('B158 shows cents as USD with 4 decimals, grouped on screen and plain in a file', () => {
    expect(bigQueryCentsUsd(123_456.7)).toBe('$ 1,234.5670')
    expect(bigQueryCentsPlain(123_456.7)).toBe('1234.5670')
  })
})
