import { describe, expect, it } from 'vitest'
import { durationText } from './documented-chargeback.ts'

describe('durationText (the real product\'s "2Y 8M 8D 16h 44m 45s")', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [3_600, '1h 0m 0s'],
    [86_400 + 61, '1D 0h 1m 1s'],
    [2 * 365 * 86_400 + 8 * 30 * 86_400 + 8 * 86_400 + 16 * 3_600 + 44 * 60 + 45, '2Y 8M 8D 16h 44m 45s'],
    [-5, '0s'],
  ])('%i s is %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text)
  })
})
