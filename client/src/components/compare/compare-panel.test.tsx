import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { compareStorageKey } from '@costlens/shared'
import { renderWithProviders, signedIn } from '../../../test/render.tsx'
import { makeStore } from '../../app/store.ts'
import { ComparePanel } from './compare-panel.tsx'
import { compareToggled, storedSelections } from './compare-slice.ts'

beforeEach(() => localStorage.clear())

function render(ids: string[]) {
  localStorage.setItem(compareStorageKey('query'), JSON.stringify(ids))
  const store = makeStore(signedIn())
  return renderWithProviders(<ComparePanel type="query" />, { store, route: '/query/list' })
}

describe('ComparePanel', () => {
  it('B264 is not shown while nothing is selected', () => {
    render([])
    expect(screen.queryByRole('complementary', { name: 'Compare Queries' })).toBeNull()
  })

  it('B264 shows the count, and the ids as detail links once the pointer enters; closes on leave', async () => {
    render(['q1', 'q2'])
    const panel = screen.getByRole('complementary', { name: 'Compare Queries' })
    expect(panel).toHaveTextContent('2')
    expect(screen.queryByRole('link', { name: 'q1' })).toBeNull()
    fireEvent.mouseEnter(panel)
    expect(screen.getByRole('link', { name: 'q1' })).toHaveAttribute('href', '/query/q1/details')
    expect(screen.getByRole('link', { name: 'q2' })).toHaveAttribute('href', '/query/q2/details')
    fireEvent.mouseLeave(panel)
    expect(screen.queryByRole('link', { name: 'q1' })).toBeNull()
  })

  it('opens from the keyboard too, and removes one id', async () => {
    const { user, store } = render(['q1', 'q2'])
    await user.tab()
    expect(screen.getByRole('button', { name: /Compare Queries/ })).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByRole('button', { name: 'Remove q1 from compare' }))
    expect(store.getState().compare.query).toEqual(['q2'])
    expect(JSON.parse(localStorage.getItem(compareStorageKey('query'))!)).toEqual(['q2'])
  })

  it('B262 Compare goes to /query/compare?ids=q1,q2 and clears the selection', async () => {
    const { user, router, store } = render(['q1', 'q2'])
    fireEvent.mouseEnter(screen.getByRole('complementary', { name: 'Compare Queries' }))
    await user.click(screen.getByRole('button', { name: 'Compare' }))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/query/compare?ids=q1,q2'),
    )
    expect(store.getState().compare.query).toEqual([])
    expect(localStorage.getItem(compareStorageKey('query'))).toBe('[]')
  })
})

describe('ComparePanel never covers the end of the page (issue 16)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reserves room below the page as tall as the panel and its margins', async () => {
    // The panel's height as a browser measures it (jsdom lays nothing out).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          const size = [{ inlineSize: 300, blockSize: 172 }]
          const entry = { target, borderBoxSize: size, contentBoxSize: size, contentRect: { height: 172 } }
          this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver)
        }
        unobserve() {}
        disconnect() {}
      },
    )
    render(['q1', 'q2'])
    const room = screen.getByTestId('compare-panel-room')
    await waitFor(() => expect(room.style.height).toBe('calc(172px + var(--compare-panel-margins))'))
    // It comes after the page's content, in the flow, so scrolled to the end the rows sit above it.
    const panel = screen.getByRole('complementary', { name: 'Compare Queries' })
    expect(room.nextElementSibling).toBe(panel)
  })
})

describe('compare selections', () => {
  it('B263 are read back per type from storage, bad entries dropped', () => {
    localStorage.setItem(compareStorageKey('query'), JSON.stringify(['a', 'a', 'b', 'c']))
    localStorage.setItem(compareStorageKey('job'), 'not json')
    expect(storedSelections()).toEqual({ query: ['a', 'b'], job: [] })
  })

  it('B260 never hold duplicates or more than two', () => {
    const store = makeStore()
    for (const id of ['a', 'b', 'c']) store.dispatch(compareToggled({ type: 'query', id }))
    expect(store.getState().compare.query).toEqual(['a', 'b'])
    store.dispatch(compareToggled({ type: 'job', id: 'j1' }))
    expect(store.getState().compare).toEqual({ query: ['a', 'b'], job: ['j1'] })
  })
})
