import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePageClock } from './page-clock.ts'

afterEach(() => vi.useRealTimers())

describe('usePageClock', () => {
  it('02 §4 B204 keeps one now for the visit, moved forward by each poll (120 s) and by tick', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') })
    const { result } = renderHook(() => usePageClock(120_000))
    const opened = result.current.now
    act(() => vi.advanceTimersByTime(119_000))
    expect(result.current.now).toBe(opened)
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.now).toBe(opened + 120_000)
    act(() => vi.advanceTimersByTime(5_000))
    act(() => result.current.tick())
    expect(result.current.now).toBe(opened + 125_000)
  })
})
