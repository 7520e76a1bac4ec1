import '@testing-library/jest-dom/vitest'
import { notifications } from '@mantine/notifications'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'

// The window outlives a test file (test/shared-jsdom.ts): each file starts from a blank page, as
// it would in a window of its own.
beforeAll(() => {
  vi.useRealTimers()
  // Mantine keeps its notifications in a module of its own, shared by the files too.
  notifications.clean()
  ;(document.activeElement as HTMLElement | null)?.blur?.()
  for (const element of [...document.documentElement.children])
    if (element !== document.head && element !== document.body) element.remove()
  document.body.innerHTML = ''
  document.title = ''
  localStorage.clear()
  sessionStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = (cookie.split('=')[0] ?? '').trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  window.history.replaceState(null, '', '/')
})

afterEach(() => cleanup())
// A toast a test left (an export's failure message stays 10 s) must not be the next test's alert.
afterEach(() => notifications.clean())
// A table remembers its column choices in local storage: each test starts from the defaults.
afterEach(() => {
  for (const key of Object.keys(localStorage))
    if (key.startsWith('costlens.table-columns.')) localStorage.removeItem(key)
})

// Mantine reads these browser APIs that jsdom lacks.
const { getComputedStyle } = window
window.getComputedStyle = (elt) => getComputedStyle(elt)
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub
Element.prototype.scrollIntoView ??= () => {}
// Highcharts feature-tests CSS on load; jsdom has no CSS.supports.
globalThis.CSS ??= {} as typeof CSS
CSS.supports ??= () => false
// Then Highcharts may load: its charts draw without recomputing the page's styles for every text
// (the module says why).
await import('./highcharts-in-jsdom.ts')
// A test's stubbed fetch (stubApi) never leaks into the next test.
afterEach(() => vi.unstubAllGlobals())
