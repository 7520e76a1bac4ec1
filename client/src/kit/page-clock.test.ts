import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startOpeningClock, usePageClock } from './page-clock.ts'

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

  describe('issue 18: the opening clock of a page load', () => {
    afterEach(() => window.history.replaceState(null, '', '/'))

    it('is the clock of pages mounting at its address soon after, so they build the requests already started', () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') })
      window.history.replaceState(null, '', '/jobs/applications')
      const opened = startOpeningClock('/jobs/applications')
      vi.advanceTimersByTime(2_000)
      expect(renderHook(() => usePageClock()).result.current.now).toBe(opened)
      // Mounted again on the way (the shell re-keys its outlet): the same clock.
      expect(renderHook(() => usePageClock()).result.current.now).toBe(opened)
    })

    it('is forgotten once the console has moved elsewhere, and too old after 10 s', () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') })
      window.history.replaceState(null, '', '/data/tables')
      startOpeningClock('/jobs/applications')
      vi.advanceTimersByTime(1_000)
      expect(renderHook(() => usePageClock()).result.current.now).toBe(Date.now())
      window.history.replaceState(null, '', '/jobs/applications')
      expect(renderHook(() => usePageClock()).result.current.now).toBe(Date.now())
      const opened = startOpeningClock('/jobs/applications')
      vi.advanceTimersByTime(10_001)
      expect(renderHook(() => usePageClock()).result.current.now).not.toBe(opened)
    })
  })
})
